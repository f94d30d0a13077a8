import { formatMinor } from '../../../shared/money';
import type { Deps } from '../../http/context';
import { now, type Db } from '../../platform/db';
import { createPaymentProvider, PaymentProviderError, type RefundState } from '../../platform/payments';
import { addHistory } from './reservations';
import { inTransaction } from '../../platform/db/transactions';
import { claimDue } from '../../platform/db/claims';
import { repeatEvery } from '../../platform/jobs';
import { notify } from '../../platform/messages';
import { refundSent } from '../ledger';

/** The part key of a whole-order refund (033); a refund of some lines is 'lines:<ids>'. */
export const WHOLE_ORDER = 'order';

/** What was already owed back on a payment in parts (lines refunded on their own), for a later cancel of the rest. */
export async function refundedInParts(trx: Db, paymentId: number): Promise<number> {
  const row = await trx
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_minor'), eb.lit(0)).as('total'))
    .where('payment_id', '=', paymentId)
    .where('part_key', '!=', WHOLE_ORDER)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/**
 * Refunds: a row per refunded payment and part, written in the transaction that made the refund due
 * (a cancel, a late payment that found no stock, a superseded attempt that was paid anyway),
 * and sent to the provider by the refund job, outside any transaction, until it is accepted.
 */
export async function queueRefund(trx: Db, refund: { orderId: number; paymentId: number; partKey?: string; amountMinor: number; currency: string; reason: string }): Promise<void> {
  const at = now();
  await trx
    .insertInto('refunds')
    .values({
      order_id: refund.orderId,
      payment_id: refund.paymentId,
      part_key: refund.partKey ?? WHOLE_ORDER,
      amount_minor: refund.amountMinor,
      currency: refund.currency,
      reason: refund.reason,
      status: 'PENDING',
      provider_refund_id: null,
      next_attempt_at: at,
      claimed_until: null,
      last_error: null,
      completed_at: null,
      created_at: at,
      updated_at: at,
    })
    // One refund per payment and part, however many paths find it due.
    .onConflict((oc) => oc.columns(['payment_id', 'part_key']).doNothing())
    .execute();
}

type RefundDeps = Pick<Deps, 'config' | 'db' | 'dialect' | 'logger'>;
type RefundRow = NonNullable<Awaited<ReturnType<typeof claimNext>>>;

/** A claimed refund is left alone by every other job instance for this long. */
const LEASE_MS = 2 * 60_000;
/** How soon to ask again about a refund the provider accepted but has not paid out. */
const CHECK_AGAIN_MS = 60_000;
const MAX_BACKOFF_MS = 3600_000;

const later = (at: Date, ms: number) => new Date(at.getTime() + ms).toISOString();
/** 5 s, 10 s, 20 s ... up to an hour between attempts. */
const backoff = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);

/** Takes the next due refund for this instance (claimDue: locked rows skipped, then a lease). */
async function claimNext(deps: RefundDeps, at: Date) {
  const claim = await claimDue(deps.db, deps.dialect, 'refunds', { statuses: ['PENDING', 'PROCESSING'], at, leaseMs: LEASE_MS, limit: 1 });
  const [taken] = claim.rows;
  // null: another instance took it first; there may be more to take.
  if (!taken) return claim.raced ? null : undefined;
  const row = await deps.db
    .selectFrom('refunds')
    .innerJoin('payments', 'payments.id', 'refunds.payment_id')
    .select(['refunds.id', 'refunds.order_id', 'refunds.status', 'refunds.amount_minor', 'refunds.currency', 'refunds.reason', 'refunds.provider_refund_id', 'refunds.part_key'])
    .select(['payments.reference', 'payments.provider', 'payments.provider_transaction_id'])
    .where('refunds.id', '=', taken.id)
    .executeTakeFirstOrThrow();
  return { ...row, attempts: taken.attempts };
}

/**
 * Works through every refund due now, one at a time; returns how many it handled. Safe to
 * run on every instance of a fleet at once: each refund is claimed by exactly one.
 */
export async function runDueRefunds(deps: RefundDeps, at: Date = new Date()): Promise<number> {
  let handled = 0;
  for (let row = await claimNext(deps, at); row !== undefined; row = await claimNext(deps, at)) {
    if (!row) continue;
    await attempt(deps, row, at);
    handled += 1;
  }
  return handled;
}

async function attempt(deps: RefundDeps, row: RefundRow, at: Date): Promise<void> {
  const provider = createPaymentProvider(deps.config, deps.db);
  let state: RefundState;
  try {
    if (provider.name !== row.provider) throw new PaymentProviderError(`The payment was made with ${row.provider}, which is not configured now`);
    state =
      row.status === 'PROCESSING' && row.provider_refund_id
        ? await provider.refundStatus(row.provider_refund_id)
        : await provider.refund({ reference: row.reference, providerTransactionId: row.provider_transaction_id, amountMinor: row.amount_minor, currency: row.currency, reason: row.reason, part: row.part_key, triedBefore: row.attempts > 1 });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.logger.warn({ refund: row.id, err: message }, 'refund attempt failed; will retry');
    await settleRefund(deps.db, row.id, { last_error: message, next_attempt_at: later(at, backoff(row.attempts)) });
    return;
  }

  if (state.status === 'processed') return completeRefund(deps, row, state);
  if (state.status === 'pending') {
    await settleRefund(deps.db, row.id, { status: 'PROCESSING', provider_refund_id: state.providerRefundId ?? row.provider_refund_id, last_error: null, next_attempt_at: later(at, CHECK_AGAIN_MS) });
    return;
  }
  if (row.status === 'PENDING') {
    // Refused before it was accepted: keep asking (with backoff) until the provider takes it.
    await settleRefund(deps.db, row.id, { last_error: state.message, next_attempt_at: later(at, backoff(row.attempts)) });
    return;
  }
  // Accepted, then given up by the provider: an operator must look at it (the console lists it).
  deps.logger.error({ refund: row.id, message: state.message }, 'refund failed at the provider');
  await settleRefund(deps.db, row.id, { status: 'FAILED', last_error: state.message });
}

/** Records an attempt's result and lets the lease go. */
async function settleRefund(db: Db, id: number, changes: { status?: string; provider_refund_id?: string | null; last_error?: string | null; next_attempt_at?: string }) {
  await db.updateTable('refunds').set({ ...changes, claimed_until: null, updated_at: now() }).where('id', '=', id).execute();
}

async function completeRefund(deps: RefundDeps, row: RefundRow, state: RefundState): Promise<void> {
  await inTransaction(deps.db, async (trx) => {
    const at = now();
    const done = await trx
      .updateTable('refunds')
      .set({ status: 'COMPLETED', provider_refund_id: state.providerRefundId ?? row.provider_refund_id, completed_at: at, last_error: null, claimed_until: null, updated_at: at })
      .where('id', '=', row.id)
      .where('status', '!=', 'COMPLETED')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) return;
    await refundSent(trx, { id: row.id, orderId: row.order_id, amountMinor: row.amount_minor, reference: row.reference });
    // A refund of the order's own payment closes the order's money; a refund of a superseded
    // attempt leaves the order as it is (it may be paid by a later attempt).
    const refunded = await trx
      .updateTable('orders')
      .set({ payment_status: 'REFUNDED', updated_at: at })
      .where('id', '=', row.order_id)
      .where('payment_status', '=', 'REFUND_DUE')
      // A cancelled order refunded in parts is REFUNDED once its last part is.
      .where((eb) => eb.not(eb.exists(eb.selectFrom('refunds as other').select('other.id').whereRef('other.order_id', '=', 'orders.id').where('other.id', '!=', row.id).where('other.status', '!=', 'COMPLETED'))))
      .executeTakeFirst();
    await addHistory(trx, row.order_id, 'REFUNDED', `Refund of ${formatMinor(row.amount_minor)} completed to your mobile money wallet (reference ${row.reference}).`);
    if (Number(refunded.numUpdatedRows) === 1) await notify(trx, { kind: 'order.status', orderId: row.order_id });
  });
}

/** The refund job: runs every `everyMs` while the server is up; stop() waits for a run in flight. */
export function startRefundJob(deps: RefundDeps, everyMs = 5_000): { stop(): Promise<void> } {
  return repeatEvery('refund job', everyMs, () => runDueRefunds(deps), deps.logger);
}

/** The buyer's view of an order's refund (the latest one for its own payment). */
export async function refundOfOrder(db: Db, orderId: number) {
  return db
    .selectFrom('refunds')
    .select(['status', 'amount_minor', 'currency', 'created_at', 'completed_at'])
    .where('order_id', '=', orderId)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}
