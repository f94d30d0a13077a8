import type { Db } from '../../platform/db';
import { inTransaction } from '../../platform/db/transactions';
import { cancelOrder } from './cancel';

export const UNCOLLECTED_REASON = (days: number) =>
  `Not collected within ${days} days of being ready for pickup. Your payment is refunded in full and the goods go back to the seller.`;

/**
 * A buyer who never collects: `days` after an order became ready for pickup it is cancelled
 * and refunded in full, perishable or not (docs/money.md says why). Each order is cancelled in
 * its own transaction under its own lock, so a pickup at the same moment wins or loses cleanly.
 * Returns the orders cancelled.
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
    .limit(500)
    .execute();
  const cancelled: number[] = [];
  for (const { id } of due) {
    const done = await inTransaction(db, async (trx) => {
      const order = await trx.selectFrom('orders').select('status').where('id', '=', id).executeTakeFirst();
      if (order?.status !== 'SHIPPED') return false;
      await cancelOrder(trx, id, 'operator', UNCOLLECTED_REASON(days));
      return true;
    });
    if (done) cancelled.push(id);
  }
  return cancelled;
}
