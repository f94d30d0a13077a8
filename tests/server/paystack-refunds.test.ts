import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { runDueRefunds } from '../../src/server/modules/orders/refunds';
import { refundLines } from '../../src/server/modules/orders/refund-lines';
import { cancelOrder } from '../../src/server/modules/orders/cancel';
import { inTransaction } from '../../src/server/platform/db/transactions';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import { makeProduct, makeUser, putInCart, shopServer } from '../support/shop';

const shop = shopServer({ paystack: true });

const payment = (s: CheckoutStarted, retry = false) => ({
  method: 'POST',
  json: { transactionId: s.reference, amount: s.amount, paymentMethod: 'MOBILE_MONEY', retry, paymentDetails: { reference: s.reference } },
});

async function started() {
  const user = await makeUser(shop.server);
  const productId = await makeProduct(shop.server, 10, 4_000);
  await putInCart(shop.server, user.id, productId, 1);
  const res = await shop.server.call('/shop/checkout', { method: 'POST', token: user.token, json: { pickupLocationId: shop.warehouseId, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: '0541234567' } });
  return { ...user, started: ((await res.json()) as { data: CheckoutStarted }).data };
}

/** A Paystack-paid order its buyer then cancels: a refund is due. */
async function cancelledPaidOrder() {
  const o = await started();
  shop.paystack.succeed(o.started.reference);
  expect((await shop.server.call(`/shop/checkout/${o.started.checkoutId}/payment`, { ...payment(o.started), token: o.token })).status).toBe(200);
  expect((await shop.server.call(`/shop/customers/me/orders/${o.started.orderId}/cancel`, { method: 'POST', token: o.token, json: { reason: 'Changed my mind' } })).status).toBe(200);
  return o;
}

const refundOf = (orderId: number) => shop.server.deps.db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000);
const refundCalls = () => shop.paystack.requests.filter((r) => r.method === 'POST' && r.path === '/refund').length;

describe('refunds through Paystack', () => {
  it('asks POST /refund, follows the refund until Paystack has paid it out, then marks the order refunded', async () => {
    const o = await cancelledPaidOrder();
    await runDueRefunds(shop.server.deps);
    const accepted = await refundOf(o.started.orderId);
    expect(accepted).toMatchObject({ status: 'PROCESSING', last_error: null });
    const fake = shop.paystack.refunds.get(Number(accepted.provider_refund_id))!;
    expect(fake).toMatchObject({ reference: o.started.reference, amount: Math.round(o.started.amount * 100), currency: 'GHS' });
    // Not paid out yet: asked again a minute later, still processing.
    await runDueRefunds(shop.server.deps, minutesFromNow(2));
    expect((await refundOf(o.started.orderId)).status).toBe('PROCESSING');
    shop.paystack.processRefunds();
    await runDueRefunds(shop.server.deps, minutesFromNow(4));
    expect((await refundOf(o.started.orderId)).status).toBe('COMPLETED');
    const order = await shop.server.deps.db.selectFrom('orders').select('payment_status').where('id', '=', o.started.orderId).executeTakeFirstOrThrow();
    expect(order.payment_status).toBe('REFUNDED');
  });

  it('retries with backoff through an outage, and adopts a refund whose answer was lost instead of refunding twice', async () => {
    const o = await cancelledPaidOrder();
    shop.paystack.refundOutages = 1;
    await runDueRefunds(shop.server.deps);
    const failed = await refundOf(o.started.orderId);
    expect(failed).toMatchObject({ status: 'PENDING', attempts: 1, claimed_until: null });
    expect(failed.last_error).toMatch(/Service unavailable/);
    // Not due again until the backoff has passed.
    expect(failed.next_attempt_at > new Date().toISOString()).toBe(true);

    shop.paystack.lostRefundAnswers = 1;
    await runDueRefunds(shop.server.deps, minutesFromNow(1));
    expect((await refundOf(o.started.orderId)).status).toBe('PENDING');
    await runDueRefunds(shop.server.deps, minutesFromNow(2));
    const adopted = await refundOf(o.started.orderId);
    expect(adopted.status).toBe('PROCESSING');
    expect([...shop.paystack.refunds.values()].filter((r) => r.reference === o.started.reference)).toHaveLength(1);
  });

  it('refunds a payment in parts (a line, then the cancel of the rest), each part once, a lost answer adopted only for its own part', async () => {
    const user = await makeUser(shop.server);
    await putInCart(shop.server, user.id, await makeProduct(shop.server, 10, 4_000), 1);
    await putInCart(shop.server, user.id, await makeProduct(shop.server, 10, 2_500), 2);
    const res = await shop.server.call('/shop/checkout', { method: 'POST', token: user.token, json: { pickupLocationId: shop.warehouseId, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: '0541234567' } });
    const s = ((await res.json()) as { data: CheckoutStarted }).data;
    shop.paystack.succeed(s.reference);
    expect((await shop.server.call(`/shop/checkout/${s.checkoutId}/payment`, { ...payment(s), token: user.token })).status).toBe(200);
    const [first] = await shop.server.deps.db.selectFrom('order_items').select('id').where('order_id', '=', s.orderId).orderBy('id').execute();
    await inTransaction(shop.server.deps.db, (trx) => refundLines(trx, { orderId: s.orderId, itemIds: [first!.id], reason: 'Lost on the road', by: 'operator' }));
    shop.paystack.lostRefundAnswers = 1;
    await runDueRefunds(shop.server.deps);
    await runDueRefunds(shop.server.deps, minutesFromNow(1));
    await inTransaction(shop.server.deps.db, (trx) => cancelOrder(trx, s.orderId, 'operator', 'Buyer asked'));
    await runDueRefunds(shop.server.deps, minutesFromNow(2));
    await runDueRefunds(shop.server.deps, minutesFromNow(3));
    const atPaystack = [...shop.paystack.refunds.values()].filter((r) => r.reference === s.reference);
    expect(atPaystack.map((r) => r.amount).sort((a, b) => a - b)).toEqual([Math.round(s.amount * 100) - 4_000, 4_000].sort((a, b) => a - b));
    const rows = await shop.server.deps.db.selectFrom('refunds').select(['part_key', 'status']).where('order_id', '=', s.orderId).orderBy('id').execute();
    expect(rows).toEqual([{ part_key: `lines:${first!.id}`, status: 'PROCESSING' }, { part_key: 'order', status: 'PROCESSING' }]);
  });

  it('sends each due refund exactly once when several job instances run at the same moment', async () => {
    const orders = [];
    for (let i = 0; i < 5; i++) orders.push(await cancelledPaidOrder());
    const before = refundCalls();
    const handled = await Promise.all([runDueRefunds(shop.server.deps), runDueRefunds(shop.server.deps), runDueRefunds(shop.server.deps)]);
    expect(handled.reduce((a, b) => a + b, 0)).toBe(5);
    expect(refundCalls() - before).toBe(5);
    for (const o of orders) expect((await refundOf(o.started.orderId)).status).toBe('PROCESSING');
  });

  it('never lets a replaced attempt settle the order, through the webhook or the confirm call', async () => {
    const o = await started();
    const again = await shop.server.call(`/shop/checkout/${o.started.checkoutId}/payment`, { ...payment(o.started, true), token: o.token });
    expect(again.status).toBe(201);
    const second: CheckoutStarted = ((await again.json()) as any).data;
    // The customer approves the first prompt after all; Paystack reports it by webhook.
    shop.paystack.succeed(o.started.reference);
    const body = JSON.stringify({ event: 'charge.success', data: { reference: o.started.reference } });
    const hook = await shop.server.call('/payments/paystack/webhook', { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-paystack-signature': createHmac('sha512', shop.paystack.secretKey).update(body).digest('hex') } });
    expect(hook.status).toBe(200);
    const confirm = await shop.server.call(`/shop/checkout/${o.started.checkoutId}/payment`, { ...payment(o.started), token: o.token });
    expect(confirm.status).toBe(402);
    const order = await shop.server.deps.db.selectFrom('orders').select(['status', 'payment_status']).where('id', '=', o.started.orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'PENDING', payment_status: 'PENDING' });
    expect((await refundOf(o.started.orderId)).status).toBe('PENDING');
    // The new attempt pays the order.
    shop.paystack.succeed(second.reference);
    expect((await shop.server.call(`/shop/checkout/${o.started.checkoutId}/payment`, { ...payment(second), token: o.token })).status).toBe(200);
  });
});
