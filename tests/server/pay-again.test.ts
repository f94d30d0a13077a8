import { describe, expect, it } from 'vitest';
import { releaseExpiredReservations } from '../../src/server/modules/orders/reservations';
import { runDueRefunds } from '../../src/server/modules/orders/refunds';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import { makeProduct, makeUser, putInCart, stockOf, shopServer } from '../support/shop';

const shop = shopServer();

async function shopper(stock = 10, quantity = 2) {
  const user = await makeUser(shop.server);
  const productId = await makeProduct(shop.server, stock);
  await putInCart(shop.server, user.id, productId, quantity);
  const res = await shop.server.call('/shop/checkout', {
    method: 'POST',
    token: user.token,
    json: { pickupLocationId: shop.warehouseId, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: '0241234567' },
  });
  return { ...user, productId, started: ((await res.json()) as { data: CheckoutStarted }).data };
}

/** The payment call: a confirm, or with retry "pay again" (optionally from another wallet). */
async function pay(token: string, s: CheckoutStarted, extra: { retry?: boolean; phoneNumber?: string; network?: string } = {}) {
  const { retry, ...wallet } = extra;
  const res = await shop.server.call(`/shop/checkout/${s.checkoutId}/payment`, {
    method: 'POST',
    token,
    json: { transactionId: s.reference, amount: s.amount, paymentMethod: 'MOBILE_MONEY', retry, paymentDetails: { reference: s.reference, ...wallet } },
  });
  return { status: res.status, body: (await res.json()) as any };
}

const answer = (token: string, reference: string, what: 'approve' | 'decline') => shop.server.call(`/payments/sandbox/${reference}/${what}`, { method: 'POST', token });
const orderRow = (id: number) => shop.server.deps.db.selectFrom('orders').select(['status', 'payment_status']).where('id', '=', id).executeTakeFirstOrThrow();
const paymentsOf = (id: number) => shop.server.deps.db.selectFrom('payments').select(['reference', 'status']).where('order_id', '=', id).orderBy('id').execute();

describe('pay again', () => {
  it('starts a new attempt after a decline; the old reference never settles the order; 409 once paid', async () => {
    const { token, productId, started } = await shopper(5, 2);
    await answer(token, started.reference, 'decline');
    expect((await pay(token, started)).status).toBe(402);

    const again = await pay(token, started, { retry: true });
    expect(again.status).toBe(201);
    const second: CheckoutStarted = again.body.data;
    expect(second.reference).not.toBe(started.reference);
    expect(second).toMatchObject({ checkoutId: started.checkoutId, orderNumber: started.orderNumber, amount: started.amount });
    // The hold keeps its original end: the countdown goes on, it does not restart.
    expect(second.payment.expiresAt).toBe(started.payment.expiresAt);
    expect(await orderRow(started.orderId)).toEqual({ status: 'PENDING', payment_status: 'PENDING' });
    expect(await stockOf(shop.server, productId)).toBe(3);

    // The declined prompt cannot be answered again, and confirming it does not pay the order.
    expect((await answer(token, started.reference, 'approve')).status).toBe(409);
    expect((await pay(token, started)).status).toBe(402);
    expect(await orderRow(started.orderId)).toEqual({ status: 'PENDING', payment_status: 'PENDING' });

    expect((await answer(token, second.reference, 'approve')).status).toBe(200);
    expect((await pay(token, second)).body.data.status).toBe('PAID');
    expect(await orderRow(started.orderId)).toEqual({ status: 'PROCESSING', payment_status: 'PAID' });
    const paidAgain = await pay(token, second, { retry: true });
    expect(paidAgain.status).toBe(409);
    expect(paidAgain.body).toMatchObject({ code: 'already_paid', message: 'This order is already paid.' });
    expect(await stockOf(shop.server, productId)).toBe(3);
  });

  it('replaces an abandoned attempt: if that old prompt is approved anyway, its money is refunded, not used', async () => {
    const { token, started } = await shopper();
    const second: CheckoutStarted = (await pay(token, started, { retry: true })).body.data;
    expect(await paymentsOf(started.orderId)).toEqual([
      { reference: started.reference, status: 'SUPERSEDED' },
      { reference: second.reference, status: 'PENDING' },
    ]);
    // The buyer finds the first prompt and approves it: the order must not become paid by it.
    expect((await answer(token, started.reference, 'approve')).status).toBe(200);
    expect(await orderRow(started.orderId)).toEqual({ status: 'PENDING', payment_status: 'PENDING' });
    const refund = await shop.server.deps.db.selectFrom('refunds').selectAll().where('order_id', '=', started.orderId).executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ status: 'PENDING', amount_minor: Math.round(started.amount * 100) });
    expect(await runDueRefunds(shop.server.deps)).toBeGreaterThanOrEqual(1);
    expect((await shop.server.deps.db.selectFrom('refunds').select('status').where('id', '=', refund.id).executeTakeFirstOrThrow()).status).toBe('COMPLETED');
    // The order is still the buyer's to pay with the new attempt.
    await answer(token, second.reference, 'approve');
    expect(await orderRow(started.orderId)).toEqual({ status: 'PROCESSING', payment_status: 'PAID' });
  });

  it('checks a new wallet with the shared numbering-plan rule and uses it', async () => {
    const { token, started } = await shopper();
    await answer(token, started.reference, 'decline');
    const wrong = await pay(token, started, { retry: true, phoneNumber: '0201234567', network: 'MTN' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors['paymentDetails.phoneNumber']).toBe('This number is on Telecel, not MTN. Choose Telecel Cash or enter a number on MTN.');
    const right = await pay(token, started, { retry: true, phoneNumber: '020 123 4567', network: 'VODAFONE' });
    expect(right.status).toBe(201);
    expect(right.body.data.payment).toMatchObject({ network: 'VODAFONE', phoneNumber: '0201234567' });
  });

  it('refuses once the reservation has lapsed, and hides other buyers\' orders', async () => {
    const { token, started } = await shopper();
    const stranger = await makeUser(shop.server);
    expect((await pay(stranger.token, started, { retry: true })).status).toBe(404);
    await answer(token, started.reference, 'decline');
    await shop.server.deps.db.updateTable('orders').set({ reservation_expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', started.orderId).execute();
    await releaseExpiredReservations(shop.server.deps.db);
    const late = await pay(token, started, { retry: true });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('reservation_expired');
  });
});
