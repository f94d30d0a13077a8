import type { AdminOrderListItem, OrderDetail } from '../../../shared/schemas/orders';
import { TRANSPORT_MESSAGES } from '../../../shared/schemas/transport';
import type { Deps, WarehouseActor } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import type { AuthUser } from '../../platform/auth/tokens';
import type { Db } from '../../platform/db';
import { inTransaction } from '../../platform/db/transactions';
import { recordAudit } from '../audit';
import { adminOrder } from './admin-list';
import { cancelOrder } from './cancel';
import { collectWithCode, markLineAtWarehouse, unmarkLineAtWarehouse } from './fulfilment';
import { getOrderDetail } from './service';

/** The buyer cancels (reason optional): unpaid, or paid with none of its goods at the warehouse yet. Answers the order as it now is. */
export async function cancelAsBuyer(deps: Pick<Deps, 'config'>, db: Db, userId: number, orderId: number, reason: string | undefined): Promise<OrderDetail> {
  await inTransaction(db, (trx) => cancelOrder(trx, orderId, 'buyer', reason, userId));
  return getOrderDetail(deps, db, userId, orderId);
}

/**
 * Warehouse staff take a line in themselves (a seller without the app), or take a mistaken
 * mark back before the order is ready for pickup; either is recorded in the audit log.
 */
export async function setLineAtWarehouse(db: Db, operator: AuthUser, orderId: number, itemId: number, atWarehouse: boolean): Promise<AdminOrderListItem> {
  await inTransaction(db, async (trx) => {
    const name = await (atWarehouse ? markLineAtWarehouse : unmarkLineAtWarehouse)(trx, { operator: true }, orderId, itemId);
    await recordAudit(trx, operator, 'order.line', { type: 'order', id: orderId }, `${name} (line ${itemId}) ${atWarehouse ? 'marked' : 'no longer marked'} at the warehouse`);
  });
  return adminOrder(db, orderId);
}

/**
 * Before a pickup code is tried: staff only at the order's own pickup warehouse (403, "This order
 * is collected at another warehouse.", not 404: order numbers are on the buyer's slip and staff
 * are the operator's people, so nothing is hidden by pretending it does not exist, and the
 * sentence sends the buyer to the right counter). Checked before the code is counted, so
 * another warehouse's staff cannot use up the buyer's tries.
 */
export async function requirePickupHere(db: Db, actor: WarehouseActor, orderId: number): Promise<void> {
  const order = await db.selectFrom('orders').select('pickup_warehouse_id').where('id', '=', orderId).executeTakeFirst();
  if (!order) throw notFound('Order not found');
  if (!('operator' in actor) && order.pickup_warehouse_id !== actor.warehouseId) throw forbidden(TRANSPORT_MESSAGES.pickupOtherWarehouse);
}

/** Warehouse staff hand a ready order over when the buyer's pickup code matches. */
export async function handOver(db: Db, operator: AuthUser, orderId: number, code: string): Promise<{ id: number; status: 'DELIVERED' }> {
  await inTransaction(db, async (trx) => {
    await collectWithCode(trx, orderId, code);
    await recordAudit(trx, operator, 'order.status', { type: 'order', id: orderId }, 'SHIPPED -> DELIVERED: pickup code accepted');
  });
  return { id: orderId, status: 'DELIVERED' };
}
