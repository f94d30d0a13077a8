import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { loadConfig, type Config } from './config';
import { createDeps } from './deps';
import { createLogger } from './platform/logging';

/** config -> database -> app -> listen, and a graceful stop on SIGTERM / Ctrl-C. */
export async function main(config: Config = loadConfig()) {
  const logger = createLogger(config.logLevel);
  const { deps, close } = await createDeps(config, logger);
  const app = createApp(deps);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  logger.info({ port, database: deps.dialect, url: config.publicUrl }, 'Akuafo Market is serving');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    server.close(async () => {
      await close();
      clearTimeout(force);
      logger.info('stopped');
      process.exit(0);
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  return server;
}
