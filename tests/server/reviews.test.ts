import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogueDelta, ProductDetail, Review } from '../../src/shared/schemas/catalogue';
import { REVIEW_ALREADY_WRITTEN, REVIEW_NOT_ALLOWED } from '../../src/shared/schemas/reviews';
import { now } from '../../src/server/platform/db';
import { startTestServer, type TestServer } from '../support/server';
import { sessionToken } from '../support/session';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function tokenFor(email: string) {
  const user = await server.deps.db.selectFrom('users').select(['id', 'user_type']).where('email', '=', email).executeTakeFirstOrThrow();
  return { id: user.id, token: (await sessionToken(server, user.id)).token };
}

/** A fresh buyer, so tests do not depend on each other's reviews. */
async function newBuyer(): Promise<{ id: number; token: string }> {
  const email = `reviews-${Math.random().toString(36).slice(2)}@example.com`;
  const at = now();
  await server.deps.db
    .insertInto('users')
    .values({ email, password_hash: 'x', first_name: 'Esi', last_name: 'Nyarko', phone: null, user_type: 'CUSTOMER', profile_image: null, is_email_verified: 1, password_changed_at: null, created_at: at, updated_at: at })
    .execute();
  return tokenFor(email);
}

async function orderFor(userId: number, productId: number, status: string) {
  const db = server.deps.db;
  const warehouse = await db.selectFrom('warehouses').select('id').executeTakeFirstOrThrow();
  const at = now();
  const { id } = await db
    .insertInto('orders')
    .values({
      order_number: `ORD-T-${Math.random().toString(36).slice(2, 10)}`,
      user_id: userId, status, payment_status: 'PAID', pickup_warehouse_id: warehouse.id,
      subtotal_minor: 1000, discount_minor: 0, tax_minor: 0, shipping_minor: 0, total_minor: 1000, currency: 'GHS',
      notes: null, agent_code: null, payment_method: 'MOBILE_MONEY', mobile_money_network: 'MTN', mobile_money_number: '0241234567',
      reservation_expires_at: null, estimated_delivery: null, delivered_at: status === 'DELIVERED' ? at : null, created_at: at, updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('order_items').values({ order_id: id, product_id: productId, product_name: 'x', unit_price_minor: 1000, quantity: 1, total_minor: 1000 }).execute();
}

async function someProductId(offset = 0): Promise<number> {
  const body = (await (await server.call(`/products?limit=1&page=${offset + 1}`)).json()) as { data: { id: number }[] };
  return body.data[0].id;
}

const post = (json: unknown, token?: string, headers?: Record<string, string>) => server.call('/reviews', { method: 'POST', json, token, headers });

describe('POST /reviews', () => {
  it('asks visitors to sign in', async () => {
    const res = await post({ productId: 1, rating: 5, comment: 'Great' });
    expect(res.status).toBe(401);
  });

  it.each([
    [{ rating: 0, comment: 'Good yam' }, 'rating', 'Please select a rating'],
    [{ rating: 6, comment: 'Good yam' }, 'rating', 'Please select a rating'],
    [{ rating: 2.5, comment: 'Good yam' }, 'rating', 'Please select a rating'],
    [{ comment: 'Good yam' }, 'rating', 'Please select a rating'],
    [{ rating: 4, comment: '   ' }, 'comment', 'Please write a review'],
    [{ rating: 4 }, 'comment', 'Please write a review'],
    [{ rating: 4, comment: 'x'.repeat(2001) }, 'comment', 'A review can be at most 2000 characters'],
  ])('refuses %j with the spec message', async (fields, field, message) => {
    const buyer = await newBuyer();
    const res = await post({ productId: await someProductId(), ...fields }, buyer.token);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fieldErrors: Record<string, string> };
    expect(body.fieldErrors[field]).toBe(message);
  });

  it('refuses a body that is not JSON with a 400', async () => {
    const buyer = await newBuyer();
    const res = await server.call('/reviews', { method: 'POST', body: 'rating=5', token: buyer.token, headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(400);
  });

  it('answers 404 for a product that does not exist', async () => {
    const buyer = await newBuyer();
    const res = await post({ productId: 99_999_999, rating: 5, comment: 'Lovely' }, buyer.token);
    expect(res.status).toBe(404);
  });

  it('forbids a review without a delivered order of the product', async () => {
    const buyer = await newBuyer();
    const productId = await someProductId(3);
    await orderFor(buyer.id, productId, 'PROCESSING');
    const res = await post({ productId, rating: 5, comment: 'Lovely' }, buyer.token);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { message: string }).message).toBe(REVIEW_NOT_ALLOWED);
  });

  it('accepts one trimmed review after delivery, updates the rating and the mirror version, then refuses a second', async () => {
    const buyer = await newBuyer();
    const productId = await someProductId(5);
    await orderFor(buyer.id, productId, 'DELIVERED');

    const before = ((await (await server.call(`/products/${productId}`, { token: buyer.token })).json()) as { data: ProductDetail }).data;
    expect(before.canReview).toBe(true);
    const cursor = ((await (await server.call(`/sync/catalogue?since=0&limit=1000`)).json()) as { data: CatalogueDelta }).data.cursor;

    const res = await post({ productId, rating: 4, comment: '  Sweet and fresh.  ' }, buyer.token);
    expect(res.status).toBe(201);
    const review = ((await res.json()) as { data: Review }).data;
    expect(review).toMatchObject({ productId, rating: 4, comment: 'Sweet and fresh.', reviewer: { firstName: 'Esi', lastName: 'Nyarko' } });

    const after = ((await (await server.call(`/products/${productId}`, { token: buyer.token })).json()) as { data: ProductDetail }).data;
    expect(after.canReview).toBe(false);
    expect(after.reviews.map((r) => r.id)).toContain(review.id);
    expect(after.rating.count).toBe(before.rating.count + 1);
    const sum = after.reviews.reduce((s, r) => s + r.rating, 0);
    expect(after.rating.average).toBeCloseTo(Math.round((sum / after.reviews.length) * 10) / 10, 5);

    // The phone's mirror sees the product again, with the new rating.
    const delta = ((await (await server.call(`/sync/catalogue?since=${cursor}`)).json()) as { data: CatalogueDelta }).data;
    expect(delta.products.find((p) => p.id === productId)?.rating.count).toBe(after.rating.count);

    const again = await post({ productId, rating: 1, comment: 'Changed my mind' }, buyer.token);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(REVIEW_ALREADY_WRITTEN);
  });

  it('applies a replayed request once (Idempotency-Key) and answers it the same', async () => {
    const buyer = await newBuyer();
    const productId = await someProductId(7);
    await orderFor(buyer.id, productId, 'DELIVERED');
    const key = crypto.randomUUID();
    const first = await post({ productId, rating: 5, comment: 'Top quality' }, buyer.token, { 'Idempotency-Key': key });
    const second = await post({ productId, rating: 5, comment: 'Top quality' }, buyer.token, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual(await first.json());
    const count = await server.deps.db.selectFrom('reviews').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', buyer.id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });
});
