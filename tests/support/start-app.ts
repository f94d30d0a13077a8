import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNpm } from './npm-start';

/** The operator account every app started here has. */
export const E2E_OPERATOR = { email: 'ops@akuafo.demo', password: 'Akuafo#2026' };

export interface RunningApp {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The real `npm start` (build, migrate, seed, serve) with a fresh data folder and its own build
 * folder, an operator account, and no drain delay; stop() ends it and removes the folder.
 */
export async function startApp(env: Record<string, string | undefined> = {}): Promise<RunningApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'akuafo-e2e-'));
  const app = await startNpm({
    DATA_DIR: dataDir,
    STATIC_DIR: join(dataDir, 'dist'),
    // E2E_LOG_LEVEL=info shows the server's refused and slow requests when a test needs explaining.
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    ADMIN_EMAIL: E2E_OPERATOR.email,
    ADMIN_PASSWORD: E2E_OPERATOR.password,
    DRAIN_DELAY_MS: '0',
    // The demo's 12 weeks of market trade stay out unless a test asks (they are orders of the demo sellers).
    SEED_HISTORY: 'none',
    ...env,
  });
  const stop = async () => {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseUrl: app.baseUrl, dataDir, stop };
}
