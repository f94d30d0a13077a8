import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export interface RunningApp {
  baseUrl: string;
  child: ChildProcess;
  /** SIGTERM to the whole process group, waiting up to 10 s for the exit. */
  stop(): Promise<void>;
}

/**
 * Runs the real `npm start` (build if stale, migrate, seed, serve) on a free port with the
 * environment given, and resolves once /healthz answers. `stdout` may be a file descriptor
 * (the log), so a bench does not pay for reading it.
 */
export async function startNpm(env: Record<string, string>, stdout: 'inherit' | number = 'inherit'): Promise<RunningApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn('npm', ['start'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, DATABASE_URL: '', ...env },
    stdio: ['ignore', stdout, 'inherit'],
    detached: true,
  });
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('npm start did not answer /healthz within 5 minutes');
    // Often enough that `npm run bench start` times the start, not the wait.
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    baseUrl,
    child,
    async stop() {
      const stopped = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid!, 'SIGTERM');
      await Promise.race([stopped, new Promise((r) => setTimeout(r, 10_000))]);
    },
  };
}
