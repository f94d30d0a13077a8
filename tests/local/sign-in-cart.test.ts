import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '../../src/local/account';
import { createApiClient } from '../../src/local/api';
import { ensureSignInCart, readCart } from '../../src/local/cart';
import { AkuafoDb } from '../../src/local/db';
import { readSession } from '../../src/local/session';
import { startTestServer, type TestServer } from '../support/server';
import { makeProduct, putInCart } from '../support/shop';

/**
 * Issue 37.11: the server cart holds two items (added from another device); on a new phone,
 * after signing in, /checkout said "Your cart is empty". The cart the sign-in pulls is what
 * checkout reads: checkout waits for that pull (ensureSignInCart), or makes it again when it
 * failed on a weak network.
 */
let server: TestServer;
let db: AkuafoDb;
const EMAIL = 'reviewer1@akuafo.demo';
const PASSWORD = 'Akuafo#2026';
let products: number[];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  db = new AkuafoDb(`sign-in-cart-${Math.random()}`);
  await db.open();
  const { id } = await server.deps.db.selectFrom('users').select('id').where('email', '=', EMAIL).executeTakeFirstOrThrow();
  await server.deps.db.deleteFrom('cart_items').where('user_id', '=', id).execute();
  products = [await makeProduct(server, 10), await makeProduct(server, 10)];
  await putInCart(server, id, products[0]!, 2);
  await putInCart(server, id, products[1]!, 1);
});

const isCartRead = (input: RequestInfo | URL, init?: RequestInit) => {
  const [method, url] = input instanceof Request ? [input.method, input.url] : [init?.method ?? 'GET', String(input)];
  return method === 'GET' && new URL(url).pathname === '/api/v1/shop/cart';
};

/** The phone's clients: the public one sign-in uses, and the signed-in one the pages use, over one fetch. */
function phone(fetch: typeof globalThis.fetch) {
  const plain = createApiClient({ origin: 'http://test.local', fetch });
  const api = createApiClient({ origin: 'http://test.local', fetch, auth: { accessToken: async () => (await readSession(db))?.accessToken, refresh: async () => false } });
  return { plain, api };
}

const quantities = async () => (await readCart(db)).map((line) => [line.productId, line.quantity]);

describe('a fresh phone signs in to an account whose cart is on the server', () => {
  it('checkout waits for the cart the sign-in is still pulling, and reads its two items', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let cartReads = 0;
    const { plain, api } = phone(async (input, init) => {
      if (isCartRead(input, init)) {
        cartReads += 1;
        await held; // a slow network: the sign-in's pull is on its way when checkout opens
      }
      return server.fetch(input, init);
    });
    await signIn(plain, EMAIL, PASSWORD, db);
    expect(await readCart(db)).toEqual([]);

    const checkout = ensureSignInCart(api, db);
    release();
    await checkout;
    expect(await quantities()).toEqual([[products[0], 2], [products[1], 1]]);
    expect(cartReads).toBe(1);
  });

  it('checkout pulls the cart again when the sign-in pull failed on a weak network', async () => {
    let cartReads = 0;
    const { plain, api } = phone(async (input, init) => {
      if (isCartRead(input, init) && ++cartReads === 1) throw new TypeError('Failed to fetch');
      return server.fetch(input, init);
    });
    await signIn(plain, EMAIL, PASSWORD, db);
    await ensureSignInCart(api, db);
    expect(await quantities()).toEqual([[products[0], 2], [products[1], 1]]);
    expect(cartReads).toBe(2);

    // Once this sign-in's cart is on the phone, checkout reads it without asking again.
    await ensureSignInCart(api, db);
    expect(cartReads).toBe(2);
  });
});
