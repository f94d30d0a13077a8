import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import { inTransaction } from '../../platform/db/transactions';
import { repeatEvery } from '../../platform/jobs';
import type { Logger } from '../../platform/logging';
import { HttpError } from '../../http/errors';
import { cancelOrder } from './cancel';

export const UNCOLLECTED_REASON = (days: number) =>
  `Not collected within ${days} days of being ready for pickup. Your payment is refunded in full and the goods go back to the seller.`;
export const NOT_BROUGHT_REASON = (days: number) =>
  `The goods did not reach the pickup warehouse within ${days} days of your payment. Your payment is refunded in full.`;

/** How many orders one run of a sweep cancels at most; the next run takes the rest. */
const SWEEP_BATCH = 500;

/**
 * A buyer who never collects: `days` after an order became ready for pickup it is cancelled
 * and refunded in full, perishable or not (docs/money.md says why). Returns the orders cancelled.
 */
export async function cancelUncollected(db: Db, days: number, at: Date = new Date()): Promise<number[]> {
  const cutoff = new Date(at.getTime() - days * 86_400_000).toISOString();
  const due = await db
    .selectFrom('orders')
    .innerJoin('order_status_history as h', 'h.order_id', 'orders.id')
    .select('orders.id')
    .where('orders.status', '=', 'SHIPPED')
    .where('h.status', '=', 'SHIPPED')
    .groupBy('orders.id')
    .having((eb) => eb.fn.max('h.created_at'), '<', cutoff)
    .orderBy('orders.id')
    .limit(SWEEP_BATCH)
    .execute();
  return cancelEachStill(db, due.map((o) => o.id), 'SHIPPED', UNCOLLECTED_REASON(days));
}

/**
 * A seller who never brings the goods: `days` after an order was paid, while some of its lines
 * are still not at the warehouse, it is cancelled and the buyer refunded in full (the escrow
 * falls back, docs/money.md). Also what keeps a paid order from lasting for ever at no cost to
 * anyone (issue 37). Returns the orders cancelled.
 */
export async function cancelNotBrought(db: Db, days: number, at: Date = new Date()): Promise<number[]> {
  const cutoff = new Date(at.getTime() - days * 86_400_000).toISOString();
  const due = await db
    .selectFrom('orders')
    .innerJoin('payments', 'payments.order_id', 'orders.id')
    .select('orders.id')
    .where('orders.status', '=', 'PROCESSING')
    .where('payments.status', '=', 'SUCCESS')
    .where('payments.verified_at', '<', cutoff)
    // Goods on the road were brought: their delay is the transporter's, and they cannot be
    // called back (cancelOrder refuses), so the sweep leaves them to arrive (docs/transport.md).
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('consignments').select('consignments.id').whereRef('consignments.order_id', '=', 'orders.id').where('consignments.status', '=', 'IN_TRANSIT'))),
    )
    .orderBy('orders.id')
    .limit(SWEEP_BATCH)
    .execute();
  return cancelEachStill(db, due.map((o) => o.id), 'PROCESSING', NOT_BROUGHT_REASON(days));
}

/**
 * Cancels each order still in `status` for the operator, each in its own transaction under its
 * own lock, so a pickup or a mark at the same moment wins or loses cleanly. An order that may no
 * longer be cancelled once locked (its goods were collected for the road in between) is left as
 * it is, and the rest of the batch still runs. Returns those cancelled.
 */
async function cancelEachStill(db: Db, ids: number[], status: 'SHIPPED' | 'PROCESSING', reason: string): Promise<number[]> {
  const cancelled: number[] = [];
  for (const id of ids) {
    const done = await inTransaction(db, async (trx) => {
      // The order's lock first (the same order as cancelOrder's), then its state under it.
      await trx.updateTable('orders').set({ updated_at: sql`updated_at` }).where('id', '=', id).execute();
      const order = await trx.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirst();
      if (order?.status !== status) return false;
      await cancelOrder(trx, id, 'operator', reason);
      return true;
    }).catch((error: unknown) => {
      if (error instanceof HttpError && error.status === 409) return false;
      throw error;
    });
    if (done) cancelled.push(id);
  }
  return cancelled;
}

/** The sweep of paid orders whose goods never reached the warehouse: hourly while the server is up. */
export function startNotBroughtJob(deps: { db: Db; config: { notBroughtAfterDays: number }; logger: Pick<Logger, 'error'> }, everyMs = 3600_000): { stop(): Promise<void> } {
  return repeatEvery('not-brought sweep', everyMs, () => cancelNotBrought(deps.db, deps.config.notBroughtAfterDays), deps.logger);
}
