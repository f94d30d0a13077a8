import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** Real processes for the fleet test: instances of the server and nginx in front of them. */

export const NGINX = '/usr/sbin/nginx';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export async function waitFor(url: string, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(url).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not become ready`);
}

export interface Instance {
  port: number;
  url: string;
  process: ChildProcess;
  log: string;
  exited: Promise<number | null>;
}

/** One server process (the real main, API only) on a fixed port, so a restart comes back where nginx expects it. */
export function startInstance(port: number, env: Record<string, string>): Instance {
  const child = spawn(process.execPath, ['--import', 'tsx', '-e', "import('./src/server/main.ts').then((m) => m.main())"], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const instance: Instance = {
    port,
    url: `http://127.0.0.1:${port}`,
    process: child,
    log: '',
    exited: new Promise((resolve) => child.once('exit', resolve)),
  };
  child.stdout!.on('data', (chunk) => (instance.log += chunk));
  child.stderr!.on('data', (chunk) => (instance.log += chunk));
  return instance;
}

/**
 * nginx as a non-daemon child with its own config and temp folders (no root needed on a high
 * port). Idempotent requests that meet a dead or draining instance go to the next one.
 */
export function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  const temp = (name: string) => join(dir, name);
  return `
worker_processes 1;
daemon off;
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  upstream akuafo {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 30m;
    # nginx closes a client's keep-alive connection after 1,000 requests by default; the load
    # generator pipelines its next request into that close and reads a reset, which a browser
    # retries on its own. Load tests measure the fleet, not that: keep connections open.
    keepalive_requests 1000000;
    location = /metrics { return 404; }
    location / {
      proxy_pass http://akuafo;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_connect_timeout 2s;
      proxy_next_upstream error timeout http_502 http_503 http_504;
      proxy_next_upstream_tries 3;
    }
  }
}
`;
}

export async function startNginx(dir: string, port: number, upstreams: number[]) {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, nginxConfig(dir, port, upstreams));
  const child = spawn(NGINX, ['-p', dir, '-c', file, '-e', join(dir, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stderr.on('data', (chunk) => (log += chunk));
  const until = Date.now() + 10_000;
  while (!(await fetch(`http://127.0.0.1:${port}/healthz`).then(() => true, () => false))) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`nginx did not start: ${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: `http://127.0.0.1:${port}`, stop: () => child.kill('SIGQUIT') };
}

export const nginxAvailable = () => existsSync(NGINX);
