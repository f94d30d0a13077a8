import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The real server process: it starts, answers, and stops cleanly on SIGTERM. */
describe('server process', () => {
  it('drains on SIGTERM: readiness fails first, requests in flight finish, then it exits', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'akuafo-life-'));
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', "import('./src/server/main.ts').then((m) => m.main())"], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        UPLOADS_DIR: join(tmpdir(), 'akuafo-test-uploads'),
        STATIC_DIR: join(dataDir, 'no-build'),
        DATABASE_URL: '',
        LOG_LEVEL: 'info',
        DRAIN_DELAY_MS: '1500',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (chunk) => (log += chunk));
    child.stderr.on('data', (chunk) => (log += chunk));
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start:\n${log}`)), 60_000);
      child.stdout.on('data', () => {
        const match = /"port":(\d+)/.exec(log);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
    });
    const base = `http://127.0.0.1:${port}`;
    expect(await (await fetch(`${base}/healthz`)).json()).toEqual({ status: 'ok' });

    // Signal while a large answer is on its way: it must still arrive whole.
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const response = await fetch(`${base}/api/v1/sync/catalogue?since=0&limit=1000`, { headers: { 'accept-encoding': 'gzip' } });
    child.kill('SIGTERM');
    // Draining: the balancer is told to go away while answers still come. (The signal arrives
    // on its own clock: on a busy machine the first look may still find the instance ready.)
    let readiness = await fetch(`${base}/readyz`);
    for (let tries = 0; readiness.status === 200 && tries < 20; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      readiness = await fetch(`${base}/readyz`);
    }
    expect(readiness.status).toBe(503);
    expect(readiness.headers.get('connection')).toBe('close');
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const body = (await response.json()) as { data: { products: unknown[]; hasMore: boolean } };
    expect(response.status).toBe(200);
    expect(body.data.products.length).toBeGreaterThanOrEqual(60);
    expect(body.data.hasMore).toBe(false);
    expect(await exited).toBe(0);
    expect(log).toContain('shutting down');
    expect(log).toContain('"msg":"stopped"');
    rmSync(dataDir, { recursive: true, force: true });
  });
});
