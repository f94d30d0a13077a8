import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES, MAX_UNPAID_ORDERS } from '../../src/shared/schemas/checkout';
import { freshWallet, makeProduct, makeUser, putInCart, shopServer, stockOf } from '../support/shop';

/**
 * Issue 21.9: stock cannot be hoarded. One buyer had opened 6 unpaid orders in a row, each
 * holding stock for 30 minutes and each sending a mobile-money prompt to any number. Now: at
 * most MAX_UNPAID_ORDERS unpaid orders per buyer (race-safe), and checkouts and prompts are
 * limited per account, per address and per wallet number.
 */
const shop = shopServer();

const checkout = async (token: string, wallet = freshWallet()) => {
  const res = await shop.server.call('/shop/checkout', { method: 'POST', token, json: { pickupLocationId: shop.warehouseId, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: wallet } });
  return { status: res.status, body: (await res.json()) as { data?: { orderId: number }; message?: string; code?: string } };
};
const cancel = (token: string, orderId: number) => shop.server.call(`/shop/customers/me/orders/${orderId}/cancel`, { method: 'POST', token, json: {} });

async function buyerWithCart(productId?: number) {
  const buyer = await makeUser(shop.server);
  await putInCart(shop.server, buyer.id, productId ?? (await makeProduct(shop.server, 1_000)), 1);
  return buyer;
}

const unpaidOrders = async (userId: number) =>
  (await shop.server.deps.db.selectFrom('orders').select('id').where('user_id', '=', userId).where('status', '=', 'PENDING').execute()).length;

describe('unpaid orders per buyer', () => {
  it(`opens ${MAX_UNPAID_ORDERS} unpaid orders, refuses the next with 409 and a clear message, and takes one again once an order is cancelled`, async () => {
    const buyer = await buyerWithCart();
    const opened = [];
    for (let i = 0; i < MAX_UNPAID_ORDERS; i++) {
      const started = await checkout(buyer.token);
      expect(started.status).toBe(201);
      opened.push(started.body.data!.orderId);
    }
    const refused = await checkout(buyer.token);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'too_many_unpaid_orders', message: CHECKOUT_MESSAGES.tooManyUnpaid });
    expect(await unpaidOrders(buyer.id)).toBe(MAX_UNPAID_ORDERS);

    expect((await cancel(buyer.token, opened[0])).status).toBe(200);
    expect((await checkout(buyer.token)).status).toBe(201);
  });

  it('60 parallel checkouts by one buyer open at most the allowed number', async () => {
    const productId = await makeProduct(shop.server, 1_000);
    const buyer = await buyerWithCart(productId);
    const answers = await Promise.all(Array.from({ length: 60 }, () => checkout(buyer.token)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_UNPAID_ORDERS);
    // The rest: the unpaid limit (409) or, past it, the per-account checkout limit (429).
    expect(statuses.filter((s) => s !== 201 && s !== 409 && s !== 429)).toEqual([]);
    expect(answers.some((a) => a.body.code === 'too_many_unpaid_orders')).toBe(true);
    expect(await unpaidOrders(buyer.id)).toBe(MAX_UNPAID_ORDERS);
    // A refused checkout took no stock: only the allowed orders hold any.
    expect(await stockOf(shop.server, productId)).toBe(1_000 - MAX_UNPAID_ORDERS);
  });
});

describe('checkout and prompt rate limits', () => {
  it('limits checkouts per account, even when each order is cancelled before the next', async () => {
    const buyer = await buyerWithCart();
    let answer = await checkout(buyer.token);
    for (let i = 0; answer.status === 201 && i < 50; i++) {
      expect((await cancel(buyer.token, answer.body.data!.orderId)).status).toBe(200);
      answer = await checkout(buyer.token);
    }
    expect(answer.status).toBe(429);
    expect(answer.body.message).toBe(CHECKOUT_MESSAGES.tooManyCheckouts);
  });

  it('limits the prompts sent to one wallet number, whichever accounts ask', async () => {
    const wallet = freshWallet();
    const productId = await makeProduct(shop.server, 1_000);
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push(await checkout((await buyerWithCart(productId)).token, wallet));
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(answers.slice(10).map((a) => [a.status, a.body.message])).toEqual([
      [429, CHECKOUT_MESSAGES.tooManyPrompts],
      [429, CHECKOUT_MESSAGES.tooManyPrompts],
    ]);
    // Another number is still served.
    expect((await checkout((await buyerWithCart(productId)).token)).status).toBe(201);
  });

  it('limits checkouts per network address, across accounts and wallets', async () => {
    const productId = await makeProduct(shop.server, 1_000);
    const buyers = await Promise.all(Array.from({ length: 130 }, () => buyerWithCart(productId)));
    const statuses: number[] = [];
    for (const buyer of buyers) statuses.push((await checkout(buyer.token)).status);
    // Every checkout of this file came from the one in-process address: at most 120 an hour.
    expect(statuses.filter((s) => s === 201).length).toBeLessThanOrEqual(120);
    expect(statuses.slice(-10)).toEqual(Array(10).fill(429));
  });
});
