import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import { readMailSpool } from '../support/server';
import { makeProduct, makeUser, putInCart, stockOf, shopServer } from '../support/shop';

const shop = shopServer({ paystack: true });

async function startPaid(network = 'MTN', number = '0541234567') {
  const user = await makeUser(shop.server);
  const productId = await makeProduct(shop.server, 10, 7_550);
  await putInCart(shop.server, user.id, productId, 2);
  const res = await shop.server.call('/shop/checkout', {
    method: 'POST',
    token: user.token,
    json: { pickupLocationId: String(shop.warehouseId), paymentMethod: 'MOBILE_MONEY', mobileMoneyNetwork: network, mobileMoneyNumber: number },
  });
  expect(res.status).toBe(201);
  return { ...user, productId, started: ((await res.json()) as { data: CheckoutStarted }).data };
}

const confirm = async (token: string, s: CheckoutStarted) => {
  const res = await shop.server.call(`/shop/checkout/${s.checkoutId}/payment`, {
    method: 'POST',
    token,
    json: { transactionId: s.reference, amount: s.amount, paymentMethod: 'MOBILE_MONEY', paymentDetails: { reference: s.reference } },
  });
  return { status: res.status, body: (await res.json()) as any };
};

const sign = (body: string, key = shop.paystack.secretKey) => createHmac('sha512', key).update(body).digest('hex');
const webhook = (body: string, signature?: string) =>
  shop.server.call('/payments/paystack/webhook', {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'x-paystack-signature': signature }) },
  });
const chargeSuccess = (s: CheckoutStarted, amount = Math.round(s.amount * 100)) =>
  JSON.stringify({ event: 'charge.success', data: { reference: s.reference, amount, currency: 'GHS', status: 'success' } });

const paidConfirmations = (orderId: number) =>
  shop.server.deps.db.selectFrom('order_status_history').select('id').where('order_id', '=', orderId).where('status', '=', 'PAYMENT_CONFIRMED').execute();

describe('Paystack provider', () => {
  it('charges the mobile-money wallet with the secret key, in pesewas, and shows Paystack\'s prompt text', async () => {
    const { started } = await startPaid('MTN', '+233 24 123 4567');
    expect(started).toMatchObject({ provider: 'paystack', amount: 151, payment: { simulated: false, needsOtp: false, status: 'PENDING', network: 'MTN', phoneNumber: '0241234567' } });
    expect(started.payment.displayText).toBe('Please complete authorization process on your mobile phone');
    const charge = shop.paystack.transactions.get(started.reference)!.charge;
    expect(charge).toMatchObject({ amount: 15_100, currency: 'GHS', reference: started.reference, mobile_money: { phone: '0241234567', provider: 'mtn' } });
  });

  it('takes the voucher code Telecel (Vodafone) Cash asks for, from the order\'s owner only', async () => {
    const { token, started } = await startPaid('VODAFONE', '050 123 4567');
    expect(started.payment).toMatchObject({ needsOtp: true, network: 'VODAFONE', phoneNumber: '0501234567' });
    expect(shop.paystack.transactions.get(started.reference)!.charge).toMatchObject({ mobile_money: { provider: 'vod' } });
    const send = (otp: unknown, as = token) => shop.server.call(`/payments/${started.reference}/otp`, { method: 'POST', token: as, json: { otp } });
    const bad = await send('12ab');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).message).toBe('Please enter the code from your phone (4 to 8 digits)');
    expect((await send('123456', (await makeUser(shop.server)).token)).status).toBe(404);
    const ok = await send('123456');
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as any).data).toMatchObject({ needsOtp: false, status: 'PENDING', displayText: 'Please complete authorization process on your mobile phone' });
    expect(shop.paystack.transactions.get(started.reference)!.otp).toBe('123456');
    shop.paystack.succeed(started.reference);
    expect((await confirm(token, started)).status).toBe(200);
  });

  it('pays once for a webhook and a confirm that race, after verifying with Paystack', async () => {
    const { token, email, started } = await startPaid();
    expect((await confirm(token, started)).status).toBe(202);
    shop.paystack.succeed(started.reference);
    const body = chargeSuccess(started);
    const [hook, hookAgain, confirmed] = await Promise.all([webhook(body, sign(body)), webhook(body, sign(body)), confirm(token, started)]);
    expect(hook.status).toBe(200);
    expect(hookAgain.status).toBe(200);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ status: 'PAID', paymentStatus: 'PAID', orderStatus: 'PROCESSING' });
    expect(await paidConfirmations(started.orderId)).toHaveLength(1);
    expect(readMailSpool(shop.server).filter((m) => m.to === email)).toHaveLength(1);
    const verifies = shop.paystack.requests.filter((r) => r.path === `/transaction/verify/${started.reference}`);
    expect(verifies.length).toBeGreaterThanOrEqual(1);
    const payment = await shop.server.deps.db.selectFrom('payments').selectAll().where('reference', '=', started.reference).executeTakeFirstOrThrow();
    expect(payment.status).toBe('SUCCESS');
    expect(payment.provider_transaction_id).toBe(String(shop.paystack.transactions.get(started.reference)!.id));
  });

  it('refuses forged webhooks: wrong key, altered body, no signature', async () => {
    const { started } = await startPaid();
    shop.paystack.succeed(started.reference);
    const body = chargeSuccess(started);
    expect((await webhook(body, sign(body, 'sk_test_someone_else'))).status).toBe(401);
    expect((await webhook(body.replace('charge.success', 'charge.success '), sign(body))).status).toBe(401);
    expect((await webhook(body)).status).toBe(401);
    expect((await webhook(body, 'zz')).status).toBe(401);
    const order = await shop.server.deps.db.selectFrom('orders').select('payment_status').where('id', '=', started.orderId).executeTakeFirstOrThrow();
    expect(order.payment_status).toBe('PENDING');
  });

  it('never marks an order paid when Paystack reports another amount or currency', async () => {
    const { token, started } = await startPaid();
    shop.paystack.succeed(started.reference, { amount: 100 });
    const body = chargeSuccess(started, 100);
    expect((await webhook(body, sign(body))).status).toBe(200);
    const mismatch = await confirm(token, started);
    expect(mismatch.status).toBe(409);
    expect(mismatch.body.message).toBe('The amount paid does not match the order total, so the order was not marked as paid.');

    const other = await startPaid();
    shop.paystack.succeed(other.started.reference, { currency: 'NGN' });
    expect((await confirm(other.token, other.started)).status).toBe(409);
    for (const orderId of [started.orderId, other.started.orderId]) {
      const order = await shop.server.deps.db.selectFrom('orders').select('payment_status').where('id', '=', orderId).executeTakeFirstOrThrow();
      expect(order.payment_status).toBe('PENDING');
      expect(await paidConfirmations(orderId)).toHaveLength(0);
    }
  });

  it('leaves a failed charge unpaid and keeps the stock reserved for paying again', async () => {
    const { token, productId, started } = await startPaid();
    expect(await stockOf(shop.server, productId)).toBe(8);
    shop.paystack.fail(started.reference);
    const declined = await confirm(token, started);
    expect(declined.status).toBe(402);
    expect(await stockOf(shop.server, productId)).toBe(8);
    const order = await shop.server.deps.db.selectFrom('orders').select(['status', 'payment_status']).where('id', '=', started.orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'PENDING', payment_status: 'FAILED' });
  });

  it('hides the sandbox prompt when real Paystack is configured, and ignores unknown references', async () => {
    const { token, started } = await startPaid();
    expect((await shop.server.call(`/payments/sandbox/${started.reference}/approve`, { method: 'POST', token })).status).toBe(404);
    const body = JSON.stringify({ event: 'charge.success', data: { reference: 'PSK-unknown' } });
    const res = await webhook(body, sign(body));
    expect(res.status).toBe(200);
    expect(((await res.json()) as any).data.applied).toBe(false);
  });
});
