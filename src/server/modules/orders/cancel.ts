import { ORDER_MESSAGES } from '../../../shared/schemas/orders';
import { TRANSPORT_MESSAGES } from '../../../shared/schemas/transport';
import { conflict, notFound } from '../../http/errors';
import { now, type Db } from '../../platform/db';
import { addHistory, returnStock } from './reservations';
import { queueRefund, refundedInParts } from './refunds';
import { notify } from '../../platform/messages';
import { escrowToRefund } from '../ledger';

export type Canceller = 'buyer' | 'operator';

/** Operators may cancel until the order is collected; buyers see canCancelAsBuyer. */
const OPERATOR_CANCELLABLE = ['PENDING', 'PROCESSING', 'SHIPPED'];

/** Locks the order row first (the same lock order as payments, the sweep and sellers' marks). */
export async function lockOrder(trx: Db, orderId: number) {
  await trx.updateTable('orders').set({ updated_at: now() }).where('id', '=', orderId).execute();
  return trx.selectFrom('orders').select(['id', 'user_id', 'status', 'payment_status']).where('id', '=', orderId).executeTakeFirst();
}

/**
 * A buyer may cancel any unpaid order, or a paid one while none of its goods are at the
 * warehouse yet (once a seller has brought a line in, the goods are on their way to the buyer).
 */
export function canCancelAsBuyer(order: { status: string }, items: { at_warehouse_at: string | null }[]): boolean {
  if (order.status === 'PENDING') return true;
  return order.status === 'PROCESSING' && items.every((i) => i.at_warehouse_at === null);
}

/**
 * Cancels an order for its buyer or an operator, in the caller's transaction: the stock goes
 * back (unless the goods had already left for the warehouse), a payment still waiting at the
 * provider can no longer settle it, and a paid order gets a refund the refund job sends.
 * Cancelling a cancelled order changes nothing (the intent is already true). `buyerId`
 * limits it to that buyer's own orders (anyone else's is 404).
 */
export async function cancelOrder(trx: Db, orderId: number, by: Canceller, reason: string | undefined, buyerId?: number): Promise<void> {
  const order = await lockOrder(trx, orderId);
  if (!order || (buyerId !== undefined && order.user_id !== buyerId)) throw notFound(by === 'buyer' ? ORDER_MESSAGES.notFound : 'Order not found');
  if (order.status === 'CANCELLED') return;
  // Its consignments (docs/transport.md): goods on the road cannot be called back; a fee already
  // released on arrival stays the transporter's, the rest is refunded with the order.
  const consignments = await trx
    .selectFrom('consignments')
    .leftJoin('consignment_lines', 'consignment_lines.consignment_id', 'consignments.id')
    .select(['consignments.id', 'consignments.status', 'consignments.fee_minor', 'consignment_lines.received_at'])
    .where('consignments.order_id', '=', orderId)
    .execute();
  if (consignments.some((c) => c.status === 'IN_TRANSIT')) throw conflict(TRANSPORT_MESSAGES.cancelInTransit);
  if (by === 'buyer') {
    const items = await trx.selectFrom('order_items').select('at_warehouse_at').where('order_id', '=', orderId).execute();
    // A line counted in at its drop-off warehouse is on its way, like one at the pickup warehouse.
    const countedIn = consignments.some((c) => c.received_at !== null);
    if (countedIn || !canCancelAsBuyer(order, items)) throw conflict(ORDER_MESSAGES.cannotCancel);
  } else if (!OPERATOR_CANCELLABLE.includes(order.status)) {
    throw conflict(`An order that is ${order.status} cannot become CANCELLED.`);
  }
  const paid = order.payment_status === 'PAID';
  const at = now();
  await trx
    .updateTable('orders')
    .set({ status: 'CANCELLED', payment_status: paid ? 'REFUND_DUE' : order.payment_status, reservation_expires_at: null, pickup_code: null, updated_at: at })
    .where('id', '=', orderId)
    .execute();
  if (order.status === 'PENDING' || order.status === 'PROCESSING') await returnStock(trx, orderId);
  await trx.updateTable('consignments').set({ status: 'CANCELLED', updated_at: at }).where('order_id', '=', orderId).where('status', 'in', ['AWAITING_DROP_OFF', 'AT_ORIGIN']).execute();
  const released = new Map(consignments.filter((c) => c.status === 'ARRIVED').map((c) => [c.id, c.fee_minor]));
  const releasedMinor = [...released.values()].reduce((sum, fee) => sum + fee, 0);
  // A prompt still open on the buyer's phone must not pay for a cancelled order: if it is
  // approved anyway, settlePayment refunds it.
  await trx.updateTable('payments').set({ status: 'CANCELLED', updated_at: at }).where('order_id', '=', orderId).where('status', '=', 'PENDING').execute();
  if (paid) {
    const payment = await trx.selectFrom('payments').select(['id', 'amount_minor', 'currency']).where('order_id', '=', orderId).where('status', '=', 'SUCCESS').executeTakeFirstOrThrow();
    const why = reason || `Order cancelled by ${by === 'buyer' ? 'the buyer' : 'Akuafo Market'}`;
    // Lines refunded on their own before (lost on the road) were owed back then: not twice.
    const refundMinor = payment.amount_minor - releasedMinor - (await refundedInParts(trx, payment.id));
    if (refundMinor > 0) {
      await escrowToRefund(trx, orderId, refundMinor, why);
      await queueRefund(trx, { orderId, paymentId: payment.id, amountMinor: refundMinor, currency: payment.currency, reason: why });
    }
  }
  const who = by === 'buyer' ? 'You cancelled this order' : 'Cancelled by Akuafo Market';
  const note = [reason ? `${who}: ${reason}` : `${who}.`, paid ? 'Your payment is being refunded to your mobile money wallet.' : ''].filter(Boolean).join(' ');
  await addHistory(trx, orderId, 'CANCELLED', note);
  await notify(trx, { kind: 'order.status', orderId });
}
