import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/local/api';
import { addToCart, CartError, type CartLine, cartTotals, clearCart, pullServerCart, readCart, removeFromCart, setCartQuantity, stepCartQuantity } from '../../src/local/cart';
import type { AkuafoDb } from '../../src/local/db';
import { discardEntry, enqueue, replayOutbox, retryEntry } from '../../src/local/outbox';
import { replayExclusively } from '../../src/local/replayer';
import { clearSession } from '../../src/local/session';
import type { Product } from '../../src/shared/schemas/catalogue';
import { startTestServer, type TestServer } from '../support/server';
import { phoneApi, roomyProducts, serverCart, signedInPhone } from './outbox-fixtures';

let server: TestServer;
let products: Product[];
let db: AkuafoDb;
let token: string;
let userId: number;

beforeAll(async () => {
  server = await startTestServer();
  products = await roomyProducts(server, 4);
});
afterAll(() => server.close());
beforeEach(async () => {
  ({ db, token, userId } = await signedInPhone(server, 'reviewer1@akuafo.demo'));
  await server.deps.db.deleteFrom('cart_items').where('user_id', '=', userId).execute();
});

const offline: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));

describe('cart intents on the phone', () => {
  it('apply at once, queue in order, and reach the server as the user meant', async () => {
    const [a, b, c] = products;
    await addToCart(a, 1, db);
    await addToCart(a, 1, db); // one more: becomes "set to 2"
    await addToCart(b, 3, db);
    await addToCart(c, 1, db);
    await setCartQuantity(b.id, 5, db);
    await removeFromCart(c.id, db);
    await setCartQuantity(a.id, 0, db); // below 1 is ignored
    const lines = await readCart(db);
    expect(lines.map((l) => [l.productId, l.quantity])).toEqual([[a.id, 2], [b.id, 5]]);
    expect(cartTotals(lines)).toMatchObject({ distinctItems: 2, totalItems: 7 });
    const queued = await db.outbox.orderBy('seq').toArray();
    expect(queued.map((e) => [e.method, e.path, e.body])).toEqual([
      ['POST', 'shop/cart', { productId: a.id, quantity: 1 }],
      ['POST', 'shop/cart', { productId: a.id, quantity: 2 }],
      ['POST', 'shop/cart', { productId: b.id, quantity: 3 }],
      ['POST', 'shop/cart', { productId: c.id, quantity: 1 }],
      ['POST', 'shop/cart', { productId: b.id, quantity: 5 }],
      ['POST', 'shop/cart', { productId: c.id, quantity: 0 }],
    ]);
    expect(new Set(queued.map((e) => e.entity))).toEqual(new Set(['cart']));

    const result = await replayOutbox(phoneApi(server, db), db);
    // "a to 1", "b to 3" and "c to 1" were made moot by later intents and never sent.
    expect(result).toEqual({ sent: 3, coalesced: 3, failed: 0, retryLater: false, needsSignIn: false });
    expect(await db.outbox.count()).toBe(0);
    const remote = await serverCart(server, token);
    expect(remote.items.map((i) => [i.productId, i.quantity])).toEqual([[a.id, 2], [b.id, 5]]);
    // The sent hook re-read the server: the phone now knows the server's ids and totals.
    const after = await readCart(db);
    expect(after.every((l) => l.serverId !== undefined)).toBe(true);
    expect(cartTotals(after).summary).toEqual(remote.summary);
  });

  it('counts quick taps on plus and minus from the stored quantity, not the one on screen', async () => {
    const [a] = products;
    await addToCart(a, 1, db);
    // Three taps before the screen could redraw: each starts from what the previous one stored.
    await Promise.all([stepCartQuantity(a.id, 1, db), stepCartQuantity(a.id, 1, db), stepCartQuantity(a.id, 1, db)]);
    expect((await readCart(db))[0].quantity).toBe(4);
    await Promise.all([stepCartQuantity(a.id, -1, db), stepCartQuantity(a.id, -1, db), stepCartQuantity(a.id, -1, db), stepCartQuantity(a.id, -1, db)]);
    expect((await readCart(db))[0].quantity).toBe(1); // never below 1
    await db.cart.put({ ...(await db.cart.get(a.id))!, stockQuantity: 2 } as CartLine);
    await stepCartQuantity(a.id, 1, db);
    await expect(stepCartQuantity(a.id, 1, db)).rejects.toMatchObject({ reason: 'stock', message: 'Only 2 left in stock' });
    const queued = await db.outbox.orderBy('seq').toArray();
    expect(queued.map((e) => (e.body as { quantity: number }).quantity)).toEqual([1, 2, 3, 4, 3, 2, 1, 2]);
  });

  it('a clear is never overtaken: edits before it are gone, edits after it stay', async () => {
    const [a, b] = products;
    await addToCart(a, 2, db);
    await clearCart(db);
    await addToCart(b, 1, db);
    expect((await readCart(db)).map((l) => l.productId)).toEqual([b.id]);
    await replayOutbox(phoneApi(server, db), db);
    expect((await serverCart(server, token)).items.map((i) => [i.productId, i.quantity])).toEqual([[b.id, 1]]);
  });

  it('needs sign-in to add, and refuses what the shelf cannot give', async () => {
    await expect(addToCart({ ...products[0], stockQuantity: 1 }, 2, db)).rejects.toMatchObject({ reason: 'stock', message: 'Only 1 left in stock' });
    await expect(addToCart({ ...products[0], isActive: false }, 1, db)).rejects.toMatchObject({ reason: 'unavailable', message: 'This product is no longer available' });
    await expect(addToCart({ ...products[0], stockQuantity: 0 }, 1, db)).rejects.toMatchObject({ message: 'This product is out of stock' });
    expect(await db.outbox.count()).toBe(0);
    await clearSession(db);
    const error = await addToCart(products[0], 1, db).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CartError);
    expect(error).toMatchObject({ reason: 'signin' });
    expect(await db.cart.count()).toBe(0);
  });

  it('keeps the queue offline, in order, and sends it when the network returns', async () => {
    const [a, b] = products;
    await addToCart(a, 1, db);
    await addToCart(b, 2, db);
    const down = await replayOutbox(phoneApi(server, db, offline), db);
    expect(down).toMatchObject({ sent: 0, retryLater: true });
    const queued = await db.outbox.orderBy('seq').toArray();
    expect(queued.map((e) => [e.status, e.attempts])).toEqual([['pending', 1], ['pending', 0]]);
    expect((await serverCart(server, token)).items).toEqual([]);
    expect(await replayOutbox(phoneApi(server, db), db)).toMatchObject({ sent: 2, retryLater: false });
    expect((await serverCart(server, token)).items).toHaveLength(2);
  });

  it('retries 5xx later and waits for sign-in on 401, keeping the entry', async () => {
    await addToCart(products[0], 1, db);
    const unavailable: typeof fetch = async () => new Response(JSON.stringify({ message: 'down', code: 'internal_error' }), { status: 503, headers: { 'content-type': 'application/json' } });
    expect(await replayOutbox(phoneApi(server, db, unavailable), db)).toMatchObject({ retryLater: true, needsSignIn: false });
    await db.session.put({ key: 'accessToken', value: 'expired-or-bad' });
    expect(await replayOutbox(phoneApi(server, db), db)).toMatchObject({ retryLater: false, needsSignIn: true, sent: 0 });
    expect(await db.outbox.count()).toBe(1);
    await db.session.put({ key: 'accessToken', value: token });
    expect(await replayOutbox(phoneApi(server, db), db)).toMatchObject({ sent: 1 });
  });

  it('a refused change is marked failed with the reason, restores server truth, holds back later cart changes; Retry and Discard work', async () => {
    const [a, b] = products;
    const api = phoneApi(server, db);
    await addToCart(a, 1, db);
    await replayOutbox(api, db);
    // The shelf empties before the queued change arrives.
    await addToCart(a, 4, db);
    await addToCart(b, 1, db);
    await enqueue({ entity: 'contact:1', method: 'POST', path: 'shop/cart', body: { productId: b.id, quantity: 1 }, label: 'other entity' }, undefined, db);
    await server.deps.db.updateTable('products').set({ stock_quantity: 2 }).where('id', '=', a.id).execute();

    const result = await replayOutbox(api, db);
    expect(result).toMatchObject({ sent: 1, failed: 1 });
    const [failed, held] = await db.outbox.orderBy('seq').toArray();
    expect(failed).toMatchObject({ status: 'failed', error: 'Only 2 left in stock', message: { id: 'outbox.cartAdd', values: { name: a.name, n: 5 } } });
    expect(held).toMatchObject({ status: 'pending', body: { productId: b.id, quantity: 1 } });
    // Restored: a back to the server's 1; b still shown because its change still waits.
    expect((await readCart(db)).map((l) => [l.productId, l.quantity])).toEqual([[a.id, 1], [b.id, 1]]);

    // Stock comes back and the user taps Retry: both go, in order.
    await server.deps.db.updateTable('products').set({ stock_quantity: a.stockQuantity }).where('id', '=', a.id).execute();
    await retryEntry(failed.seq!, db);
    expect(await replayOutbox(api, db)).toMatchObject({ sent: 2, failed: 0 });
    expect((await serverCart(server, token)).items.map((i) => [i.productId, i.quantity])).toEqual([[a.id, 5], [b.id, 1]]);

    // Another refusal, this time discarded: the phone shows what the server holds.
    await server.deps.db.updateTable('products').set({ is_active: 0 }).where('id', '=', b.id).execute();
    await db.cart.update(b.id, { isActive: true } as object);
    await setCartQuantity(b.id, 3, db);
    await replayOutbox(api, db);
    const [refused] = await db.outbox.toArray();
    expect(refused).toMatchObject({ status: 'failed', error: 'This product is no longer available' });
    await discardEntry(refused.seq!, api, db);
    expect(await db.outbox.count()).toBe(0);
    expect((await readCart(db)).find((l) => l.productId === b.id)).toMatchObject({ quantity: 1, isActive: false });
    await server.deps.db.updateTable('products').set({ is_active: 1 }).where('id', '=', b.id).execute();
  });

  it('pullServerCart lays queued intents over the server cart', async () => {
    const [a, b, c] = products;
    await addToCart(a, 2, db);
    await replayOutbox(phoneApi(server, db), db);
    await addToCart(b, 1, db);
    await removeFromCart(a.id, db);
    // Meanwhile another device of the same user puts c in the cart.
    await server.call('/shop/cart', { method: 'POST', token, json: { productId: c.id, quantity: 4 } });
    await pullServerCart(phoneApi(server, db), db);
    expect((await readCart(db)).map((l) => [l.productId, l.quantity, l.name])).toEqual([[c.id, 4, c.name], [b.id, 1, b.name]]);
    await clearCart(db);
    await addToCart(c, 2, db);
    await pullServerCart(phoneApi(server, db), db);
    expect((await readCart(db)).map((l) => [l.productId, l.quantity])).toEqual([[c.id, 2]]);
  });

  it('two replayers at once (two tabs) send each entry once', async () => {
    const seen: string[] = [];
    const counting: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.method !== 'GET') seen.push(request.headers.get('idempotency-key')!);
      return server.fetch(request);
    };
    for (const [i, p] of products.entries()) await addToCart(p, i + 1, db);
    const results = await Promise.all([replayExclusively(phoneApi(server, db, counting), db), replayExclusively(phoneApi(server, db, counting), db)]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(products.length);
    expect(seen).toHaveLength(products.length);
    expect(new Set(seen).size).toBe(products.length);
  });

  it("never sends one account's queued changes with another account's session", async () => {
    await addToCart(products[0], 2, db);
    const other = await signedInPhone(server, 'reviewer4@akuafo.demo');
    await server.deps.db.deleteFrom('cart_items').where('user_id', '=', other.userId).execute();
    // Someone else signs in on the same phone while the change still waits.
    for (const row of await other.db.session.toArray()) await db.session.put(row);
    const result = await replayOutbox(phoneApi(server, db), db);
    expect(result).toMatchObject({ sent: 0, failed: 1 });
    expect((await db.outbox.toArray())[0]).toMatchObject({ status: 'failed', error: expect.stringContaining('another account') });
    expect((await serverCart(server, other.token)).items).toEqual([]);
    expect((await serverCart(server, token)).items).toEqual([]);
    other.db.close();
  });

  it('turns non-API failures into retry-later, never a lost entry', async () => {
    await addToCart(products[0], 1, db);
    const broken: typeof fetch = () => Promise.reject(new Error('socket hang up'));
    const result = await replayOutbox(phoneApi(server, db, broken), db);
    expect(result.retryLater).toBe(true);
    expect(await db.outbox.count()).toBe(1);
    expect(new ApiError('x', 0, 'network_error').isNetwork).toBe(true);
  });
});
