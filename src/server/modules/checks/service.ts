import { randomInt } from 'node:crypto';
import { checkOutcome, gradeOf, isMeasured } from '../../../shared/quality-grades';
import { CHECK_MESSAGES, type LineCheck, type LineCheckBody } from '../../../shared/schemas/checks';
import { TRANSPORT_MESSAGES } from '../../../shared/schemas/transport';
import type { WarehouseActor } from '../../http/context';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { now, type Db } from '../../platform/db';
import { inTransaction } from '../../platform/db/transactions';
import { notify } from '../../platform/messages';
import { recordLotCheck } from '../catalogue';
import { lockOrder, photoKeyOf, refundLines } from '../orders';
import { imageUrl } from '../../platform/images';
import { countLineIn } from '../transport';

/**
 * The warehouse check of an order line at drop-off (issue 41 items 1 and 2, docs/quality.md).
 * One transaction under the order's lock: the line is counted in if it was not (countLineIn),
 * the check is written (never edited: a correction is a new row; the same check again is the
 * one already there, so a replay or 60 staff tapping at once add one row), the listing's quality
 * record follows, and a FAIL refuses the line: the buyer is refunded for it from escrow
 * (refundLines), both sides are told, and the order no longer waits for it.
 */

/** Consignment states in which the goods are still at their drop-off warehouse. */
const AT_DROP_OFF = ['AWAITING_DROP_OFF', 'AT_ORIGIN'];

export async function checkLine(db: Db, actor: WarehouseActor, staffId: number, orderId: number, itemId: number, body: LineCheckBody): Promise<LineCheck> {
  const id = await inTransaction(db, async (trx) => {
    const line = await trx
      .selectFrom('order_items as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .innerJoin('products as p', 'p.id', 'i.product_id')
      .leftJoin('consignment_lines as l', 'l.order_item_id', 'i.id')
      .leftJoin('consignments as c', 'c.id', 'l.consignment_id')
      .select(['i.id', 'i.product_id', 'i.product_name', 'p.category', 'p.seller_id', 'o.user_id as buyer_id', 'o.pickup_warehouse_id', 'c.from_warehouse_id'])
      .where('i.id', '=', itemId)
      .where('i.order_id', '=', orderId)
      .executeTakeFirst();
    if (!line) throw notFound('Order line not found');
    // Where the goods are handed in: their drop-off warehouse when they travel, else the pickup warehouse.
    const warehouseId = line.from_warehouse_id ?? line.pickup_warehouse_id;
    if (!('operator' in actor) && actor.warehouseId !== warehouseId) throw forbidden(TRANSPORT_MESSAGES.otherWarehouse);
    if (staffId === line.seller_id || staffId === line.buyer_id) throw forbidden(CHECK_MESSAGES.ownLine);

    const measured = isMeasured(line.category);
    const readings = readingsOf(measured, body);
    if (body.result === 'FAIL' && !body.notes && (!readings || gradeOf(readings) !== null)) throw badRequest(CHECK_MESSAGES.notesNeeded);
    const outcome = checkOutcome(body.result, readings);
    const photo = await photoKeyOf(trx, staffId, body.photo);

    const order = await lockOrder(trx, orderId);
    if (!order) throw notFound('Order line not found');
    if (order.status === 'CANCELLED') throw conflict(CHECK_MESSAGES.cancelled);
    if (order.status === 'PENDING' || order.payment_status !== 'PAID') throw conflict(CHECK_MESSAGES.notPaid);
    if (order.status === 'DELIVERED') throw conflict(CHECK_MESSAGES.collected);
    const notes = body.notes || null;
    const latest = await trx.selectFrom('line_checks').selectAll().where('order_item_id', '=', itemId).orderBy('id', 'desc').executeTakeFirst();
    const same =
      latest &&
      latest.result === outcome.result &&
      latest.grade === outcome.grade &&
      numberOrNull(latest.moisture_pct) === (readings?.moisturePct ?? null) &&
      numberOrNull(latest.foreign_matter_pct) === (readings?.foreignMatterPct ?? null) &&
      latest.notes === notes &&
      latest.photo === photo;
    if (same) return latest.id;

    const state = await trx
      .selectFrom('order_items as i')
      .leftJoin('consignment_lines as l', 'l.order_item_id', 'i.id')
      .leftJoin('consignments as c', 'c.id', 'l.consignment_id')
      .select(['i.refunded_at', 'c.status as consignment_status'])
      .where('i.id', '=', itemId)
      .executeTakeFirstOrThrow();
    if (state.refunded_at !== null) throw conflict(CHECK_MESSAGES.refunded);
    if (state.consignment_status !== null && !AT_DROP_OFF.includes(state.consignment_status)) throw conflict(CHECK_MESSAGES.travelling);

    // A check on a line not yet counted in counts it in (a line its seller marked there is one too).
    await countLineIn(trx, actor, orderId, itemId);
    const at = now();
    const row = await trx
      .insertInto('line_checks')
      .values({
        order_id: orderId,
        order_item_id: itemId,
        warehouse_id: warehouseId,
        staff_user_id: staffId,
        result: outcome.result,
        grade: outcome.grade,
        moisture_pct: readings?.moisturePct ?? null,
        foreign_matter_pct: readings?.foreignMatterPct ?? null,
        notes,
        photo,
        created_at: at,
        return_code: outcome.result === 'FAIL' ? newReturnCode() : null,
        returned_at: null,
        returned_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const warehouse = await trx.selectFrom('warehouses').select(['name', 'town']).where('id', '=', warehouseId).executeTakeFirstOrThrow();
    await recordLotCheck(trx, {
      productId: line.product_id,
      previous: latest ? (latest.result as 'PASS' | 'FAIL') : null,
      result: outcome.result,
      grade: outcome.grade,
      moisturePct: readings?.moisturePct ?? null,
      town: warehouse.town ?? warehouse.name,
    });
    if (outcome.result === 'FAIL') {
      await refundLines(trx, { orderId, itemIds: [itemId], reason: `Failed the warehouse check at ${warehouse.town ?? warehouse.name}: ${failureOf(outcome.grade, readings, notes)}`, by: 'operator' });
      await notify(trx, { kind: 'check.failed', checkId: row.id });
    }
    return row.id;
  });
  return checkById(db, id);
}

/** The code a FAIL check is written with: the seller shows it to take the goods back (returns.ts). */
const newReturnCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Readings are taken for grains and legumes only, and then both are needed. */
function readingsOf(measured: boolean, body: LineCheckBody): { moisturePct: number; foreignMatterPct: number } | null {
  const sent = body.moisturePct !== undefined || body.foreignMatterPct !== undefined;
  if (!measured) {
    if (sent) throw badRequest(CHECK_MESSAGES.readingsNotTaken);
    return null;
  }
  if (body.moisturePct === undefined || body.foreignMatterPct === undefined) throw badRequest(CHECK_MESSAGES.readingsNeeded);
  return { moisturePct: body.moisturePct, foreignMatterPct: body.foreignMatterPct };
}

/** Why a lot failed, in words the refund and the messages carry: the staff's notes, else the readings. */
function failureOf(grade: string | null, readings: { moisturePct: number; foreignMatterPct: number } | null, notes: string | null): string {
  if (notes) return notes;
  if (readings && grade === null) return `moisture ${readings.moisturePct}%, foreign matter ${readings.foreignMatterPct}%, above the limits of every grade`;
  return 'not fit to sell';
}

const numberOrNull = (n: number | null) => (n === null ? null : Number(n));

export async function checkById(db: Db, id: number): Promise<LineCheck> {
  const r = await db
    .selectFrom('line_checks as c')
    .innerJoin('warehouses as w', 'w.id', 'c.warehouse_id')
    .selectAll('c')
    .select(['w.name as w_name', 'w.town as w_town'])
    .where('c.id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    id: r.id,
    orderId: r.order_id,
    itemId: r.order_item_id,
    result: r.result as LineCheck['result'],
    grade: r.grade as LineCheck['grade'],
    moisturePct: numberOrNull(r.moisture_pct),
    foreignMatterPct: numberOrNull(r.foreign_matter_pct),
    notes: r.notes,
    warehouse: r.w_town ?? r.w_name,
    at: r.created_at,
    refunded: r.result === 'FAIL',
    returnedAt: r.returned_at,
    photoUrl: r.photo === null ? null : imageUrl(r.photo, 640),
  };
}
