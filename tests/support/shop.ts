import type { UserType } from '../../src/shared/schemas/accounts';
import { randomUUID } from 'node:crypto';
import { nextCatalogueVersion } from '../../src/server/platform/db/catalogue-versions';
import { now } from '../../src/server/platform/db';
import { afterAll, beforeAll } from 'vitest';
import { startFakePaystack, type FakePaystack } from './fake-paystack';
import { startTestServer, type TestServer } from './server';
import { sessionToken } from './session';

/** Direct-to-database helpers for checkout and order tests: users, products and carts. */
export async function makeUser(server: TestServer, userType: UserType = 'CUSTOMER') {
  const at = now();
  const email = `shopper-${randomUUID().slice(0, 8)}@example.test`;
  const { id } = await server.deps.db
    .insertInto('users')
    .values({ email, password_hash: 'not-used', first_name: 'Esi', last_name: 'Tetteh', phone: '0241234567', user_type: userType, profile_image: null, is_email_verified: 1, password_changed_at: null, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { token } = await sessionToken(server, id);
  return { id, email, token };
}

export async function makeProduct(server: TestServer, stock: number, priceMinor = 12_500, sellerId?: number) {
  const db = server.deps.db;
  const seller = sellerId ? { id: sellerId } : await db.selectFrom('users').select('id').where('user_type', '=', 'SELLER').orderBy('id').executeTakeFirstOrThrow();
  const at = now();
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('products')
      .values({
        seller_id: seller.id, name: `Test yam ${randomUUID().slice(0, 6)}`, description: 'Puna yam for tests', price_minor: priceMinor, category: 'Tubers',
        condition: 'standard', region: 'Ashanti', stock_quantity: stock, is_active: 1, is_featured: 0, discount_percentage: null, old_price_minor: null,
        version: await nextCatalogueVersion(trx), created_at: at, updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  });
}

export async function putInCart(server: TestServer, userId: number, productId: number, quantity: number) {
  const at = now();
  await server.deps.db.insertInto('cart_items').values({ user_id: userId, product_id: productId, quantity, created_at: at, updated_at: at }).execute();
}

/**
 * A mobile number no other test uses (MTN's 024 unless another prefix is given): prompts are
 * limited per wallet number (checkout/routes.ts), so buyers racing in one test each pay from
 * their own, as real buyers would.
 */
export function freshWallet(prefix = '024'): string {
  return `${prefix}${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
}

export async function firstWarehouseId(server: TestServer) {
  return (await server.deps.db.selectFrom('warehouses').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
}

export async function stockOf(server: TestServer, productId: number) {
  return (await server.deps.db.selectFrom('products').select('stock_quantity').where('id', '=', productId).executeTakeFirstOrThrow()).stock_quantity;
}

/** A demo seller (by e-mail) with an access token, for the seller's side of an order. */
export async function sellerNamed(server: TestServer, email: string) {
  const { id } = await server.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const { token } = await sessionToken(server, id);
  return { id, email, token };
}

export interface Shop {
  server: TestServer;
  /** The first pickup warehouse. */
  warehouseId: number;
  /** The fake Paystack the server pays through, when shopServer was asked for one. */
  paystack: FakePaystack;
}

/**
 * The server of one test file, with what shopping needs: started before the file's tests
 * (paying through a fake Paystack when asked, else the sandbox), closed after them. Its
 * fields are there inside the tests.
 */
export function shopServer(options: { paystack?: boolean } = {}): Shop {
  const shop = {} as Shop;
  beforeAll(async () => {
    if (options.paystack) shop.paystack = await startFakePaystack();
    shop.server = await startTestServer(options.paystack ? { env: { PAYSTACK_SECRET_KEY: shop.paystack.secretKey, PAYSTACK_BASE_URL: shop.paystack.baseUrl } } : undefined);
    shop.warehouseId = await firstWarehouseId(shop.server);
  });
  afterAll(async () => {
    await shop.server?.close();
    await shop.paystack?.close();
  });
  return shop;
}

/**
 * Issue 40: the demo's Kofi and Ama drop off at Tamale and Kumasi, so their lines to another
 * warehouse travel as consignments and only the staff count them in. Tests of the flow where the
 * seller brings the goods to the buyer's own pickup warehouse set the sellers' drop-off to it.
 */
export async function dropOffAt(server: TestServer, warehouseId: number, sellerIds: number[]) {
  await server.deps.db.updateTable('seller_profiles').set({ dropoff_warehouse_id: warehouseId }).where('user_id', 'in', sellerIds).execute();
}
