import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createDeps } from '../../src/server/deps';
import { createLogger } from '../../src/server/platform/logging';
import { copyTemplate, type SeedShape } from './db-templates';

/** Seed artwork is keyed by content, so every test database can share one uploads folder. */
const SHARED_UPLOADS = join(tmpdir(), 'akuafo-test-uploads');

export interface TestServer {
  app: ReturnType<typeof createApp>;
  deps: Awaited<ReturnType<typeof createDeps>>['deps'];
  /** The PostgreSQL schema the test database lives in, when it is not a database of its own (undefined on SQLite). */
  schema: string | undefined;
  /** Calls the API in-process: `call('/products?limit=2')`. */
  call(path: string, init?: RequestInit & { json?: unknown; token?: string }): Promise<Response>;
  /** A fetch that sends requests to the app, for the client's api layer. */
  fetch: typeof fetch;
  close(): Promise<void>;
}

/**
 * Settings a test may give that leave the seeded database as it would be without them: with
 * only these (and SEED_HISTORY) the server starts from a copy of the run's template for its
 * seed (db-templates.ts). Any other setting (object storage, payments, a data folder of its own)
 * may change what seeding writes, so that server migrates and seeds its own database, as all did.
 */
const SEED_NEUTRAL = new Set(['SEED_HISTORY', 'PUSH_ALLOW_HOSTS', 'USSD_CALLBACK_TOKEN', 'SMS_CALLBACK_TOKEN', 'METRICS_TOKEN', 'WHATSAPP_VERIFY_TOKEN', 'WHATSAPP_APP_SECRET', 'WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_API_URL']);

type ServerEnv = Record<string, string>;
const testConfig = (dataDir: string, options: { seed?: boolean; env?: ServerEnv }, databaseUrl: string | undefined) =>
  loadConfig({
    DATA_DIR: dataDir,
    UPLOADS_DIR: SHARED_UPLOADS,
    SEED: options.seed === false ? 'none' : 'demo',
    DATABASE_URL: databaseUrl,
    // The bench's rounds try pool sizes (docs/performance.md); unset, the default.
    ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    PUBLIC_URL: 'http://test.local',
    // The demo's 12 weeks of market trade stay out unless a test asks (they are orders of the demo sellers).
    SEED_HISTORY: 'none',
    ...options.env,
  });

/** The template a server with these options starts from, or undefined: it makes its own. */
function seedShapeOf(options: { seed?: boolean; env?: ServerEnv }): SeedShape | undefined {
  if (Object.keys(options.env ?? {}).some((name) => !SEED_NEUTRAL.has(name))) return undefined;
  if (options.seed === false) return 'bare';
  return options.env?.SEED_HISTORY === 'demo' ? 'demo-history' : 'demo';
}

/** Migrates and seeds a template as a server with these options would at start, then closes it. */
const buildTemplate = (options: { seed?: boolean; env?: ServerEnv }) => async (target: { dataDir: string; databaseUrl?: string }) => {
  const { close } = await createDeps(testConfig(target.dataDir, options, target.databaseUrl), createLogger('silent'));
  await close();
};

/**
 * A real app over a fresh database of its own: a copy of the run's migrated and seeded template
 * (a SQLite file in a temporary folder, or, when DATABASE_URL is set, a PostgreSQL database
 * beside it), or one it migrates and seeds itself (seedShapeOf).
 */
export async function startTestServer(options: { seed?: boolean; env?: ServerEnv } = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'akuafo-test-'));
  const baseUrl = process.env.DATABASE_URL || undefined;
  const shape = seedShapeOf(options);
  const copy = shape ? await copyTemplate(shape, dataDir, baseUrl, buildTemplate(options)) : undefined;
  const config = testConfig(dataDir, options, copy ? copy.databaseUrl : baseUrl);
  config.staticDir = undefined;
  // A server that made its own database on PostgreSQL works in a schema of its own in DATABASE_URL's.
  const schema = config.databaseUrl && !copy ? `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}` : undefined;
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
      // DROP DATABASE takes most of a second on PostgreSQL: it goes on while the next test
      // starts, and what a worker ending mid-drop leaves, the run's teardown drops (db-run.ts).
      copy?.drop().catch(() => undefined);
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
