import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { loadConfig, type Config } from './config';
import { createDeps } from './deps';
import { createLogger } from './platform/logging';
import { startNotBroughtJob, startOverdueRefusalsJob, startRefundJob, startReservationSweep } from './modules/orders';
import { startPayoutJob } from './modules/payouts';
import { startPriceIndexJob } from './modules/market-prices';
import { startLateLoadsJob } from './modules/transport';
import { startWhatsAppJob } from './modules/whatsapp';

/** After the drain, requests still in flight get this long before the process exits anyway. */
const IN_FLIGHT_GRACE_MS = 10_000;
/**
 * Against slow clients holding connections open: the headers must arrive within 20 s and the
 * whole request (five 5 MB photos over a slow 3G link included) within 5 minutes. Node checks
 * these every connectionsCheckingInterval (30 s by default, so a late check could double them).
 */
export const SERVER_TIMEOUTS = { headersTimeout: 20_000, requestTimeout: 300_000, connectionsCheckingInterval: 5_000 } as const;

/** config -> database -> app -> listen, and a graceful stop on SIGTERM / Ctrl-C. */
export async function main(config: Config = loadConfig()) {
  const logger = createLogger(config.logLevel);
  const { deps, close } = await createDeps(config, logger, undefined, { processMetrics: true });
  const app = createApp(deps);
  deps.messages.start();
  const refunds = startRefundJob(deps);
  const payouts = startPayoutJob(deps);
  const priceIndex = startPriceIndexJob(deps);
  const notBrought = startNotBroughtJob(deps);
  const lateLoads = startLateLoadsJob(deps);
  const overdueRefusals = startOverdueRefusalsJob(deps);
  const whatsapp = startWhatsAppJob(deps);
  // There is no scheduler: lapsed reservations are also released on this timer. It was started
  // by the checkout routes, so every app a test made kept its timer, and the app with it.
  const reservationSweep = startReservationSweep(deps.db, deps.logger, deps.metrics.reservationSweeps);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host, serverOptions: SERVER_TIMEOUTS });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  logger.info({ port, database: deps.dialect, url: config.publicUrl }, 'Akuafo Market is serving');

  /**
   * Drain: /readyz fails first and answers close their connections, so the balancer moves
   * away while this instance still answers; then it stops listening, lets the requests in
   * flight finish, and exits.
   */
  const stop = async (signal: string, drainMs: number) => {
    if (deps.lifecycle.draining) return;
    deps.lifecycle.draining = true;
    logger.info({ signal, drainMs }, 'draining: readiness fails, still answering');
    await sleep(drainMs);
    logger.info('shutting down: finishing requests in flight');
    setTimeout(() => process.exit(1), IN_FLIGHT_GRACE_MS).unref();
    server.close(async () => {
      await refunds.stop();
      await payouts.stop();
      await priceIndex.stop();
      await notBrought.stop();
      await lateLoads.stop();
      await overdueRefusals.stop();
      await whatsapp.stop();
      clearInterval(reservationSweep);
      await deps.messages.stop();
      await close();
      logger.info('stopped');
      process.exit(0);
    });
    if ('closeIdleConnections' in server) server.closeIdleConnections();
  };
  process.on('SIGTERM', () => void stop('SIGTERM', config.drainDelayMs));
  // Ctrl-C is a person at a terminal, not a balancer: no drain delay.
  process.on('SIGINT', () => void stop('SIGINT', 0));
  return server;
}
