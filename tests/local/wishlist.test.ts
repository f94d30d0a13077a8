import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, createApiClient } from '../../src/local/api';
import { pullCatalogue } from '../../src/local/catalogue';
import { AkuafoDb } from '../../src/local/db';
import { discardEntry, replayOutbox } from '../../src/local/outbox';
import { pullWishlist, readWishlistIds, readWishlistProducts, removeFromWishlist, saveToWishlist, WishlistError } from '../../src/local/wishlist';
import type { Product } from '../../src/shared/schemas/catalogue';
import { signedInOnPhone } from '../support/local-session';
import { startTestServer, type TestServer } from '../support/server';
import { makeProduct } from '../support/shop';

let server: TestServer;
let db: AkuafoDb;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  db = new AkuafoDb(`wishlist-${Math.random()}`);
  await db.open();
});

const signedIn = () => signedInOnPhone(server, db);

/** A client whose every request fails like a phone with no signal. */
const offline = createApiClient({ origin: 'http://test.local', fetch: async () => { throw new TypeError('Failed to fetch'); } });

async function serverIds(token: string): Promise<number[]> {
  const res = await server.call('/shop/customers/me/wishlist', { token });
  return ((await res.json()) as { data: Product[] }).data.map((p) => p.id);
}

describe('wishlist on the phone', () => {
  it('saves offline at once, then the replay puts it on the server', async () => {
    const user = await signedIn();
    const a = await makeProduct(server, 5);
    const b = await makeProduct(server, 5);
    await saveToWishlist(a, db);
    await saveToWishlist(b, db);
    await saveToWishlist(a, db); // already saved: nothing more is queued
    expect(await readWishlistIds(db)).toEqual([b, a]);
    expect(await db.outbox.count()).toBe(2);

    const stuck = await replayOutbox(offline, db);
    expect(stuck).toMatchObject({ sent: 0, retryLater: true });
    expect(await serverIds(user.token)).toEqual([]);

    const sent = await replayOutbox(user.api, db);
    expect(sent).toMatchObject({ sent: 2, failed: 0 });
    expect(await db.outbox.count()).toBe(0);
    expect(await serverIds(user.token)).toEqual([b, a]);
    // The sent hook re-read the server: the mirror now holds both products, so the list shows offline.
    expect((await readWishlistProducts(db)).map((p) => p.id)).toEqual([b, a]);
  });

  it('coalesces offline toggles of one product into its last intent', async () => {
    const user = await signedIn();
    const a = await makeProduct(server, 5);
    await saveToWishlist(a, db);
    await removeFromWishlist(a, db);
    await saveToWishlist(a, db);
    const result = await replayOutbox(user.api, db);
    expect(result).toMatchObject({ sent: 1, coalesced: 2 });
    expect(await serverIds(user.token)).toEqual([a]);

    await removeFromWishlist(a, db);
    expect(await readWishlistIds(db)).toEqual([]);
    await replayOutbox(user.api, db);
    expect(await serverIds(user.token)).toEqual([]);
  });

  it('pullWishlist takes the server list and keeps queued intents on top', async () => {
    const user = await signedIn();
    const [a, b, c, d] = [await makeProduct(server, 5), await makeProduct(server, 5), await makeProduct(server, 5), await makeProduct(server, 5)];
    const saveOnServer = (id: number) => server.call(`/shop/customers/me/wishlist/${id}`, { method: 'PUT', token: user.token });
    await saveOnServer(a);
    await saveOnServer(b);
    expect(await pullWishlist(user.api, db)).toEqual([b, a]);
    await saveToWishlist(c, db); // queued, not sent
    await removeFromWishlist(b, db); // queued, not sent
    await saveOnServer(d); // saved from another device meanwhile
    expect(await pullWishlist(user.api, db)).toEqual([c, d, a]);
    expect(await readWishlistIds(db)).toEqual([c, d, a]);
    // c is not on the server yet, so only the catalogue mirror can show it.
    await pullCatalogue(user.api, db);
    expect((await readWishlistProducts(db)).map((p) => p.id)).toEqual([c, d, a]);
  });

  it('a refused save (product delisted meanwhile) restores the server list', async () => {
    const user = await signedIn();
    const a = await makeProduct(server, 5);
    const gone = await makeProduct(server, 5);
    await server.call(`/shop/customers/me/wishlist/${a}`, { method: 'PUT', token: user.token });
    await pullWishlist(user.api, db);
    await saveToWishlist(gone, db);
    await server.deps.db.updateTable('products').set({ is_active: 0 }).where('id', '=', gone).execute();
    const result = await replayOutbox(user.api, db);
    expect(result).toMatchObject({ sent: 0, failed: 1 });
    expect(await readWishlistIds(db)).toEqual([a]);
    const failed = await db.outbox.toCollection().first();
    expect(failed?.status).toBe('failed');
    await discardEntry(failed!.seq!, user.api, db);
    expect(await db.outbox.count()).toBe(0);
    expect(await readWishlistIds(db)).toEqual([a]);
  });

  it('a visitor cannot save, and one account never sees another account\'s list', async () => {
    const a = await makeProduct(server, 5);
    await expect(saveToWishlist(a, db)).rejects.toBeInstanceOf(WishlistError);
    await signedIn();
    await saveToWishlist(a, db);
    expect(await readWishlistIds(db)).toEqual([a]);
    await signedIn(); // someone else signs in on the same phone
    expect(await readWishlistIds(db)).toEqual([]);
  });

  it('pullWishlist surfaces a network failure and leaves the list as it was', async () => {
    await signedIn();
    const a = await makeProduct(server, 5);
    await saveToWishlist(a, db);
    await expect(pullWishlist(offline, db)).rejects.toBeInstanceOf(ApiError);
    expect(await readWishlistIds(db)).toEqual([a]);
  });
});
