import { formatMinor } from '../../../shared/money';
import { REFUSAL_MESSAGES, type Refusal, type RefusalDecision } from '../../../shared/schemas/refusals';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthUser } from '../../platform/auth/tokens';
import { now, type Db } from '../../platform/db';
import { inTransaction } from '../../platform/db/transactions';
import { notify } from '../../platform/messages';
import { recordAudit } from '../audit';
import { chargeTransporter, escrowLinesToRefund, releaseRefusedLine } from '../ledger';
import { lockOrder } from './cancel';
import { refundLines } from './refund-lines';
import { queueRefund } from './refunds';
import { refusalById } from './refusals';
import { addHistory } from './reservations';

/**
 * The operator decides a refused line (POST /admin/refusals/{id}/decision; docs/money.md, "A line
 * refused at pickup"), once: in one transaction under the order's lock, the refusal is closed
 * conditionally (of 60 decisions at once one takes effect, the others are 409), the money moves
 * and the decision is audited. REFUND gives the buyer the line back (refundLines before the rest
 * was collected; from what escrow kept for it after) and, charged to the transporter, pays the
 * seller from the transporter's earnings or debt; RELEASE pays the line out as a collection.
 */
export async function decideRefusal(db: Db, operator: AuthUser, id: number, decision: RefusalDecision): Promise<Refusal> {
  const first = await db.selectFrom('pickup_refusals').select('order_id').where('id', '=', id).executeTakeFirst();
  if (!first) throw notFound(REFUSAL_MESSAGES.notFound);
  if (decision.outcome === 'RELEASE' && decision.chargedTo) throw badRequest(REFUSAL_MESSAGES.chargedToWithRelease);
  await inTransaction(db, async (trx) => {
    const order = await lockOrder(trx, first.order_id);
    const refusal = await trx.selectFrom('pickup_refusals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    if (refusal.decided_at !== null) throw conflict(REFUSAL_MESSAGES.decided);
    if (!order || order.status === 'CANCELLED') throw conflict(REFUSAL_MESSAGES.orderCancelled);
    const line = await trx
      .selectFrom('order_items')
      .innerJoin('products', 'products.id', 'order_items.product_id')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select(['order_items.id', 'order_items.total_minor', 'order_items.product_name', 'products.seller_id', 'orders.order_number'])
      .where('order_items.id', '=', refusal.order_item_id)
      .executeTakeFirstOrThrow();
    const carrier = await transporterOf(trx, line.id);
    const chargedTo = decision.outcome === 'RELEASE' ? null : (decision.chargedTo ?? (carrier === null ? 'SELLER' : undefined));
    if (chargedTo === undefined) throw badRequest(REFUSAL_MESSAGES.chargedToNeeded);
    if (chargedTo === 'TRANSPORTER' && carrier === null) throw badRequest(REFUSAL_MESSAGES.noTransporter);

    const closed = await trx
      .updateTable('pickup_refusals')
      .set({ outcome: decision.outcome, charged_to: chargedTo, decided_by: operator.id, decided_at: now() })
      .where('id', '=', id)
      .where('decided_at', 'is', null)
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) !== 1) throw conflict(REFUSAL_MESSAGES.decided);

    const collected = order.status === 'DELIVERED';
    const sellerLine = { sellerId: line.seller_id, totalMinor: line.total_minor };
    const memo = `Line ${line.id} of ${line.order_number} refused at pickup: ${refusal.reason}`;
    if (decision.outcome === 'REFUND') {
      const reason = `Refused at pickup: ${refusal.reason}`;
      if (collected) await refundKeptLine(trx, { orderId: order.id, itemId: line.id, line: sellerLine, reason, heldLinesMinor: await heldLinesMinor(trx, order.id, line.id) });
      else await refundLines(trx, { orderId: order.id, itemIds: [line.id], reason, by: 'operator' });
      if (chargedTo === 'TRANSPORTER') await chargeTransporter(trx, { key: `refusal:${id}:charge`, orderId: order.id, memo, transporterId: carrier!, line: sellerLine });
    } else if (collected) {
      await releaseRefusedLine(trx, { key: `refusal:${id}:release`, orderId: order.id, memo, line: sellerLine, heldLinesMinor: await heldLinesMinor(trx, order.id, line.id) });
    }
    // RELEASE before the rest was collected: nothing moves now; the line goes with the order at pickup.
    const what = decision.outcome === 'REFUND' ? `refunded, charged to the ${chargedTo!.toLowerCase()}` : 'released';
    await recordAudit(trx, operator, 'order.refusal', { type: 'order', id: order.id }, `${line.product_name} (line ${line.id}, refusal ${id}) ${what}`);
    await notify(trx, { kind: 'refusal.changed', refusalId: id });
  });
  return refusalById(db, id);
}

/** The transporter whose load brought the line to the pickup warehouse, if it travelled. */
async function transporterOf(trx: Db, itemId: number): Promise<number | null> {
  const row = await trx
    .selectFrom('consignment_lines')
    .innerJoin('consignments', 'consignments.id', 'consignment_lines.consignment_id')
    .select('consignments.transporter_id')
    .where('consignment_lines.order_item_id', '=', itemId)
    .where('consignments.status', '=', 'ARRIVED')
    .executeTakeFirst();
  return row?.transporter_id ?? null;
}

/** After the pickup: the value of the lines whose money escrow still keeps (open refusals, this one's included). */
async function heldLinesMinor(trx: Db, orderId: number, itemId: number): Promise<number> {
  const rows = await trx
    .selectFrom('pickup_refusals as r')
    .innerJoin('order_items as i', 'i.id', 'r.order_item_id')
    .select('i.total_minor')
    .where('r.order_id', '=', orderId)
    .where('i.refunded_at', 'is', null)
    .where((eb) => eb.or([eb('r.decided_at', 'is', null), eb('r.order_item_id', '=', itemId)]))
    .execute();
  return rows.reduce((sum, r) => sum + r.total_minor, 0);
}

/**
 * A refund of a line escrow kept past the pickup: the same posting, refund row and line mark as
 * refundLines (which takes only orders not yet collected), its VAT among the lines still kept.
 */
async function refundKeptLine(trx: Db, part: { orderId: number; itemId: number; line: { sellerId: number; totalMinor: number }; reason: string; heldLinesMinor: number }) {
  const partKey = `lines:${part.itemId}`;
  const owed = await escrowLinesToRefund(trx, { key: `refund:order:${part.orderId}:${partKey}`, orderId: part.orderId, lines: [part.line], remainingMinor: part.heldLinesMinor, transportMinor: 0, reason: part.reason });
  await trx.updateTable('order_items').set({ refunded_at: now(), refund_reason: part.reason }).where('id', '=', part.itemId).where('refunded_at', 'is', null).execute();
  const payment = await trx.selectFrom('payments').select(['id', 'currency']).where('order_id', '=', part.orderId).where('status', '=', 'SUCCESS').executeTakeFirstOrThrow();
  await queueRefund(trx, { orderId: part.orderId, paymentId: payment.id, partKey, amountMinor: owed, currency: payment.currency, reason: part.reason });
  await addHistory(trx, part.orderId, 'PARTLY_REFUNDED', `1 item refunded: ${part.reason}. ${formatMinor(owed)} is being refunded to your mobile money wallet.`);
}
