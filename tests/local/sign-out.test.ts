import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_KEY, refreshProfile, signIn } from '../../src/local/account';
import { addToCart, pullServerCart } from '../../src/local/cart';
import type { CachedDetail } from '../../src/local/catalogue-detail';
import { AkuafoDb } from '../../src/local/db';
import { refreshOrders } from '../../src/local/orders';
import { forgetPersonalData, signOut } from '../../src/local/sign-out';
import { createApiClient } from '../../src/local/api';
import { resetNetworkState } from '../../src/local/network';
import { createSessionAuth, readSession } from '../../src/local/session';
import type { Product } from '../../src/shared/schemas/catalogue';
import { offlineApi } from '../support/local-session';
import { startTestServer, type TestServer } from '../support/server';
import { firstWarehouseId } from '../support/shop';

/**
 * Issue 21.14, the data layer: on a shared phone, sign-out leaves nothing of the person who
 * leaves (orders with pickup code and wallet number, checkout, profile, wishlist, seller data,
 * drafts, whether they may review) and keeps what is the device's (catalogue, settings, packs).
 */
let server: TestServer;
let db: AkuafoDb;
const PASSWORD = 'Akuafo#2026';
const BUYER = 'reviewer2@akuafo.demo';
const api = () => createApiClient({ origin: 'http://test.local', fetch: server.fetch, auth: { accessToken: async () => (await readSession(db))?.accessToken, refresh: async () => false } });

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  resetNetworkState();
  db = new AkuafoDb(`sign-out-${Math.random()}`);
  await db.open();
});

/** What a buyer leaves on the phone by using it: all of it personal but the first five meta keys and the catalogue. */
async function useThePhone(): Promise<{ product: Product }> {
  const session = await signIn(createApiClient({ origin: 'http://test.local', fetch: server.fetch }), BUYER, PASSWORD, db);
  const product = ((await (await server.call('/products?pageSize=1')).json()) as { data: Product[] }).data[0]!;
  await db.products.put({ ...product, haystack: product.name.toLowerCase() });
  await db.productDetails.put({ ...product, reviews: [], relatedProducts: [], canReview: true, cachedAt: new Date().toISOString(), cachedFor: BUYER } as unknown as CachedDetail);
  await db.meta.bulkPut([
    { key: 'catalogue.cursor', value: 42 },
    { key: 'settings.dataSaver', value: true },
    { key: 'pack.vegetables', value: { id: 'vegetables' } },
    { key: 'usage.2026-11', value: { month: '2026-11', pictures: 1, data: 2 } },
    { key: 'storage.persistence', value: { granted: true } },
    { key: PROFILE_KEY, value: { user: { email: BUYER }, addresses: [{ street: '12 Adum Road' }] } },
    { key: 'checkout:last', value: { orderNumber: 'ORD-2026-000777', payment: { phoneNumber: '0241239876' } } },
    { key: 'wishlist', value: [product.id] },
    { key: 'seller.profile:someone', value: { value: { phone: '0550000000' } } },
  ]);
  await db.orders.put({ id: 777, orderNumber: 'ORD-2026-000777', createdAt: '2026-11-20T10:00:00.000Z', data: { owner: 1 }, detail: { pickupCode: '048213', mobileMoney: { phoneNumber: '0241239876' } } });
  await db.drafts.add({ kind: 'product', data: { name: 'My secret yam' }, images: [], updatedAt: new Date().toISOString() });
  await db.cart.put({ productId: product.id, quantity: 1, name: product.name, imageUrl: null, price: product.price, updatedAt: new Date().toISOString() });
  expect(session.user.email).toBe(BUYER);
  return { product };
}

async function everything(): Promise<string> {
  const dump: Record<string, unknown> = {};
  for (const table of db.tables) dump[table.name] = await table.toArray();
  return JSON.stringify(dump);
}

describe('signOut on a shared phone', () => {
  it('removes everything personal and keeps the catalogue, pictures\' packs and device settings', async () => {
    const { product } = await useThePhone();
    const result = await signOut(api(), db);
    expect(result.signedOut).toBe(true);

    const left = await everything();
    for (const secret of ['ORD-2026-000777', '048213', '0241239876', '12 Adum Road', 'My secret yam', '0550000000', BUYER]) expect(left).not.toContain(secret);
    for (const table of [db.session, db.cart, db.orders, db.drafts, db.outbox]) expect(await table.count(), table.name).toBe(0);
    expect((await db.meta.toCollection().primaryKeys()).sort()).toEqual(['catalogue.cursor', 'pack.vegetables', 'settings.dataSaver', 'storage.persistence', 'usage.2026-11']);
    expect(await db.products.get(product.id)).toMatchObject({ id: product.id, name: product.name });
    // The detail stays for offline reading; whether the last user may review it does not.
    expect(await db.productDetails.get(product.id)).toMatchObject({ id: product.id, canReview: false });
  });

  it('removes the orders the server listed for the buyer (pickup code, wallet, warehouse)', async () => {
    const session = await signIn(createApiClient({ origin: 'http://test.local', fetch: server.fetch }), 'reviewer3@akuafo.demo', PASSWORD, db);
    const product = ((await (await server.call('/products?pageSize=1')).json()) as { data: Product[] }).data[0]!;
    await server.call('/shop/cart', { method: 'POST', token: session.accessToken, json: { productId: product.id, quantity: 1 } });
    const checkout = await server.call('/shop/checkout', { method: 'POST', token: session.accessToken, json: { pickupLocationId: await firstWarehouseId(server), mobileMoneyNumber: '0241239876' } });
    expect(checkout.status).toBeLessThan(300);
    await refreshOrders(api(), 1, 10, db);
    expect(await db.orders.count()).toBe(1);
    await signOut(api(), db);
    expect(await db.orders.count()).toBe(0);
  });

  it('offline with a queued change, asks first and keeps everything until told to drop it', async () => {
    await useThePhone();
    await addToCart((await db.products.toArray())[0]!, 1, db);
    expect(await db.outbox.count()).toBe(1);

    const asked = await signOut(offlineApi, db);
    expect(asked).toEqual({ signedOut: false, unsent: 1 });
    expect(await readSession(db)).toBeDefined();
    expect(await db.orders.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);

    const dropped = await signOut(offlineApi, db, { discardUnsent: true });
    expect(dropped.signedOut).toBe(true);
    if (dropped.signedOut) await dropped.serverTold; // offline: settles without an answer
    expect(await db.outbox.count()).toBe(0);
    expect(await readSession(db)).toBeUndefined();
    expect(await everything()).not.toContain('ORD-2026-000777');
  });

  it('online, sends the queued change and then signs out without asking', async () => {
    const { product } = await useThePhone();
    const session = (await readSession(db))!;
    await server.call('/shop/cart', { method: 'DELETE', token: session.accessToken });
    await db.cart.clear();
    await addToCart(product, 2, db);
    const result = await signOut(api(), db);
    expect(result.signedOut).toBe(true);
    // The signed-out token ends with its sign-in (issue 21.13): the server's cart is read with a new one.
    const again = await signIn(createApiClient({ origin: 'http://test.local', fetch: server.fetch }), BUYER, PASSWORD, new AkuafoDb(`reader-${Math.random()}`));
    const cart = (await (await server.call('/shop/cart', { token: again.accessToken })).json()) as { data: { items: { productId: number; quantity: number }[] } };
    expect(cart.data.items).toEqual([expect.objectContaining({ productId: product.id, quantity: 2 })]);
  });

  it('a change the server refused is not sent by waiting: it asks', async () => {
    await useThePhone();
    await addToCart({ ...(await db.products.toArray())[0]!, id: 99_999_999, stockQuantity: 5, isActive: true }, 1, db);
    const result = await signOut(api(), db);
    expect(result).toEqual({ signedOut: false, unsent: 1 });
    expect((await db.outbox.toArray())[0]).toMatchObject({ status: 'failed' });
  });
});

describe('signIn and the cart on the server (issue 22.13)', () => {
  it('shows the server\'s cart at once, with the changes this phone still has queued on top', async () => {
    const plain = createApiClient({ origin: 'http://test.local', fetch: server.fetch });
    const [a, b] = ((await (await server.call('/products?pageSize=2')).json()) as { data: Product[] }).data;
    const first = await signIn(plain, 'reviewer1@akuafo.demo', PASSWORD, db);
    await server.call('/shop/cart', { method: 'DELETE', token: first.accessToken });
    // Offline, the buyer adds B; then the session runs out before it is sent.
    await db.products.bulkPut([a!, b!].map((p) => ({ ...p, haystack: p.name.toLowerCase() })));
    await vi.waitFor(async () => expect(await db.cart.count()).toBe(0));
    await addToCart(b!, 1, db);
    await db.session.clear();
    // Meanwhile another phone put A in the cart on the server.
    await server.call('/shop/cart', { method: 'POST', token: first.accessToken, json: { productId: a!.id, quantity: 3 } });

    await signIn(plain, 'reviewer1@akuafo.demo', PASSWORD, db);
    await vi.waitFor(async () => expect((await db.cart.toArray()).map((l) => [l.productId, l.quantity]).sort()).toEqual([[a!.id, 3], [b!.id, 1]].sort()), { timeout: 10_000 });
  });

  it('does not lay another account\'s queued changes on this account\'s cart', async () => {
    const plain = createApiClient({ origin: 'http://test.local', fetch: server.fetch });
    const [a] = ((await (await server.call('/products?pageSize=1')).json()) as { data: Product[] }).data;
    await db.products.put({ ...a!, haystack: a!.name.toLowerCase() });
    await signIn(plain, 'reviewer4@akuafo.demo', PASSWORD, db);
    await addToCart(a!, 2, db);
    await db.session.clear();
    const other = await signIn(plain, 'reviewer5@akuafo.demo', PASSWORD, db);
    await server.call('/shop/cart', { method: 'DELETE', token: other.accessToken });
    await signIn(plain, 'reviewer5@akuafo.demo', PASSWORD, db);
    // The phone's cart held the other account's line: only the pull at sign-in takes it away.
    await vi.waitFor(async () => expect(await db.cart.count()).toBe(0), { timeout: 10_000 });
  });
});

/**
 * Log out while a page's request is still out (the profile loading, the cart being read): the
 * answer lands on a phone that belongs to no one. It must put nothing of the person back, and
 * above all not their session (the e2e sign-up walk met this as a flaky "Sign In" that never
 * came back after Log Out).
 */
describe('an answer that lands after sign-out', () => {
  /** A client whose answers are held at the phone's door: the server has answered, the phone not yet read it. */
  function heldClient() {
    let release!: () => void;
    let reached!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const requested = new Promise<void>((resolve) => (reached = resolve));
    const client = createApiClient({
      origin: 'http://test.local',
      fetch: (async (...args: Parameters<typeof fetch>) => {
        const response = await server.fetch(...args);
        reached();
        await gate;
        return response;
      }) as typeof fetch,
      auth: { accessToken: async () => (await readSession(db))?.accessToken, refresh: async () => false },
    });
    return { client, release, requested };
  }

  const calls: [string, (client: ReturnType<typeof createApiClient>) => Promise<unknown>][] = [
    ['the profile', (client) => refreshProfile(client, db)],
    ['the cart', (client) => pullServerCart(client, db)],
    ['the order history', (client) => refreshOrders(client, 1, 10, db)],
  ];

  it.each(calls)('%s puts nothing of the person back', async (_name, call) => {
    const session = await signIn(createApiClient({ origin: 'http://test.local', fetch: server.fetch }), BUYER, PASSWORD, db);
    const product = ((await (await server.call('/products?pageSize=1')).json()) as { data: Product[] }).data[0]!;
    await server.call('/shop/cart', { method: 'POST', token: session.accessToken, json: { productId: product.id, quantity: 1 } });
    const { client, release, requested } = heldClient();
    const answered = call(client).catch(() => undefined);
    await requested;

    expect((await signOut(api(), db, { discardUnsent: true })).signedOut).toBe(true);
    release();
    await answered;

    expect(await readSession(db)).toBeUndefined();
    for (const table of [db.session, db.cart, db.orders]) expect(await table.count(), table.name).toBe(0);
    expect(await db.meta.get(PROFILE_KEY)).toBeUndefined();
    expect(await everything()).not.toContain(BUYER);
  });

  it('a token refresh finishing after sign-out does not sign the person back in', async () => {
    await signIn(createApiClient({ origin: 'http://test.local', fetch: server.fetch }), BUYER, PASSWORD, db);
    const { client, release, requested } = heldClient();
    const auth = createSessionAuth(
      async (refreshToken) => (await client.post<{ data: { accessToken: string; expiresAt: string; refreshToken: string } }>('token/refresh', { refreshToken })).data,
      () => undefined,
      db,
    );
    const refreshed = auth.refresh();
    await requested;

    await forgetPersonalData(db);
    release();

    expect(await refreshed).toBe(false);
    expect(await readSession(db)).toBeUndefined();
  });
});
