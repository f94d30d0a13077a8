import { formatMinor, fromMinor } from '../../../shared/money';
import { CHECKOUT_MESSAGES, type PaymentState, type SettleOutcome } from '../../../shared/schemas/checkout';
import type { Deps } from '../../http/context';
import { HttpError, notFound } from '../../http/errors';
import { dialectOf, now, type Db } from '../../platform/db';
import { sql } from 'kysely';
import { createPaymentProvider, type VerifiedPayment } from '../../platform/payments';
import { addHistory, historyInsert, OutOfStock, queueRefund, reserveStock } from '../orders';
import { inTransaction, refuseInsideTransaction } from '../../platform/db/transactions';
import { lockOrderForNotices, newOrderReads, notify, notifyInBatch, readOrderLines } from '../../platform/messages';
import { WriteBatch } from '../../platform/db/write-batch';
import { precompiled } from '../../platform/db/precompiled';
import { holdPayment, owePaymentBack } from '../ledger';

const REFUND_MESSAGE = 'Your payment arrived after the reservation had expired and the items sold out. It is being refunded to your mobile money wallet.';
const REPLACED_MESSAGE = 'This payment attempt was replaced by a newer one or the order was cancelled, so it cannot pay for the order. Its money is being refunded to your mobile money wallet.';

/** Attempts that can never settle their order: a newer attempt replaced them, or the order was cancelled. */
const UNUSABLE = ['SUPERSEDED', 'CANCELLED'];

type SettleDeps = Pick<Deps, 'config' | 'mailer' | 'logger'>;
/** failure says why a FAILED outcome failed when it was not a decline (shared/schemas/checkout.ts). */
export type { SettleOutcome };

/**
 * The one place a payment is settled: the confirm call, the Paystack webhook and the
 * sandbox prompt all come here. The provider is asked (outside any transaction) what
 * happened to the reference; only a success whose amount and currency equal the order's
 * total marks the order PAID. Each UPDATE of the payment row is conditional on the status
 * read first, so it applies once however many callers race (pay again, a cancel, a twin
 * settle), only the winner queues the messages, and money on an attempt that lost goes back.
 */
export async function settlePayment(deps: SettleDeps, db: Db, reference: string, hooks: SettleHooks = {}): Promise<SettleOutcome> {
  refuseInsideTransaction(db, 'settlePayment asks the payment provider');
  // Every write below is conditional on the attempt's status as read here; when another caller
  // changed it in between (pay again, a cancel, a twin settle) this one lost and reads again.
  for (let tries = 1; ; tries++) {
    const outcome = await settleOnce(deps, db, reference, hooks);
    if (outcome !== LOST) return outcome;
    if (tries >= 3) throw new HttpError(409, 'The order changed while the payment was being recorded. Please try again.', 'order_changed');
  }
}

/** Tests only: runs between the attempt's read and its writes, to force an interleaving there. */
export interface SettleHooks {
  afterRead?: () => Promise<void>;
}

/** A conditional write found the attempt's status changed since it was read. */
const LOST = Symbol('lost');

async function settleOnce(deps: SettleDeps, db: Db, reference: string, hooks: SettleHooks): Promise<SettleOutcome | typeof LOST> {
  // The order's total and currency never change after checkout, so they come with the payment.
  const payment = (await paymentWithOrder(db, { reference })).rows[0];
  if (!payment) throw notFound('Payment not found');
  if (payment.status === 'SUCCESS') return outcomeOf(db, reference, 'PAID', 'Payment confirmed');
  if (payment.status === 'REFUND_DUE') return outcomeOf(db, reference, 'FAILED', REPLACED_MESSAGE);

  const provider = createPaymentProvider(deps.config, db);
  if (provider.name !== payment.provider) {
    throw new HttpError(409, `This payment was started with ${payment.provider}, which is not configured now.`, 'payment_provider_changed');
  }
  await hooks.afterRead?.();
  // The row read just now is handed over: the sandbox keeps its prompt's answer there.
  const verified = await provider.verify(reference, payment);

  if (verified.status === 'pending') return outcomeOf(db, reference, 'PENDING', verified.message || 'Waiting for the customer to approve the payment');

  if (verified.status === 'failed') {
    // The order keeps its reservation, so the buyer can pay again until it lapses. Only the
    // attempt still open (PENDING) speaks for the order; an older one failing changes nothing.
    await inTransaction(db, async (trx) => {
      await trx.updateTable('orders').set({ updated_at: now() }).where('id', '=', payment.order_id).execute();
      const failed = await trx
        .updateTable('payments')
        .set({ status: 'FAILED', raw: JSON.stringify(verified.raw), updated_at: now() })
        .where('reference', '=', reference)
        .where('status', '=', 'PENDING')
        .executeTakeFirst();
      if (Number(failed.numUpdatedRows) !== 1) return;
      await trx.updateTable('orders').set({ payment_status: 'FAILED', updated_at: now() }).where('id', '=', payment.order_id).where('status', '=', 'PENDING').where('payment_status', '=', 'PENDING').execute();
      await notify(trx, { kind: 'order.status', orderId: payment.order_id });
    });
    return outcomeOf(db, reference, 'FAILED', CHECKOUT_MESSAGES.declined);
  }

  if (UNUSABLE.includes(payment.status)) {
    // Money arrived on an attempt that may not settle the order: it goes back.
    await inTransaction(db, async (trx) => {
      await trx.updateTable('orders').set({ updated_at: now() }).where('id', '=', payment.order_id).execute();
      await oweAttemptBack(trx, payment, verified, UNUSABLE, 'Payment attempt replaced or order cancelled');
    });
    deps.logger.warn({ reference }, 'a replaced payment attempt was paid; refund queued');
    return outcomeOf(db, reference, 'FAILED', REPLACED_MESSAGE);
  }

  const order = { total_minor: payment.order_total_minor, currency: payment.order_currency };
  if (verified.amountMinor !== order.total_minor || verified.currency !== order.currency || verified.amountMinor !== payment.amount_minor) {
    deps.logger.warn({ reference, expected: order.total_minor, paid: verified.amountMinor, currency: verified.currency }, 'payment amount mismatch');
    await db
      .updateTable('payments')
      .set({ status: 'MISMATCH', raw: JSON.stringify(verified.raw), updated_at: now() })
      .where('reference', '=', reference)
      .where('status', '=', payment.status)
      .execute();
    return outcomeOf(db, reference, 'FAILED', CHECKOUT_MESSAGES.mismatch, 'mismatch');
  }

  const applied = await applySuccess(db, payment, verified);
  if (applied === LOST) return LOST;
  if (applied === 'refunded') {
    deps.logger.warn({ reference }, 'a second payment attempt was paid on a paid order; refund queued');
    return outcomeOf(db, reference, 'FAILED', REPLACED_MESSAGE);
  }
  if (applied) deps.logger.info({ reference, orderId: payment.order_id }, 'order paid');
  // This call moved the order to paid, so its state is known without reading it back.
  if (applied === 'paid') return paidOutcome(payment.order_id, payment.order_number, payment.order_total_minor, reference);
  return outcomeOf(db, reference, 'PAID', 'Payment confirmed');
}

// Built once per dialect: every settling runs it (precompiled.ts).
const paymentWithOrder = precompiled((db, p: (name: 'reference') => never) =>
  db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .selectAll('payments')
    .select(['orders.total_minor as order_total_minor', 'orders.currency as order_currency', 'orders.order_number'])
    .where('payments.reference', '=', p('reference')),
);

/** The paid items leave the server cart; anything added since stays. */
const paidItemsOutOfCart = precompiled((db, p: (name: 'userId' | 'orderId') => never) =>
  db.deleteFrom('cart_items').where('user_id', '=', p('userId')).where('product_id', 'in', db.selectFrom('order_items').select('product_id').where('order_id', '=', p('orderId'))),
);

/** The attempt as settling read it: what its writes are conditional on. */
type ReadAttempt = { id: number; order_id: number; reference: string; status: string; currency: string };

/**
 * Money arrived on an attempt that may not settle its order (replaced, cancelled, or another
 * attempt paid the order first): it is owed back, only if the attempt is still in one of
 * `from` (so the caller that changed it first decides), with its ledger entry and refund row.
 */
async function oweAttemptBack(trx: Db, attempt: ReadAttempt, verified: VerifiedPayment, from: readonly string[], reason: string): Promise<boolean> {
  const flagged = await trx
    .updateTable('payments')
    .set({ status: 'REFUND_DUE', verified_at: now(), provider_transaction_id: verified.providerTransactionId, raw: JSON.stringify(verified.raw), updated_at: now() })
    .where('reference', '=', attempt.reference)
    .where('status', 'in', from)
    .executeTakeFirst();
  if (Number(flagged.numUpdatedRows) !== 1) return false;
  await owePaymentBack(trx, { id: attempt.id, orderId: attempt.order_id, amountMinor: verified.amountMinor, reference: attempt.reference });
  await queueRefund(trx, { orderId: attempt.order_id, paymentId: attempt.id, amountMinor: verified.amountMinor, currency: verified.currency || attempt.currency, reason });
  return true;
}

/**
 * Marks the payment and its order paid, once, and only from the status settling read (LOST
 * when it changed). 'paid' when this call moved the order to PROCESSING/PAID; 'refunded' when
 * another attempt had paid the order, so this money is owed back; false when it was paid too
 * late and the stock was gone (refund due).
 */
async function applySuccess(db: Db, payment: ReadAttempt, verified: VerifiedPayment): Promise<'paid' | 'refunded' | typeof LOST | false> {
  const { id: paymentId, order_id: orderId, reference, status: readStatus } = payment;
  const markPayment = (trx: Db) =>
    trx
      .updateTable('payments')
      .set({ status: 'SUCCESS', verified_at: now(), provider_transaction_id: verified.providerTransactionId, raw: JSON.stringify(verified.raw), updated_at: now() })
      .where('reference', '=', reference)
      .where('status', '=', readStatus);
  const note = `Paid ${formatMinor(verified.amountMinor)} by mobile money (reference ${reference})`;
  const attempt = () =>
    inTransaction(db, async (trx) => {
      // Lock the order row before the payment row (the sweep and operators lock orders first);
      // what it reads stays true while the lock is held, so it is read by the same statement
      // (on PostgreSQL with all the notices below need of the order, its buyer and warehouse).
      const reads = newOrderReads();
      const postgres = dialectOf(trx) === 'postgres';
      const locked = postgres ? await lockOrderForNotices(trx, orderId, now(), reads) : undefined;
      const order = locked?.order ?? (await trx.updateTable('orders').set({ updated_at: now() }).where('id', '=', orderId).returning(['status', 'payment_status', 'user_id', 'transport_minor']).executeTakeFirstOrThrow());
      let extra = '';
      if (order.status === 'PENDING' && locked) {
        // The usual case on PostgreSQL in one round trip: the payment marked and, only if it
        // was, the order moved (its row is locked above, so its status still holds).
        const done = await markPaidAndMove(trx, orderId, reference, readStatus, verified);
        if (!done.marked) return LOST;
        if (!done.moved) throw new OrderMoved();
        locked.keep(PAID_MOVE);
      } else {
        // Only a waiting order, or one whose reservation lapsed unpaid, can take this money;
        // an order another attempt paid (whatever became of it since) gives it back.
        const lapsedUnpaid = order.status === 'CANCELLED' && (order.payment_status === 'PENDING' || order.payment_status === 'FAILED');
        if (order.status !== 'PENDING' && !lapsedUnpaid) {
          return (await oweAttemptBack(trx, payment, verified, [readStatus], 'Another payment attempt had paid the order')) ? ('refunded' as const) : LOST;
        }
        if (Number((await markPayment(trx).executeTakeFirst()).numUpdatedRows) !== 1) return LOST;
        if (lapsedUnpaid) {
          // Paid after the reservation lapsed: take the stock again if it is still there.
          const items = await trx.selectFrom('order_items').select(['product_id', 'quantity', 'product_name']).where('order_id', '=', orderId).execute();
          await reserveStock(trx, items.map((i) => ({ productId: i.product_id, quantity: i.quantity, name: i.product_name })));
          extra = ' after its reservation had lapsed; the stock was reserved again';
        }
        // Conditional on the status just read: if the sweep or an operator cancelled the
        // order meanwhile (and gave its stock back), start again and take the other path.
        const moved = await movePaid(trx, orderId, order.status).executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) throw new OrderMoved();
      }
      // The writes nobody reads back go together at the end (one statement on PostgreSQL).
      const later = new WriteBatch(trx);
      later.add(historyInsert(trx, orderId, 'PAYMENT_CONFIRMED', note + extra));
      // The money is held in escrow for the order's sellers until the buyer collects: their
      // shares from the lines the notices below list too (one read for both).
      const lines = await readOrderLines(trx, orderId, reads);
      await holdPayment(trx, { id: paymentId, orderId, amountMinor: verified.amountMinor, reference, feeMinor: verified.feeMinor, transportMinor: order.transport_minor }, lines.map((l) => ({ sellerId: l.id, totalMinor: Number(l.total_minor) })));
      later.add(paidItemsOutOfCart.query(trx, { userId: order.user_id, orderId }));
      // The buyer's confirmation and each seller's sale, committed with the payment.
      await notifyInBatch(later, [{ kind: 'order.status', orderId }, { kind: 'order.sold', orderId }], reads);
      await later.flush();
      return 'paid' as const;
    });
  try {
    for (let tries = 1; ; tries++) {
      try {
        return await attempt();
      } catch (error) {
        if (!(error instanceof OrderMoved)) throw error;
        if (tries >= 3) throw new HttpError(409, 'The order changed while the payment was being recorded. Please try again.', 'order_changed');
      }
    }
  } catch (error) {
    if (!(error instanceof OutOfStock)) throw error;
    // Paid too late and the stock is gone: record the money and flag a refund.
    return inTransaction(db, async (trx) => {
      await trx.updateTable('orders').set({ updated_at: now() }).where('id', '=', orderId).execute();
      if (Number((await markPayment(trx).executeTakeFirst()).numUpdatedRows) !== 1) return LOST;
      await trx.updateTable('orders').set({ payment_status: 'REFUND_DUE', updated_at: now() }).where('id', '=', orderId).execute();
      await owePaymentBack(trx, { id: paymentId, orderId, amountMinor: verified.amountMinor, reference });
      await queueRefund(trx, { orderId, paymentId, amountMinor: verified.amountMinor, currency: payment.currency, reason: 'Paid after the reservation lapsed and the items sold out' });
      await addHistory(trx, orderId, 'CANCELLED', `${note}, but after the reservation had lapsed and ${error.line.name} sold out. A refund is due.`);
      await notify(trx, { kind: 'order.status', orderId });
      return false as const;
    });
  }
}

class OrderMoved extends Error {}

/** What a paid order's row becomes (movePaid, markPaidAndMove; the notices are rendered from it). */
const PAID_MOVE = { status: 'PROCESSING', payment_status: 'PAID', reservation_expires_at: null } as const;

/** The order, still in the state its lock read, moves to paid and processing. */
const movePaid = (trx: Db, orderId: number, status: string) =>
  trx.updateTable('orders').set({ ...PAID_MOVE, updated_at: now() }).where('id', '=', orderId).where('status', '=', status);

/**
 * PostgreSQL: markPayment and movePaid (from PENDING) as one data-modifying WITH, the move only
 * if the mark happened. The same columns as those two builders: change them together.
 */
async function markPaidAndMove(trx: Db, orderId: number, reference: string, readStatus: string, verified: VerifiedPayment) {
  const at = now();
  const { rows } = await sql<{ marked: string; moved: string }>`
    with marked as (
      update payments set status = 'SUCCESS', verified_at = ${at}, provider_transaction_id = ${verified.providerTransactionId}, raw = ${JSON.stringify(verified.raw)}, updated_at = ${at}
      where reference = ${reference} and status = ${readStatus}
      returning id
    ), moved as (
      update orders set status = ${PAID_MOVE.status}, payment_status = ${PAID_MOVE.payment_status}, reservation_expires_at = null, updated_at = ${at}
      where id = ${orderId} and status = 'PENDING' and exists (select 1 from marked)
      returning id
    )
    select (select count(*) from marked) as marked, (select count(*) from moved) as moved`.execute(trx);
  return { marked: Number(rows[0]?.marked) === 1, moved: Number(rows[0]?.moved) === 1 };
}

const paidOutcome = (orderId: number, orderNumber: string, totalMinor: number, reference: string): SettleOutcome => ({
  orderId,
  orderNumber,
  status: 'PAID',
  orderStatus: 'PROCESSING',
  paymentStatus: 'PAID',
  amount: fromMinor(totalMinor),
  currency: 'GHS',
  reference,
  message: 'Payment confirmed',
});

async function outcomeOf(db: Db, reference: string, status: PaymentState, message: string, failure?: 'mismatch'): Promise<SettleOutcome> {
  const row = await db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .select(['orders.id', 'orders.order_number', 'orders.status', 'orders.payment_status', 'orders.total_minor', 'payments.reference'])
    .where('payments.reference', '=', reference)
    .executeTakeFirstOrThrow();
  const paid = row.payment_status === 'PAID';
  if (row.payment_status === 'REFUND_DUE') {
    status = 'FAILED';
    message = REFUND_MESSAGE;
  }
  return {
    orderId: row.id,
    orderNumber: row.order_number,
    // An order another caller already paid is paid, whatever this call saw.
    status: paid ? 'PAID' : status,
    orderStatus: row.status,
    paymentStatus: row.payment_status,
    amount: fromMinor(row.total_minor),
    currency: 'GHS',
    reference: row.reference,
    message: paid ? 'Payment confirmed' : message,
    ...(failure && !paid ? { failure } : {}),
  };
}
