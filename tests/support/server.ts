import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createDeps } from '../../src/server/deps';
import { createLogger } from '../../src/server/platform/logging';

/** Seed artwork is keyed by content, so every test database can share one uploads folder. */
const SHARED_UPLOADS = join(tmpdir(), 'akuafo-test-uploads');

export interface TestServer {
  app: ReturnType<typeof createApp>;
  deps: Awaited<ReturnType<typeof createDeps>>['deps'];
  /** The PostgreSQL schema the test database lives in (undefined on SQLite). */
  schema: string | undefined;
  /** Calls the API in-process: `call('/products?limit=2')`. */
  call(path: string, init?: RequestInit & { json?: unknown; token?: string }): Promise<Response>;
  /** A fetch that sends requests to the app, for the client's api layer. */
  fetch: typeof fetch;
  close(): Promise<void>;
}

/**
 * A real app over a fresh database: SQLite in a temporary folder, or, when DATABASE_URL is
 * set, a schema of its own in that PostgreSQL database.
 */
export async function startTestServer(options: { seed?: boolean; env?: Record<string, string> } = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'akuafo-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    UPLOADS_DIR: SHARED_UPLOADS,
    SEED: options.seed === false ? 'none' : 'demo',
    DATABASE_URL: process.env.DATABASE_URL,
    // The bench's rounds try pool sizes (docs/performance.md); unset, the default.
    ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    PUBLIC_URL: 'http://test.local',
    // The demo's 12 weeks of market trade stay out unless a test asks (they are orders of the demo sellers).
    SEED_HISTORY: 'none',
    ...options.env,
  });
  config.staticDir = undefined;
  const schema = config.databaseUrl ? `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}` : undefined;
  const { deps, close } = await createDeps(config, createLogger('silent'), schema);
  const app = createApp(deps);
  const base = 'http://test.local';
  /** The answer once the messages its request queued are sent, so a test reads the spools right after. */
  const sent = async (response: Response | Promise<Response>) => {
    const answer = await response;
    await deps.messages.drain();
    return answer;
  };
  return {
    app,
    deps,
    schema,
    async call(path, init = {}) {
      const { json, token, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (json !== undefined) headers.set('content-type', 'application/json');
      if (token) headers.set('authorization', `Bearer ${token}`);
      const url = path.startsWith('/api/') || path.startsWith('/media/') || ['/healthz', '/readyz', '/metrics'].includes(path) ? path : `/api/v1${path}`;
      return sent(app.request(base + url, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body }));
    },
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => sent(app.fetch(new Request(input, init)))) as typeof fetch,
    async close() {
      if (schema) await deps.db.schema.dropSchema(schema).ifExists().cascade().execute().catch(() => undefined);
      await close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The e-mails the server wrote to its spool (DATA_DIR/mail), oldest first, as raw text. */
export function readMailSpool(server: TestServer): { file: string; raw: string; to: string; subject: string; body: string }[] {
  const dir = join(server.deps.config.dataDir, 'mail');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .map((file) => {
      const raw = readFileSync(join(dir, file), 'utf8');
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim() ?? '';
      const body = raw.slice(raw.indexOf('\n\n') + 2).replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
      return { file, raw, to: header('To'), subject: header('Subject'), body };
    });
}
