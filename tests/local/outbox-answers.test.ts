import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/local/api';
import { addToCart, readCart } from '../../src/local/cart';
import { AkuafoDb } from '../../src/local/db';
import { readNotificationPreferences, setNotificationPreference } from '../../src/local/notifications';
import { replayOutbox } from '../../src/local/outbox';
import { readWishlistIds, saveToWishlist } from '../../src/local/wishlist';
import type { Product } from '../../src/shared/schemas/catalogue';
import { signedInOnPhone } from '../support/local-session';
import { startTestServer, type TestServer } from '../support/server';
import { makeProduct } from '../support/shop';

/**
 * Cart, wishlist and notification switches answer a write with the whole new state: once a
 * kind's queue is empty, its hook takes that answer as the truth, with no second GET.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** The signed-in phone's client, with every request it makes written down. */
async function phone() {
  const db = new AkuafoDb(`outbox-answers-${Math.random()}`);
  await db.open();
  const user = await signedInOnPhone(server, db);
  const calls: string[] = [];
  const api = createApiClient({
    origin: 'http://test.local',
    fetch: async (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      calls.push(`${request.method} ${new URL(request.url).pathname.replace('/api/v1/', '')}`);
      return server.fetch(request);
    },
    auth: { accessToken: async () => user.token, refresh: async () => false },
  });
  return { db, user, api, calls };
}

const productOf = async (id: number) => ((await (await server.call(`/products/${id}`)).json()) as { data: Product }).data;

describe('an outbox hook given the server answer', () => {
  it('the cart takes the answer to its last write, without reading the cart again', async () => {
    const { db, api, calls } = await phone();
    const gari = await productOf(await makeProduct(server, 9));
    const yam = await productOf(await makeProduct(server, 9));
    await addToCart(gari, 2, db);
    await addToCart(yam, 1, db);

    expect(await replayOutbox(api, db)).toMatchObject({ sent: 2, failed: 0 });

    expect(calls).toEqual(['POST shop/cart', 'POST shop/cart']);
    // The lines now carry the server's item ids: the answer was adopted.
    const lines = await readCart(db);
    expect(lines.map((l) => [l.productId, l.quantity, typeof l.serverId])).toEqual([[gari.id, 2, 'number'], [yam.id, 1, 'number']]);
  });

  it('the wishlist takes the answer to its last save', async () => {
    const { db, api, calls } = await phone();
    const a = await makeProduct(server, 5);
    const b = await makeProduct(server, 5);
    await saveToWishlist(a, db);
    await saveToWishlist(b, db);

    expect(await replayOutbox(api, db)).toMatchObject({ sent: 2, failed: 0 });

    expect(calls).toEqual([`PUT shop/customers/me/wishlist/${a}`, `PUT shop/customers/me/wishlist/${b}`]);
    expect(await readWishlistIds(db)).toEqual([b, a]);
  });

  it('the notification switches take the answer to the last switch', async () => {
    const { db, api, calls } = await phone();
    await setNotificationPreference('listings', 'sms', !(await readNotificationPreferences(db)).listings.sms, db);

    expect(await replayOutbox(api, db)).toMatchObject({ sent: 1, failed: 0 });

    expect(calls).toEqual(['PUT shop/customers/me/notification-preferences']);
    expect(await db.meta.get('notifications.owner')).toBeDefined();
  });
});
