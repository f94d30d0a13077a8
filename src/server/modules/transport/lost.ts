import { formatMinor, fromMinor } from '../../../shared/money';
import { parseGhanaMobile } from '../../../shared/phone';
import { TRANSPORT_MESSAGES } from '../../../shared/schemas/transport';
import { conflict, notFound } from '../../http/errors';
import { now, type Db } from '../../platform/db';
import { inTransaction } from '../../platform/db/transactions';
import { queueEmail, queueSms } from '../../platform/messages';
import { payLostLines } from '../ledger';
import { refundLines } from '../orders';
import { addEvent, lockOrder } from './life';
import { LOST_WORDS, type LostFacts } from './lost-words';

/** Where goods can be lost at the platform's cost: counted in at the origin, or on the road. */
const LOSABLE = ['AT_ORIGIN', 'IN_TRANSIT'];

export interface Lost {
  id: number;
  status: 'LOST';
  /** Cedis owed back to the buyer. */
  refunded: number;
  /** Cedis paid to the seller from the loss account. */
  sellerPaid: number;
}

/**
 * The operator records a consignment LOST (docs/money.md, "Goods lost or damaged on the road"):
 * goods counted in at the origin are the seller's delivery, so a loss after that is never the
 * seller's. In one transaction under the order's lock: the consignment becomes LOST (a
 * conditional update, so of 60 calls at once one takes effect and the others answer 409), a
 * LOST event on the buyer's timeline, its lines refunded to the buyer with their VAT and the
 * fee (refundLines: the fee is never released to the transporter), the seller paid those lines
 * less commission from `transport_losses`, the seller and the transporter told, and the
 * operator's audit row (`audit`) written with the change.
 */
export async function recordLost(db: Db, id: number, reason: string, audit?: (trx: Db) => Promise<void>): Promise<Lost> {
  return inTransaction(db, async (trx) => {
    const first = await trx.selectFrom('consignments').select(['order_id']).where('id', '=', id).executeTakeFirst();
    if (!first) throw notFound(TRANSPORT_MESSAGES.consignmentNotFound);
    const order = await lockOrder(trx, first.order_id);
    const at = now();
    const moved = await trx.updateTable('consignments').set({ status: 'LOST', updated_at: at }).where('id', '=', id).where('status', 'in', LOSABLE).executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw conflict(TRANSPORT_MESSAGES.lostNotNow);
    const c = await trx
      .selectFrom('consignments')
      .innerJoin('warehouses as f', 'f.id', 'consignments.from_warehouse_id')
      .innerJoin('warehouses as t', 't.id', 'consignments.to_warehouse_id')
      .select(['consignments.transporter_id', 'f.town as from_town', 'f.name as from_name', 't.town as to_town', 't.name as to_name'])
      .where('consignments.id', '=', id)
      .executeTakeFirstOrThrow();
    // Lines refunded before (a failed check) were settled then: only the others are lost now.
    const lines = await trx
      .selectFrom('consignment_lines')
      .innerJoin('order_items', 'order_items.id', 'consignment_lines.order_item_id')
      .innerJoin('products', 'products.id', 'order_items.product_id')
      .select(['order_items.id', 'order_items.total_minor', 'products.seller_id'])
      .where('consignment_lines.consignment_id', '=', id)
      .where('order_items.refunded_at', 'is', null)
      .orderBy('order_items.id')
      .execute();
    await addEvent(trx, id, 'LOST', at, null, { note: reason });
    const refundedMinor = lines.length === 0 ? 0 : await refundLines(trx, { orderId: first.order_id, itemIds: lines.map((l) => l.id), reason: `Lost in transport: ${reason}`, by: 'operator' });
    const paidMinor = await payLostLines(trx, {
      key: `loss:consignment:${id}`,
      orderId: first.order_id,
      lines: lines.map((l) => ({ sellerId: l.seller_id, totalMinor: l.total_minor })),
      memo: `Consignment ${id} of ${order!.order_number} lost: ${reason}`,
    });
    const facts: LostFacts = { no: order!.order_number, from: c.from_town ?? c.from_name, to: c.to_town ?? c.to_name, paid: formatMinor(paidMinor) };
    const sellers = [...new Set(lines.map((l) => l.seller_id))];
    for (const sellerId of sellers) await tell(trx, sellerId, facts.no, (w) => w.seller(facts));
    if (c.transporter_id !== null) await tell(trx, c.transporter_id, facts.no, (w) => w.transporter(facts));
    await audit?.(trx);
    return { id, status: 'LOST' as const, refunded: fromMinor(refundedMinor), sellerPaid: fromMinor(paidMinor) };
  });
}

/** By SMS to the account's mobile number, else by e-mail; a loss is news no switch turns off. */
async function tell(trx: Db, userId: number, orderNumber: string, words: (w: (typeof LOST_WORDS)['en']) => string) {
  const u = await trx.selectFrom('users').select(['phone', 'email', 'language']).where('id', '=', userId).executeTakeFirst();
  if (!u) return;
  const text = words(LOST_WORDS[u.language === 'ak' ? 'ak' : 'en']);
  const phone = u.phone ? parseGhanaMobile(u.phone) : null;
  if (phone) await queueSms(trx, { to: phone.international, text, topic: 'transport', userId });
  else if (u.email) await queueEmail(trx, { to: u.email, subject: `Akuafo Market: ${orderNumber}`, text, topic: 'transport', userId });
}
