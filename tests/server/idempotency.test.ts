import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Hono } from 'hono';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../src/server/http/context';
import { HttpError, errorResponse } from '../../src/server/http/errors';
import { idempotency } from '../../src/server/http/idempotency';
import type { Cart } from '../../src/shared/schemas/cart';
import { startTestServer, type TestServer } from '../support/server';
import { productOf, tokenFor } from './cart-fixtures';

/**
 * The middleware on a tiny app whose effect is NOT idempotent by itself (a counter that goes
 * up), so "applied once" is visible; plus the real cart API through the real app.
 * Runs on SQLite, and on PostgreSQL when DATABASE_URL is set.
 */
let server: TestServer;
let probe: Hono<AppEnv>;
let failNext = false;
const counter = `idem-test-${Math.random().toString(36).slice(2)}`;

beforeAll(async () => {
  server = await startTestServer();
  await server.deps.db.insertInto('counters').values({ name: counter, value: 0 }).execute();
  const deps = server.deps;
  probe = new Hono<AppEnv>();
  probe.use('*', async (c, next) => {
    c.set('user', { id: Number(c.req.header('x-user') ?? 1), userType: 'CUSTOMER', email: 'x@y.z' });
    await next();
  });
  probe.use('*', idempotency(deps.db));
  probe.post('/bump', async (c) => {
    const db = deps.db;
    // A refusal changes nothing: no request runs in a transaction, so a handler refuses before it acts.
    if (failNext) {
      failNext = false;
      throw new HttpError(409, 'Not now');
    }
    await db.updateTable('counters').set({ value: sql`value + 1` }).where('name', '=', counter).execute();
    // Take a while, so concurrent requests with one key really overlap.
    await new Promise((r) => setTimeout(r, 50));
    const row = await db.selectFrom('counters').select('value').where('name', '=', counter).executeTakeFirstOrThrow();
    return c.json({ data: { value: Number(row.value), at: Math.random() } }, 201);
  });
  probe.post('/other', (c) => c.json({ data: 'other' }));
  probe.delete('/nothing', (c) => c.body(null, 204));
  probe.onError((error, c) => (error instanceof HttpError ? errorResponse(c, server.deps.db, error) : c.json({ message: String(error) }, 500)));
});
afterAll(() => server.close());

const value = async () => Number((await server.deps.db.selectFrom('counters').select('value').where('name', '=', counter).executeTakeFirstOrThrow()).value);
const bump = (key?: string, user = '1', path = '/bump') =>
  probe.request(`http://test.local${path}`, { method: 'POST', headers: { ...(key ? { 'idempotency-key': key } : {}), 'x-user': user } });

describe('Idempotency-Key', () => {
  it('answers a repeat with the stored response without applying it again', async () => {
    const before = await value();
    const key = crypto.randomUUID();
    const first = await bump(key);
    const firstBody = await first.text();
    expect(first.status).toBe(201);
    const again = await bump(key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toBe(firstBody);
    expect(await value()).toBe(before + 1);
  });

  it('applies two concurrent requests with one key once, and both get the same answer', async () => {
    const before = await value();
    const key = crypto.randomUUID();
    const answers = await Promise.all([bump(key), bump(key), bump(key)]);
    const bodies = await Promise.all(answers.map((r) => r.text()));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(new Set(bodies).size).toBe(1);
    expect(await value()).toBe(before + 1);
  });

  it('refuses a key reused on another path with 422', async () => {
    const key = crypto.randomUUID();
    expect((await bump(key)).status).toBe(201);
    const reused = await bump(key, '1', '/other');
    expect(reused.status).toBe(422);
    expect(await reused.json()).toMatchObject({ code: 'idempotency_key_reused' });
  });

  it('does not record failures: the same key may be retried and then applies', async () => {
    const before = await value();
    const key = crypto.randomUUID();
    failNext = true;
    const refused = await bump(key);
    expect(refused.status).toBe(409);
    expect(await value()).toBe(before);
    const retried = await bump(key);
    expect(retried.status).toBe(201);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    expect(await value()).toBe(before + 1);
  });

  it('keeps keys per user, and requests without a key are plain', async () => {
    const before = await value();
    const key = crypto.randomUUID();
    await bump(key, '1');
    await bump(key, '2');
    await bump();
    await bump();
    expect(await value()).toBe(before + 4);
  });

  it('rejects a malformed key with 400', async () => {
    const res = await bump('short');
    expect(res.status).toBe(400);
  });

  it('a repeat that outwaits a first request still running answers 503 with Retry-After (the outbox retries it), and the first applies once', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const slow = new Hono<AppEnv>();
    slow.use('*', async (c, next) => {
      c.set('user', { id: 7, userType: 'CUSTOMER', email: 'x@y.z' });
      await next();
    });
    slow.use('*', idempotency(server.deps.db, { waitMs: 0, leaseMs: 60_000 }));
    slow.post('/bump', async (c) => {
      await gate;
      await server.deps.db.updateTable('counters').set({ value: sql`value + 1` }).where('name', '=', counter).execute();
      return c.json({ data: 'done' }, 201);
    });
    slow.onError((error, c) => (error instanceof HttpError ? errorResponse(c, server.deps.db, error) : c.json({ message: String(error) }, 500)));
    const before = await value();
    const key = crypto.randomUUID();
    const post = () => slow.request('http://test.local/bump', { method: 'POST', headers: { 'idempotency-key': key } });
    const both = [post(), post()];
    // The one that did not claim the key answers while the other is held at the gate.
    const busy = await Promise.race(both);
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('5');
    expect(await busy.json()).toMatchObject({ code: 'idempotency_key_in_progress' });
    open();
    expect((await Promise.all(both)).map((r) => r.status).sort()).toEqual([201, 503]);
    const again = await post();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await value()).toBe(before + 1);
  });

  it('takes over a claim left by a request that died (older than the lease) and applies it', async () => {
    const before = await value();
    const key = crypto.randomUUID();
    const longAgo = new Date(Date.now() - 3600_000).toISOString();
    await server.deps.db.insertInto('idempotency_keys').values({ scope: 'user:1', idem_key: key, method: 'POST', path: '/bump', status: 0, body: 'a-dead-claim', created_at: longAgo }).execute();
    const res = await bump(key);
    expect(res.status).toBe(201);
    expect(res.headers.get('idempotent-replayed')).toBeNull();
    expect(await value()).toBe(before + 1);
    expect((await bump(key)).headers.get('idempotent-replayed')).toBe('true');
  });

  it('replays a 204 without a body', async () => {
    const key = crypto.randomUUID();
    const del = () => probe.request('http://test.local/nothing', { method: 'DELETE', headers: { 'idempotency-key': key } });
    expect((await del()).status).toBe(204);
    const again = await del();
    expect(again.status).toBe(204);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });
});

describe('Idempotency-Key and a later middleware', () => {
  it('the answer stays readable when an outer middleware sets a header and the old Response is garbage collected', async () => {
    // Hono re-wraps c.res when a header is set after the handler; undici cancelled the
    // stream of a cloned Response's sibling once the clone's source was collected.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const outer = new Hono<AppEnv>();
    outer.use('*', async (c, next) => {
      await next();
      c.header('x-after', 'set');
      for (let i = 0; i < 3; i++) {
        gc();
        await new Promise((r) => setTimeout(r, 10));
      }
    });
    outer.route('/', probe);
    const answer = await outer.request('http://test.local/other', { method: 'POST', headers: { 'idempotency-key': crypto.randomUUID(), 'x-user': '9' } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-after')).toBe('set');
    expect(await answer.json()).toEqual({ data: 'other' });
  });
});

describe('Idempotency-Key on the real cart API', () => {
  it('a repeated DELETE of one item answers as the first did instead of 404', async () => {
    const { token } = await tokenFor(server, 'reviewer3@akuafo.demo');
    const p = await productOf(server, 'Grains');
    const set = await server.call('/shop/cart', { method: 'POST', token, json: { productId: p.id, quantity: 2 } });
    const itemId = ((await set.json()) as { data: Cart }).data.items[0].id;
    const key = crypto.randomUUID();
    const del = () => server.call(`/shop/cart/items/${itemId}`, { method: 'DELETE', token, headers: { 'idempotency-key': key } });
    expect((await del()).status).toBe(200);
    const again = await del();
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await server.call(`/shop/cart/items/${itemId}`, { method: 'DELETE', token })).status).toBe(404);
  });

  it('two racing first adds with one key make one line and both succeed', async () => {
    const { token, id } = await tokenFor(server, 'reviewer4@akuafo.demo');
    const p = await productOf(server, 'Tubers');
    const key = crypto.randomUUID();
    const post = () => server.call('/shop/cart', { method: 'POST', token, json: { productId: p.id, quantity: 3 }, headers: { 'idempotency-key': key } });
    const answers = await Promise.all([post(), post(), post()]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const rows = await server.deps.db.selectFrom('cart_items').selectAll().where('user_id', '=', id).execute();
    expect(rows.map((r) => [r.product_id, r.quantity])).toEqual([[p.id, 3]]);
  });

  it('a refused change (409) is not stored, so a retry after the stock returns succeeds', async () => {
    const { token } = await tokenFor(server, 'reviewer5@akuafo.demo');
    const p = await productOf(server, 'Fruits');
    const key = crypto.randomUUID();
    const post = () => server.call('/shop/cart', { method: 'POST', token, json: { productId: p.id, quantity: p.stock_quantity + 5 }, headers: { 'idempotency-key': key } });
    expect((await post()).status).toBe(409);
    await server.deps.db.updateTable('products').set({ stock_quantity: p.stock_quantity + 5 }).where('id', '=', p.id).execute();
    expect((await post()).status).toBe(200);
    await server.deps.db.updateTable('products').set({ stock_quantity: p.stock_quantity }).where('id', '=', p.id).execute();
  });
});
