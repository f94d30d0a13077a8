import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { browserAvailable } from '../support/browser';
import { startApp } from '../support/start-app';
import { E2E_WORKERS } from './workers';
import type {} from './servers';

/** The operator account of the e2e server (tests/e2e/security-headers.test.ts signs in as it). */
export { E2E_OPERATOR } from '../support/start-app';

/**
 * The e2e tests run against the real `npm start`, one server per worker (tests/e2e/servers.ts),
 * stopped when they are done. The first builds the PWA; the others serve that build (not stale,
 * so not built again) from data folders of their own, started side by side.
 */
export default async function setup(project: TestProject) {
  if (!browserAvailable()) {
    project.provide('e2eServers', []);
    return;
  }
  const first = await startApp();
  const others = await Promise.allSettled(Array.from({ length: E2E_WORKERS - 1 }, () => startApp({ STATIC_DIR: join(first.dataDir, 'dist') })));
  const apps = [first, ...others.flatMap((started) => (started.status === 'fulfilled' ? [started.value] : []))];
  const stop = async () => {
    // The other servers serve the first one's build folder: they stop first.
    await Promise.all(apps.slice(1).map((app) => app.stop()));
    await first.stop();
  };
  const failed = others.find((started) => started.status === 'rejected');
  if (failed) {
    await stop();
    throw failed.reason;
  }
  project.provide('e2eServers', apps.map(({ baseUrl, dataDir }) => ({ baseUrl, dataDir })));
  return stop;
}
