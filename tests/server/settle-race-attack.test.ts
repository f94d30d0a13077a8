import { describe, expect, it } from 'vitest';
import { trialBalance } from '../../src/server/modules/ledger/balances';
import { runDueRefunds } from '../../src/server/modules/orders/refunds';
import { settlePayment, type SettleHooks } from '../../src/server/modules/payments/settle';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import { freshWallet, makeProduct, makeUser, putInCart, shopServer, stockOf } from '../support/shop';

/**
 * Issue 37 item 4: an attempt read as open, then replaced (pay again) or cancelled before its
 * settle writes, must not pay the order. The interleaving is forced with settlePayment's
 * afterRead hook (between the attempt's read and its writes), not with timing.
 */
const shop = shopServer({ paystack: true });
const db = () => shop.server.deps.db;
const deps = () => shop.server.deps;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });

async function checkout() {
  const buyer = await makeUser(shop.server);
  const productId = await makeProduct(shop.server, 10, 12_500);
  await putInCart(shop.server, buyer.id, productId, 2);
  const res = await json(await shop.server.call('/shop/checkout', { method: 'POST', token: buyer.token, json: { pickupLocationId: shop.warehouseId, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: freshWallet() } }));
  expect(res.status).toBe(201);
  return { buyer, productId, started: res.body.data as CheckoutStarted };
}

/** The hook acts on the first read only (settlePayment reads again after losing a write). */
const once = (act: () => Promise<void>): SettleHooks => {
  let done = false;
  return {
    afterRead: async () => {
      if (done) return;
      done = true;
      await act();
    },
  };
};

const paymentsOf = (orderId: number) => db().selectFrom('payments').select(['reference', 'status']).where('order_id', '=', orderId).orderBy('id').execute();
const orderRow = (id: number) => db().selectFrom('orders').select(['status', 'payment_status']).where('id', '=', id).executeTakeFirstOrThrow();
/** The order's ledger transactions: kind and event key. */
const bookedFor = (orderId: number) => db().selectFrom('ledger_transactions').select(['kind', 'event_key']).where('order_id', '=', orderId).orderBy('id').execute();
async function expectBooksBalanced() {
  const tb = await trialBalance(db());
  expect(tb.debitsMinor).toBe(tb.creditsMinor);
}

describe('a replaced or cancelled payment attempt cannot pay (attack)', () => {
  it('an attempt superseded by pay again between its read and its write is refunded; the order is paid once, by the new attempt', async () => {
    const { buyer, started } = await checkout();
    let second: CheckoutStarted | undefined;
    // The buyer pays again while the first attempt's settle is between its read and its write;
    // the new attempt is approved and pays the order; then the old prompt is approved too.
    const outcome = await settlePayment(deps(), db(), started.reference, once(async () => {
      const again = await json(await shop.server.call(`/shop/checkout/${started.checkoutId}/payment`, { method: 'POST', token: buyer.token, json: { transactionId: started.reference, amount: started.amount, paymentMethod: 'MOBILE_MONEY', retry: true, paymentDetails: { reference: started.reference } } }));
      expect(again.status).toBe(201);
      second = again.body.data;
      shop.paystack.succeed(second!.reference);
      expect((await settlePayment(deps(), db(), second!.reference)).status).toBe('PAID');
      shop.paystack.succeed(started.reference);
    }));

    expect(outcome.orderNumber).toBe(started.orderNumber);
    expect(await paymentsOf(started.orderId)).toEqual([
      { reference: started.reference, status: 'REFUND_DUE' },
      { reference: second!.reference, status: 'SUCCESS' },
    ]);
    expect(await orderRow(started.orderId)).toEqual({ status: 'PROCESSING', payment_status: 'PAID' });
    const amountMinor = Math.round(started.amount * 100);
    // One hold in escrow (the new attempt's), and the old attempt's money owed back.
    const booked = await bookedFor(started.orderId);
    expect(booked.filter((t) => t.kind === 'escrow.hold')).toHaveLength(1);
    const [firstAttempt] = await db().selectFrom('payments').select('id').where('reference', '=', started.reference).execute();
    expect(booked).toContainEqual({ kind: 'refund.due', event_key: `refund-due:payment:${firstAttempt.id}` });
    const refund = await db().selectFrom('refunds').innerJoin('payments', 'payments.id', 'refunds.payment_id').select(['refunds.status', 'refunds.amount_minor', 'payments.reference']).where('refunds.order_id', '=', started.orderId).execute();
    expect(refund).toEqual([{ status: 'PENDING', amount_minor: amountMinor, reference: started.reference }]);
    await expectBooksBalanced();

    // The refund job sends it through the provider and the ledger closes the debt.
    await runDueRefunds(deps());
    shop.paystack.processRefunds();
    await runDueRefunds(deps(), new Date(Date.now() + 120_000));
    expect((await db().selectFrom('refunds').select('status').where('order_id', '=', started.orderId).executeTakeFirstOrThrow()).status).toBe('COMPLETED');
    expect([...shop.paystack.refunds.values()].filter((r) => r.reference === started.reference)).toHaveLength(1);
    expect(await orderRow(started.orderId)).toEqual({ status: 'PROCESSING', payment_status: 'PAID' });
    await expectBooksBalanced();
  });

  it('an attempt whose order the buyer cancels between its read and its write does not revive the order; its money goes back', async () => {
    const { buyer, productId, started } = await checkout();
    const outcome = await settlePayment(deps(), db(), started.reference, once(async () => {
      const cancelled = await shop.server.call(`/shop/customers/me/orders/${started.orderId}/cancel`, { method: 'POST', token: buyer.token, json: {} });
      expect(cancelled.status).toBe(200);
      shop.paystack.succeed(started.reference);
    }));

    expect(outcome).toMatchObject({ status: 'FAILED', orderStatus: 'CANCELLED' });
    expect(await paymentsOf(started.orderId)).toEqual([{ reference: started.reference, status: 'REFUND_DUE' }]);
    expect((await orderRow(started.orderId)).status).toBe('CANCELLED');
    expect(await stockOf(shop.server, productId)).toBe(10);
    const kinds = (await bookedFor(started.orderId)).map((t) => t.kind);
    expect(kinds).not.toContain('escrow.hold');
    expect(kinds).toContain('refund.due');
    expect(await db().selectFrom('refunds').select('status').where('order_id', '=', started.orderId).execute()).toEqual([{ status: 'PENDING' }]);
    await expectBooksBalanced();
  });

  it('sixty settles of one attempt, all read before pay again replaced it, refund it once and hold the order\'s money once', async () => {
    const { buyer, started } = await checkout();
    // A barrier: every settle has read the attempt as open before anything else happens.
    let arrived = 0;
    let allRead!: () => void;
    let release!: () => void;
    const read = new Promise<void>((resolve) => (allRead = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const hooks: SettleHooks = { afterRead: async () => { if (++arrived === 60) allRead(); await gate; } };
    const settles = Array.from({ length: 60 }, () => settlePayment(deps(), db(), started.reference, hooks));
    await read;
    const again = await json(await shop.server.call(`/shop/checkout/${started.checkoutId}/payment`, { method: 'POST', token: buyer.token, json: { transactionId: started.reference, amount: started.amount, paymentMethod: 'MOBILE_MONEY', retry: true, paymentDetails: { reference: started.reference } } }));
    expect(again.status).toBe(201);
    shop.paystack.succeed(again.body.data.reference);
    expect((await settlePayment(deps(), db(), again.body.data.reference)).status).toBe('PAID');
    shop.paystack.succeed(started.reference);
    release();
    const outcomes = await Promise.allSettled(settles);
    expect(outcomes.every((o) => o.status === 'fulfilled')).toBe(true);

    expect((await paymentsOf(started.orderId)).map((p) => p.status)).toEqual(['REFUND_DUE', 'SUCCESS']);
    const booked = await bookedFor(started.orderId);
    expect(booked.filter((t) => t.kind === 'escrow.hold')).toHaveLength(1);
    expect(booked.filter((t) => t.kind === 'refund.due')).toHaveLength(1);
    expect(await db().selectFrom('refunds').select('status').where('order_id', '=', started.orderId).execute()).toEqual([{ status: 'PENDING' }]);
    await expectBooksBalanced();
  });
});
