import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueRefunds } from '../../src/server/modules/orders/refunds';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import { startFakePaystack, type FakePaystack } from '../support/fake-paystack';
import { startTestServer, type TestServer } from '../support/server';
import { firstWarehouseId, makeProduct, makeUser, putInCart } from '../support/shop';

let paystack: FakePaystack;
let server: TestServer;
let warehouseId: number;
beforeAll(async () => {
  paystack = await startFakePaystack();
  server = await startTestServer({ env: { PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.baseUrl } });
  warehouseId = await firstWarehouseId(server);
});
afterAll(async () => {
  await server.close();
  await paystack.close();
});

const payment = (s: CheckoutStarted, retry = false) => ({
  method: 'POST',
  json: { transactionId: s.reference, amount: s.amount, paymentMethod: 'MOBILE_MONEY', retry, paymentDetails: { reference: s.reference } },
});

async function started() {
  const user = await makeUser(server);
  const productId = await makeProduct(server, 10, 4_000);
  await putInCart(server, user.id, productId, 1);
  const res = await server.call('/shop/checkout', { method: 'POST', token: user.token, json: { pickupLocationId: warehouseId, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: '0541234567' } });
  return { ...user, started: ((await res.json()) as { data: CheckoutStarted }).data };
}

/** A Paystack-paid order its buyer then cancels: a refund is due. */
async function cancelledPaidOrder() {
  const o = await started();
  paystack.succeed(o.started.reference);
  expect((await server.call(`/shop/checkout/${o.started.checkoutId}/payment`, { ...payment(o.started), token: o.token })).status).toBe(200);
  expect((await server.call(`/shop/customers/me/orders/${o.started.orderId}/cancel`, { method: 'POST', token: o.token, json: { reason: 'Changed my mind' } })).status).toBe(200);
  return o;
}

const refundOf = (orderId: number) => server.deps.db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).executeTakeFirstOrThrow();
const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000);
const refundCalls = () => paystack.requests.filter((r) => r.method === 'POST' && r.path === '/refund').length;

describe('refunds through Paystack', () => {
  it('asks POST /refund, follows the refund until Paystack has paid it out, then marks the order refunded', async () => {
    const o = await cancelledPaidOrder();
    await runDueRefunds(server.deps);
    const accepted = await refundOf(o.started.orderId);
    expect(accepted).toMatchObject({ status: 'PROCESSING', last_error: null });
    const fake = paystack.refunds.get(Number(accepted.provider_refund_id))!;
    expect(fake).toMatchObject({ reference: o.started.reference, amount: Math.round(o.started.amount * 100), currency: 'GHS' });
    // Not paid out yet: asked again a minute later, still processing.
    await runDueRefunds(server.deps, minutesFromNow(2));
    expect((await refundOf(o.started.orderId)).status).toBe('PROCESSING');
    paystack.processRefunds();
    await runDueRefunds(server.deps, minutesFromNow(4));
    expect((await refundOf(o.started.orderId)).status).toBe('COMPLETED');
    const order = await server.deps.db.selectFrom('orders').select('payment_status').where('id', '=', o.started.orderId).executeTakeFirstOrThrow();
    expect(order.payment_status).toBe('REFUNDED');
  });

  it('retries with backoff through an outage, and adopts a refund whose answer was lost instead of refunding twice', async () => {
    const o = await cancelledPaidOrder();
    paystack.refundOutages = 1;
    await runDueRefunds(server.deps);
    const failed = await refundOf(o.started.orderId);
    expect(failed).toMatchObject({ status: 'PENDING', attempts: 1, claimed_until: null });
    expect(failed.last_error).toMatch(/Service unavailable/);
    // Not due again until the backoff has passed.
    expect(failed.next_attempt_at > new Date().toISOString()).toBe(true);

    paystack.lostRefundAnswers = 1;
    await runDueRefunds(server.deps, minutesFromNow(1));
    expect((await refundOf(o.started.orderId)).status).toBe('PENDING');
    await runDueRefunds(server.deps, minutesFromNow(2));
    const adopted = await refundOf(o.started.orderId);
    expect(adopted.status).toBe('PROCESSING');
    expect([...paystack.refunds.values()].filter((r) => r.reference === o.started.reference)).toHaveLength(1);
  });

  it('sends each due refund exactly once when several job instances run at the same moment', async () => {
    const orders = [];
    for (let i = 0; i < 5; i++) orders.push(await cancelledPaidOrder());
    const before = refundCalls();
    const handled = await Promise.all([runDueRefunds(server.deps), runDueRefunds(server.deps), runDueRefunds(server.deps)]);
    expect(handled.reduce((a, b) => a + b, 0)).toBe(5);
    expect(refundCalls() - before).toBe(5);
    for (const o of orders) expect((await refundOf(o.started.orderId)).status).toBe('PROCESSING');
  });

  it('never lets a replaced attempt settle the order, through the webhook or the confirm call', async () => {
    const o = await started();
    const again = await server.call(`/shop/checkout/${o.started.checkoutId}/payment`, { ...payment(o.started, true), token: o.token });
    expect(again.status).toBe(201);
    const second: CheckoutStarted = ((await again.json()) as any).data;
    // The customer approves the first prompt after all; Paystack reports it by webhook.
    paystack.succeed(o.started.reference);
    const body = JSON.stringify({ event: 'charge.success', data: { reference: o.started.reference } });
    const hook = await server.call('/payments/paystack/webhook', { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-paystack-signature': createHmac('sha512', paystack.secretKey).update(body).digest('hex') } });
    expect(hook.status).toBe(200);
    const confirm = await server.call(`/shop/checkout/${o.started.checkoutId}/payment`, { ...payment(o.started), token: o.token });
    expect(confirm.status).toBe(402);
    const order = await server.deps.db.selectFrom('orders').select(['status', 'payment_status']).where('id', '=', o.started.orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'PENDING', payment_status: 'PENDING' });
    expect((await refundOf(o.started.orderId)).status).toBe('PENDING');
    // The new attempt pays the order.
    paystack.succeed(second.reference);
    expect((await server.call(`/shop/checkout/${o.started.checkoutId}/payment`, { ...payment(second), token: o.token })).status).toBe(200);
  });
});
