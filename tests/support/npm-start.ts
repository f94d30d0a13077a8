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

/** What `npm start` is run with here: a free port, SQLite, and the environment given (undefined removes a variable). */
function startEnv(port: number, env: Record<string, string | undefined>): Record<string, string | undefined> {
  const baseUrl = `http://127.0.0.1:${port}`;
  return { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl, DATABASE_URL: '', ...env };
}

/**
 * Runs the real `npm start` expecting it to refuse to start: resolves with its exit code and
 * what it wrote to stderr. If it answers /healthz instead, it is stopped and `served` is true.
 */
export async function npmStartRefusal(env: Record<string, string | undefined>): Promise<{ code: number | null; stderr: string; served: boolean }> {
  const port = await freePort();
  const child = spawn('npm', ['start'], { env: startEnv(port, env), stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (;;) {
    const code = await Promise.race([exited, new Promise<'running'>((r) => setTimeout(() => r('running'), 500))]);
    if (code !== 'running') return { code, stderr, served: false };
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.ok, () => false);
    if (up) {
      process.kill(-child.pid!, 'SIGTERM');
      return { code: await exited, stderr, served: true };
    }
  }
}

/**
 * Runs the real `npm start` (build if stale, migrate, seed, serve) on a free port with the
 * environment given, and resolves once /healthz answers. `stdout` may be a file descriptor
 * (the log), so a bench does not pay for reading it.
 */
export async function startNpm(env: Record<string, string | undefined>, stdout: 'inherit' | number = 'inherit'): Promise<RunningApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn('npm', ['start'], {
    env: startEnv(port, env),
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
