import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/local/api';
import { pullCatalogue } from '../../src/local/catalogue';
import { fetchProductDetail, mayReview } from '../../src/local/catalogue-detail';
import { AkuafoDb } from '../../src/local/db';
import { discardEntry, replayOutbox } from '../../src/local/outbox';
import { pendingReviews, submitReview } from '../../src/local/reviews';
import { saveSession } from '../../src/local/session';
import { now } from '../../src/server/platform/db';
import { startTestServer, type TestServer } from '../support/server';
import { sessionToken } from '../support/session';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const offline = createApiClient({ origin: 'http://test.local', fetch: () => Promise.reject(new TypeError('Failed to fetch')) });

/** A buyer with a delivered order of one product, and an API client signed in as them. */
async function buyerWithDelivery(productId: number) {
  const db = server.deps.db;
  const at = now();
  const email = `local-review-${Math.random().toString(36).slice(2)}@example.com`;
  const { id: userId } = await db
    .insertInto('users')
    .values({ email, password_hash: 'x', first_name: 'Adwoa', last_name: 'Boakye', phone: null, user_type: 'CUSTOMER', profile_image: null, is_email_verified: 1, password_changed_at: null, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const warehouse = await db.selectFrom('warehouses').select('id').executeTakeFirstOrThrow();
  const { id: orderId } = await db
    .insertInto('orders')
    .values({
      order_number: `ORD-L-${Math.random().toString(36).slice(2, 10)}`, user_id: userId, status: 'DELIVERED', payment_status: 'PAID',
      pickup_warehouse_id: warehouse.id, subtotal_minor: 500, discount_minor: 0, tax_minor: 0, shipping_minor: 0, total_minor: 500, currency: 'GHS',
      notes: null, agent_code: null, payment_method: 'MOBILE_MONEY', mobile_money_network: 'MTN', mobile_money_number: '0241234567',
      reservation_expires_at: null, estimated_delivery: null, delivered_at: at, created_at: at, updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('order_items').values({ order_id: orderId, product_id: productId, product_name: 'x', unit_price_minor: 500, quantity: 1, total_minor: 500 }).execute();
  const { token } = await sessionToken(server, userId);
  const api = createApiClient({ origin: 'http://test.local', fetch: server.fetch, auth: { accessToken: async () => token, refresh: async () => false } });
  return Object.assign(api, { email, token, userId });
}

describe('reviews written on the phone', () => {
  it('shows at once offline, is sent once when the network returns, then shows the server copy', async () => {
    const db = new AkuafoDb(`reviews-${Math.random()}`);
    const online = createApiClient({ origin: 'http://test.local', fetch: server.fetch });
    await pullCatalogue(online, db);
    const product = (await db.products.toCollection().first())!;
    const api = await buyerWithDelivery(product.id);
    const detail = await fetchProductDetail(api, product.id, db);
    expect(detail.canReview).toBe(true);

    await submitReview({ productId: product.id, rating: 5, comment: 'Clean grain, well packed.' }, product.name, db);
    expect((await db.productDetails.get(product.id))?.canReview).toBe(false);
    expect(await pendingReviews(product.id, db)).toMatchObject([{ rating: 5, comment: 'Clean grain, well packed.', status: 'pending' }]);

    const stuck = await replayOutbox(offline, db);
    expect(stuck.retryLater).toBe(true);
    expect(await pendingReviews(product.id, db)).toHaveLength(1);

    const sent = await replayOutbox(api, db);
    expect(sent.sent).toBe(1);
    expect(await pendingReviews(product.id, db)).toEqual([]);
    const after = (await db.productDetails.get(product.id))!;
    expect(after.reviews.map((r) => r.comment)).toContain('Clean grain, well packed.');
    expect(after.rating.count).toBe(detail.rating.count + 1);
    expect(after.canReview).toBe(false);
  });

  it('keeps a refused review visible with the reason until discarded, then restores the server truth', async () => {
    const db = new AkuafoDb(`reviews-${Math.random()}`);
    const online = createApiClient({ origin: 'http://test.local', fetch: server.fetch });
    await pullCatalogue(online, db);
    const product = (await db.products.toArray())[2];
    const api = await buyerWithDelivery(product.id);
    await fetchProductDetail(api, product.id, db);
    // The same buyer reviews on another device first: this phone's copy is refused (409).
    expect((await api.post('reviews', { productId: product.id, rating: 3, comment: 'Fine' })) as unknown).toBeTruthy();

    await submitReview({ productId: product.id, rating: 4, comment: 'Good' }, product.name, db);
    const result = await replayOutbox(api, db);
    expect(result.failed).toBe(1);
    const [failed] = await pendingReviews(product.id, db);
    expect(failed).toMatchObject({ status: 'failed', error: 'You have already reviewed this product.' });

    await discardEntry(failed.seq, api, db);
    expect(await pendingReviews(product.id, db)).toEqual([]);
    const detail = (await db.productDetails.get(product.id))!;
    expect(detail.reviews.map((r) => r.comment)).toContain('Fine');
    expect(detail.canReview).toBe(false);
  });
});

describe('whose canReview', () => {
  it('belongs to the user it was fetched for, not to the next one on this phone', async () => {
    const db = new AkuafoDb(`reviews-${Math.random()}`);
    const product = (await server.deps.db.selectFrom('products').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow());
    const api = await buyerWithDelivery(product.id);
    const user = { id: api.userId, firstName: 'Adwoa', lastName: 'Boakye', email: api.email, userType: 'CUSTOMER' as const, profileImage: null, passwordChangedAt: null };
    await saveSession({ accessToken: api.token, refreshToken: 'r', user }, db);
    const detail = await fetchProductDetail(api, product.id, db);
    expect(mayReview(detail, api.userId)).toBe(true);
    expect(mayReview(detail, api.userId + 1)).toBe(false);
    expect(mayReview(undefined, api.userId)).toBe(false);
  });
});
