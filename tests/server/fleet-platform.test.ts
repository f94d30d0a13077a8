import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createDeps } from '../../src/server/deps';
import { createLogger } from '../../src/server/platform/logging';
import { loadSigningKeys, rotateSigningKey } from '../../src/server/platform/auth/signing-keys';
import { createTokenSigner } from '../../src/server/platform/auth/tokens';
import { createSharedRateLimiter } from '../../src/server/platform/rate-limit';
import { startS3Server } from '../support/s3';
import { VALID_PRODUCT, pngImage, productForm, tokenFor } from '../support/sellers';
import { startTestServer, type TestServer } from '../support/server';

/** What lets instances share one database: signing keys, rate limits, object storage, health and metrics. */
let server: TestServer;
let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server();
  // No JWT_SECRET: the signing keys are generated into the database.
  server = await startTestServer({ env: { JWT_SECRET: '', METRICS_TOKEN: 'metrics-test-token', ...s3.env } });
});
afterAll(async () => {
  await server.close();
  await s3.close();
});

const user = { id: 7, userType: 'CUSTOMER' as const, email: 'ama@example.com' };

describe('signing keys in the database', () => {
  it('marks tokens with a key id that another instance on the same database verifies', async () => {
    const other = await loadSigningKeys(server.deps.db, undefined);
    const { token } = await server.deps.tokens.signAccessToken(user);
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid).toBe(other.current().kid);
    expect(await createTokenSigner(other).verifyAccessToken(token)).toEqual(user);
    other.stop();
  });

  it('keeps verifying tokens of a rotated key, signs with the new one, and refuses unknown keys', async () => {
    const { token: old } = await server.deps.tokens.signAccessToken(user);
    const kid = await rotateSigningKey(server.deps.db);
    const restarted = await loadSigningKeys(server.deps.db, undefined);
    expect(restarted.current().kid).toBe(kid);
    const signer = createTokenSigner(restarted);
    expect(await signer.verifyAccessToken(old)).toEqual(user);
    const { token: fresh } = await signer.signAccessToken(user);
    expect(await server.deps.tokens.verifyAccessToken(fresh)).toEqual(user);
    const [, payload, signature] = fresh.split('.');
    const forged = `${Buffer.from(JSON.stringify({ alg: 'HS256', kid: 'nope' })).toString('base64url')}.${payload}.${signature}`;
    expect(await signer.verifyAccessToken(forged)).toBeUndefined();
    restarted.stop();
  });

  it('still accepts JWT_SECRET, and tokens signed with it before keys had ids', async () => {
    const configured = createTokenSigner(await loadSigningKeys(server.deps.db, 'a-configured-secret-long-enough-for-hs256'));
    const { token } = await configured.signAccessToken(user);
    expect(await configured.verifyAccessToken(token)).toEqual(user);
    expect(await server.deps.tokens.verifyAccessToken(token)).toBeUndefined();
  });
});

describe('shared rate limits', () => {
  it('counts concurrent hits from several limiters on one table exactly', async () => {
    const limiters = [createSharedRateLimiter(server.deps.db), createSharedRateLimiter(server.deps.db)];
    const verdicts = await Promise.all(Array.from({ length: 12 }, (_, i) => limiters[i % 2]!.hit('test:shared', 5, 60_000)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
    expect(await limiters[0]!.count('test:shared')).toBe(12);
    await limiters[1]!.reset('test:shared');
    expect(await limiters[0]!.count('test:shared')).toBe(0);
    limiters.forEach((l) => l.stop());
  });

  it('starts a new window when the old one is over', async () => {
    let t = Date.now();
    const limiter = createSharedRateLimiter(server.deps.db, () => t);
    expect((await limiter.hit('test:window', 1, 1000)).allowed).toBe(true);
    expect((await limiter.hit('test:window', 1, 1000)).allowed).toBe(false);
    t += 1001;
    expect((await limiter.hit('test:window', 1, 1000)).allowed).toBe(true);
    limiter.stop();
  });
});

describe('uploads in an S3-compatible store', () => {
  it('stores a seller photo in the bucket and serves it from /media', async () => {
    const token = await tokenFor(server, 'kofi.farms@akuafo.demo');
    const res = await server.call('/product-submissions', { method: 'POST', token, body: productForm(VALID_PRODUCT, [{ name: 'leaf.png', data: await pngImage() }]) });
    expect(res.status).toBe(201);
    const url = ((await res.json()) as { data: { imagesUrls: string[] } }).data.imagesUrls[0]!;
    const key = url.replace(/^\/media\//, '');
    expect((await server.deps.storage.get(key))?.subarray(8, 12).toString()).toBe('WEBP');
    const image = await server.call(url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect((await server.call(url.replace(/[a-f0-9]{24}/, '0'.repeat(24)))).status).toBe(404);
  });
});

describe('health, readiness and metrics', () => {
  it('is ready when started and not draining, and not ready while draining', async () => {
    expect((await server.call('/healthz')).status).toBe(200);
    expect(await (await server.call('/readyz')).json()).toEqual({ status: 'ready' });
    server.deps.lifecycle.draining = true;
    const draining = await server.call('/readyz');
    expect(draining.status).toBe(503);
    expect(await draining.json()).toMatchObject({ code: 'draining' });
    expect((await server.call('/healthz')).headers.get('connection')).toBe('close');
    server.deps.lifecycle.draining = false;
  });

  it('serves Prometheus text with the token only', async () => {
    await server.call('/products?limit=1');
    expect((await server.call('/metrics')).status).toBe(404);
    expect((await server.call('/metrics', { headers: { authorization: 'Bearer wrong' } })).status).toBe(404);
    const res = await server.call('/metrics', { headers: { authorization: 'Bearer metrics-test-token' } });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/akuafo_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/products",status="200"\} \d+/);
    expect(text).toContain('# TYPE akuafo_reservation_sweep_runs_total counter');
    // The message outbox: its depth and failures per channel, read from the shared table.
    const at = new Date().toISOString();
    const row = { recipient: '+233241234567', user_id: null, push_subscription_id: null, topic: 'orders', subject: null, body: 'x', html: null, link: null, attempts: 12, next_attempt_at: at, last_error: 'gateway down', created_at: at, sent_at: null, updated_at: at };
    const failed = await server.deps.db.selectFrom('messages').select((eb) => eb.fn.countAll<string | number>().as('n')).where('status', '=', 'FAILED').where('channel', '=', 'sms').executeTakeFirstOrThrow();
    await server.deps.db.insertInto('messages').values({ ...row, channel: 'sms', status: 'FAILED' }).execute();
    const scraped = await (await server.call('/metrics', { headers: { authorization: 'Bearer metrics-test-token' } })).text();
    expect(scraped).toContain(`akuafo_outbox_failed{channel="sms"} ${Number(failed.n) + 1}`);
    expect(scraped).toMatch(/akuafo_outbox_depth\{channel="email"\} \d+/);
    if (server.deps.dialect === 'postgres') expect(text).toMatch(/akuafo_db_pool_connections\{state="total"\} \d+/);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('start-up on a shared PostgreSQL database', () => {
  // The demo's seeding (weeks of trade through the services, loads carried from end to end) takes
  // 15-45 s on PostgreSQL on a busy 2-CPU machine: this test is about seeding once, not its speed.
  it('lets instances started at the same moment on an empty database all come up, seeding once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'akuafo-startup-'));
    const schema = `t_start_${Date.now().toString(36)}`;
    const config = loadConfig({ DATA_DIR: dataDir, UPLOADS_DIR: join(tmpdir(), 'akuafo-test-uploads'), DATABASE_URL: process.env.DATABASE_URL, ADMIN_EMAIL: 'ops@akuafo.test', ADMIN_PASSWORD: 'Operator#2026' });
    // The empty schema stands for the operator's empty database (only tests share one database between schemas).
    await server.deps.db.schema.createSchema(schema).execute();
    const started = await Promise.all([1, 2, 3].map(() => createDeps(config, createLogger('silent'), schema)));
    const { db } = started[0]!.deps;
    const buyers = await db.selectFrom('users').select('id').where('email', 'in', ['buyer@akuafo.demo', 'ops@akuafo.test']).execute();
    expect(buyers).toHaveLength(2);
    expect(new Set(started.map((s) => s.deps.codeHmacKey)).size).toBe(1);
    await db.schema.dropSchema(schema).ifExists().cascade().execute();
    await Promise.all(started.map((s) => s.close()));
    rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);
});
