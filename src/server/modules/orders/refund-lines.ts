import { conflict, notFound, badRequest } from '../../http/errors';
import { now, type Db } from '../../platform/db';
import { notify } from '../../platform/messages';
import { formatMinor } from '../../../shared/money';
import { TRANSPORT_MESSAGES } from '../../../shared/schemas/transport';
import { escrowLinesToRefund } from '../ledger';
import { cancelOrder, lockOrder, type Canceller } from './cancel';
import { readyIfComplete } from './fulfilment';
import { addHistory } from './reservations';
import { queueRefund } from './refunds';

/** Orders whose lines may be refunded on their own: paid, and not yet collected or cancelled. */
const REFUNDABLE = ['PROCESSING', 'SHIPPED'];

/**
 * Refunds some lines of a paid order on their own (lost on the road; issue 41: a failed check, a
 * refusal at pickup), in the caller's transaction and under the order's lock: for each line not
 * refunded yet, its seller's escrow and its VAT, and the transport fee of a consignment whose
 * lines are now all refunded (a consignment that still carries other lines keeps its fee: the
 * transporter earns it carrying them), owed to the buyer in one posting; a refund queued for that
 * part; the lines marked; the buyer told. The same lines again change nothing. When no line is
 * left the order is cancelled (its cancel refunds only what was not refunded here); when the
 * lines left are all at the pickup warehouse it becomes ready. Returns the amount owed back.
 */
export async function refundLines(trx: Db, input: { orderId: number; itemIds: readonly number[]; reason: string; by: Canceller }): Promise<number> {
  if (input.itemIds.length === 0) throw badRequest('Name at least one order line to refund.');
  const order = await lockOrder(trx, input.orderId);
  if (!order) throw notFound('Order not found');
  const items = await trx
    .selectFrom('order_items')
    .innerJoin('products', 'products.id', 'order_items.product_id')
    .select(['order_items.id', 'order_items.total_minor', 'order_items.refunded_at', 'products.seller_id'])
    .where('order_items.order_id', '=', input.orderId)
    .orderBy('order_items.id')
    .execute();
  const wanted = new Set(input.itemIds);
  if ([...wanted].some((id) => !items.some((i) => i.id === id))) throw notFound('Order line not found');
  const lines = items.filter((i) => wanted.has(i.id) && i.refunded_at === null);
  if (lines.length === 0) return 0;
  if (!REFUNDABLE.includes(order.status) || order.payment_status !== 'PAID') throw conflict(`Lines of an order that is ${order.status} cannot be refunded.`);

  const ids = lines.map((l) => l.id);
  // Goods on a truck may yet arrive (and release their fee to the transporter): refunded only
  // once they have, or once an operator recorded them LOST (the consignment leaves IN_TRANSIT).
  const onTheRoad = await trx
    .selectFrom('consignment_lines')
    .innerJoin('consignments', 'consignments.id', 'consignment_lines.consignment_id')
    .select('consignments.id')
    .where('consignment_lines.order_item_id', 'in', ids)
    .where('consignments.status', '=', 'IN_TRANSIT')
    .executeTakeFirst();
  if (onTheRoad) throw conflict(TRANSPORT_MESSAGES.refundInTransit);
  const remaining = items.filter((i) => i.refunded_at === null);
  const transportMinor = await transportOfFinishedConsignments(trx, input.orderId, new Set(remaining.filter((i) => !wanted.has(i.id)).map((i) => i.id)), ids);
  const partKey = `lines:${ids.join(',')}`;
  const owed = await escrowLinesToRefund(trx, {
    key: `refund:order:${input.orderId}:${partKey}`,
    orderId: input.orderId,
    lines: lines.map((l) => ({ sellerId: l.seller_id, totalMinor: l.total_minor })),
    remainingMinor: remaining.reduce((sum, i) => sum + i.total_minor, 0),
    transportMinor,
    reason: input.reason,
  });
  const at = now();
  await trx.updateTable('order_items').set({ refunded_at: at, refund_reason: input.reason }).where('id', 'in', ids).where('refunded_at', 'is', null).execute();
  if (owed > 0) {
    const payment = await trx.selectFrom('payments').select(['id', 'currency']).where('order_id', '=', input.orderId).where('status', '=', 'SUCCESS').executeTakeFirstOrThrow();
    await queueRefund(trx, { orderId: input.orderId, paymentId: payment.id, partKey, amountMinor: owed, currency: payment.currency, reason: input.reason });
  }
  const count = lines.length === 1 ? '1 item' : `${lines.length} items`;
  await addHistory(trx, input.orderId, 'PARTLY_REFUNDED', `${count} refunded: ${input.reason}. ${formatMinor(owed)} is being refunded to your mobile money wallet.`);
  await notify(trx, { kind: 'order.status', orderId: input.orderId });

  if (remaining.length === lines.length) await cancelOrder(trx, input.orderId, input.by, input.reason);
  else await readyIfComplete(trx, input.orderId);
  return owed;
}

/**
 * The fees of the order's consignments that carry these lines and no line left unrefunded, not
 * arrived (an arrived fee was released to its transporter) nor ended: refunded with the lines.
 */
async function transportOfFinishedConsignments(trx: Db, orderId: number, keptIds: Set<number>, refundedIds: readonly number[]): Promise<number> {
  const rows = await trx
    .selectFrom('consignments')
    .innerJoin('consignment_lines', 'consignment_lines.consignment_id', 'consignments.id')
    .select(['consignments.id', 'consignments.status', 'consignments.fee_minor', 'consignment_lines.order_item_id'])
    .where('consignments.order_id', '=', orderId)
    .execute();
  const touched = new Set(rows.filter((r) => refundedIds.includes(r.order_item_id)).map((r) => r.id));
  let fee = 0;
  const ended: number[] = [];
  for (const id of touched) {
    const its = rows.filter((r) => r.id === id);
    if (its.some((r) => keptIds.has(r.order_item_id))) continue;
    if (['ARRIVED', 'CANCELLED'].includes(its[0]!.status)) continue;
    fee += its[0]!.fee_minor;
    ended.push(id);
  }
  // Not yet on the road: nothing left to carry, so it will never arrive (nor release its fee).
  if (ended.length > 0) await trx.updateTable('consignments').set({ status: 'CANCELLED', updated_at: now() }).where('id', 'in', ended).where('status', 'in', ['AWAITING_DROP_OFF', 'AT_ORIGIN']).execute();
  return fee;
}
