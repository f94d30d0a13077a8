import { describe, expect, it, vi } from 'vitest';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import { makeProduct, makeUser, putInCart, shopServer } from '../support/shop';

/**
 * Issue 21.3: no network call inside a database transaction. Paystack is made slow (its
 * answer waits until the test lets it go); while one buyer's request waits on it, with an
 * Idempotency-Key, other buyers' requests must be answered. The assertions are about order
 * (the other request finishes while the slow one is still pending), never about time. Before
 * the fix the slow request held a transaction: SQLite's one connection, or the product's row
 * lock on PostgreSQL, so the others waited for Paystack too.
 */
vi.setConfig({ testTimeout: 90_000 });
const shop = shopServer({ paystack: true });
/** Long enough that, before the fix, the other request finished only after the slow one. */
const SLOW_MS = 20_000;

const checkout = (token: string, key?: string) =>
  shop.server.call('/shop/checkout', {
    method: 'POST',
    token,
    headers: key ? { 'idempotency-key': key } : {},
    json: { pickupLocationId: String(shop.warehouseId), paymentMethod: 'MOBILE_MONEY', mobileMoneyNetwork: 'MTN', mobileMoneyNumber: '0241234567' },
  });

const confirm = (token: string, started: CheckoutStarted, key?: string) =>
  shop.server.call(`/shop/checkout/${started.checkoutId}/payment`, {
    method: 'POST',
    token,
    headers: key ? { 'idempotency-key': key } : {},
    json: { transactionId: started.reference, amount: started.amount, paymentMethod: 'MOBILE_MONEY', paymentDetails: { reference: started.reference } },
  });

/** A promise and whether it has settled yet. */
function watch<T>(promise: Promise<T>) {
  const state = { settled: false, promise };
  promise.finally(() => (state.settled = true)).catch(() => undefined);
  return state;
}

async function buyerWith(productId: number) {
  const buyer = await makeUser(shop.server);
  await putInCart(shop.server, buyer.id, productId, 1);
  return buyer;
}

const charges = () => shop.paystack.requests.filter((r) => r.method === 'POST' && r.path === '/charge').length;

describe('a slow payment provider holds up no one else', () => {
  it('while a checkout with an Idempotency-Key waits on Paystack, another buyer checks out the same product and reads their cart', async () => {
    const productId = await makeProduct(shop.server, 10);
    const [slowBuyer, other] = [await buyerWith(productId), await buyerWith(productId)];
    const slow = shop.paystack.slowDown('/charge', SLOW_MS);
    const pending = watch(checkout(slowBuyer.token, crypto.randomUUID()));
    await slow.arrived;

    const otherCart = await shop.server.call('/shop/cart', { token: other.token });
    expect(otherCart.status).toBe(200);
    const otherCheckout = await checkout(other.token, crypto.randomUUID());
    expect(otherCheckout.status).toBe(201);
    expect(pending.settled).toBe(false);

    slow.release();
    const answer = await pending.promise;
    expect(answer.status).toBe(201);
    expect(((await answer.json()) as { data: CheckoutStarted }).data.payment.status).toBe('PENDING');
  });

  it('while a payment confirmation with an Idempotency-Key waits on Paystack, another buyer checks out', async () => {
    const productId = await makeProduct(shop.server, 10);
    const [slowBuyer, other] = [await buyerWith(productId), await buyerWith(productId)];
    const started = ((await (await checkout(slowBuyer.token)).json()) as { data: CheckoutStarted }).data;
    shop.paystack.succeed(started.reference);
    const slow = shop.paystack.slowDown('/transaction/verify/', SLOW_MS);
    const pending = watch(confirm(slowBuyer.token, started, crypto.randomUUID()));
    await slow.arrived;

    expect((await checkout(other.token, crypto.randomUUID())).status).toBe(201);
    expect(pending.settled).toBe(false);

    slow.release();
    const answer = await pending.promise;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ data: { status: 'PAID' } });
  });

  it('a retry with the same key while the first is still at Paystack does the work once and answers as the first', async () => {
    const productId = await makeProduct(shop.server, 10);
    const buyer = await buyerWith(productId);
    const key = crypto.randomUUID();
    const chargesBefore = charges();
    const slow = shop.paystack.slowDown('/charge', SLOW_MS, 2);
    const first = watch(checkout(buyer.token, key));
    await slow.arrived;
    const retry = watch(checkout(buyer.token, key));
    // The retry is waiting on the first, not on the database: others are still answered.
    expect((await shop.server.call('/shop/cart', { token: buyer.token })).status).toBe(200);
    expect(retry.settled).toBe(false);

    slow.release();
    const [a, b] = await Promise.all([first.promise, retry.promise]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
    expect(await b.text()).toBe(await a.text());
    expect(charges() - chargesBefore).toBe(1);
    const orders = await shop.server.deps.db.selectFrom('orders').select('id').where('user_id', '=', buyer.id).execute();
    expect(orders).toHaveLength(1);
  });
});
