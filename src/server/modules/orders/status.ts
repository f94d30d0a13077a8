import { conflict, notFound } from '../../http/errors';
import { now, type Db } from '../../platform/db';
import { addHistory, returnStock } from '../checkout/reservations';
import { inTransaction } from '../checkout/transactions';

type Target = 'SHIPPED' | 'DELIVERED' | 'CANCELLED';

/** Where an operator may move an order from each state. Payment moves PENDING -> PROCESSING. */
const ALLOWED: Record<string, Target[]> = {
  PENDING: ['CANCELLED'],
  PROCESSING: ['SHIPPED', 'CANCELLED'],
  SHIPPED: ['DELIVERED', 'CANCELLED'],
  DELIVERED: [],
  CANCELLED: [],
};

/**
 * An operator moves an order along. The UPDATE is conditional on the status read, so two
 * operators cannot both apply a move. Cancelling an order whose goods have not left the
 * warehouse (PENDING or PROCESSING) puts its stock back; a paid one is flagged for refund.
 */
export async function moveOrder(db: Db, orderId: number, target: Target, notes: string | undefined) {
  return inTransaction(db, async (trx) => {
    const order = await trx.selectFrom('orders').select(['id', 'status', 'payment_status']).where('id', '=', orderId).executeTakeFirst();
    if (!order) throw notFound('Order not found');
    if (!ALLOWED[order.status]?.includes(target)) throw conflict(`An order that is ${order.status} cannot become ${target}.`);
    const at = now();
    const result = await trx
      .updateTable('orders')
      .set({
        status: target,
        updated_at: at,
        reservation_expires_at: null,
        ...(target === 'DELIVERED' ? { delivered_at: at } : {}),
        ...(target === 'CANCELLED' && order.payment_status === 'PAID' ? { payment_status: 'REFUND_DUE' } : {}),
      })
      .where('id', '=', orderId)
      .where('status', '=', order.status)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw conflict('The order changed meanwhile. Please reload it.');
    if (target === 'CANCELLED') {
      if (order.status === 'PENDING' || order.status === 'PROCESSING') await returnStock(trx, orderId);
      await trx.updateTable('payments').set({ status: 'EXPIRED', updated_at: at }).where('order_id', '=', orderId).where('status', '=', 'PENDING').execute();
    }
    await addHistory(trx, orderId, target, notes || null);
    return { id: orderId, status: target };
  });
}
