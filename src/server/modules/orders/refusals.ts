import { fromMinor } from '../../../shared/money';
import { CHECK_MESSAGES } from '../../../shared/schemas/checks';
import { imageUrl } from '../../platform/images';
import { REFUSAL_MESSAGES, type PickupLine, type Refusal } from '../../../shared/schemas/refusals';
import type { WarehouseActor } from '../../http/context';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { TRANSPORT_MESSAGES } from '../../../shared/schemas/transport';
import { now, type Db } from '../../platform/db';
import { inTransaction } from '../../platform/db/transactions';
import { notify } from '../../platform/messages';
import type { KeptAtPickup } from '../ledger';
import { lockOrder } from './cancel';

/**
 * Lines the buyer refused at the pickup counter (issue 41 item 3, docs/money.md "A line refused
 * at pickup"): recorded by the pickup warehouse's staff (or the operator) while the order is
 * ready and not collected; the line's money stays held, the rest can still be collected with
 * the pickup code, and the operator decides (refusal-decision.ts).
 */

const refusalRows = (db: Db) =>
  db
    .selectFrom('pickup_refusals as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('order_items as i', 'i.id', 'r.order_item_id')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .innerJoin('warehouses as w', 'w.id', 'r.warehouse_id')
    .leftJoin('seller_profiles as s', 's.user_id', 'p.seller_id')
    .select([
      'r.id', 'r.order_id', 'o.order_number', 'r.order_item_id', 'i.product_name', 'i.quantity', 'i.total_minor', 's.business_name', 'w.name as warehouse',
      'r.reason', 'r.created_at', 'r.outcome', 'r.charged_to', 'r.decided_at', 'r.photo',
    ])
    .select((eb) => eb.exists(eb.selectFrom('consignment_lines as l').select('l.order_item_id').whereRef('l.order_item_id', '=', 'r.order_item_id')).as('travelled'));

type RefusalRow = Awaited<ReturnType<ReturnType<typeof refusalRows>['execute']>>[number];
const toRefusal = (r: RefusalRow): Refusal => ({
  id: r.id,
  orderId: r.order_id,
  orderNumber: r.order_number,
  itemId: r.order_item_id,
  productName: r.product_name,
  quantity: r.quantity,
  amount: fromMinor(r.total_minor),
  seller: r.business_name ?? '',
  warehouse: r.warehouse,
  reason: r.reason,
  travelled: Boolean(r.travelled),
  createdAt: r.created_at,
  outcome: r.outcome as Refusal['outcome'],
  chargedTo: r.charged_to as Refusal['chargedTo'],
  decidedAt: r.decided_at,
  photoUrl: r.photo === null ? null : imageUrl(r.photo, 640),
});

/**
 * A check's or a refusal's photo (issue 41): the storage key of the photo the phone uploaded
 * under `ref` (POST /warehouse/photos, modules/checks/photos.ts), only if this account uploaded
 * it: a ref of another user's upload (or none) is refused, so nobody shows another's picture.
 */
export async function photoKeyOf(db: Db, userId: number, ref: string | undefined): Promise<string | null> {
  if (ref === undefined) return null;
  const photo = await db.selectFrom('check_photos').select(['uploaded_by', 'storage_key']).where('ref', '=', ref).executeTakeFirst();
  if (!photo || photo.uploaded_by !== userId) throw badRequest(CHECK_MESSAGES.photoNotYours);
  return photo.storage_key;
}

export async function refusalById(db: Db, id: number): Promise<Refusal> {
  const row = await refusalRows(db).where('r.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(REFUSAL_MESSAGES.notFound);
  return toRefusal(row);
}

/** The operator's desk: refusals still to decide, oldest first (at most 200; a cancelled order's are moot). */
export async function openRefusals(db: Db): Promise<Refusal[]> {
  const rows = await refusalRows(db).where('r.decided_at', 'is', null).where('o.status', '!=', 'CANCELLED').orderBy('r.created_at').orderBy('r.id').limit(200).execute();
  return rows.map(toRefusal);
}

/**
 * The counter refuses a line: only the order's pickup warehouse's staff or the operator (403
 * for another warehouse's), only while the order is ready and not collected (409), never a
 * refunded line. Refusing the same line again answers the first refusal (a replay, or two
 * staff at once: the unique line keeps one). The buyer and the seller are told.
 */
export async function refuseLine(db: Db, actor: WarehouseActor, userId: number, orderId: number, itemId: number, reason: string, photoRef?: string): Promise<Refusal> {
  const id = await inTransaction(db, async (trx) => {
    const photo = await photoKeyOf(trx, userId, photoRef);
    const order = await lockOrder(trx, orderId);
    if (!order) throw notFound('Order not found');
    const { pickup_warehouse_id } = await trx.selectFrom('orders').select('pickup_warehouse_id').where('id', '=', orderId).executeTakeFirstOrThrow();
    if (!('operator' in actor) && pickup_warehouse_id !== actor.warehouseId) throw forbidden(TRANSPORT_MESSAGES.pickupOtherWarehouse);
    const line = await trx.selectFrom('order_items').select(['id', 'refunded_at']).where('id', '=', itemId).where('order_id', '=', orderId).executeTakeFirst();
    if (!line) throw notFound('Order line not found');
    const earlier = await trx.selectFrom('pickup_refusals').select('id').where('order_item_id', '=', itemId).executeTakeFirst();
    if (earlier) return earlier.id;
    if (line.refunded_at !== null) throw conflict(REFUSAL_MESSAGES.lineRefunded);
    if (order.status !== 'SHIPPED') throw conflict(REFUSAL_MESSAGES.notAtCounter);
    const row = await trx
      .insertInto('pickup_refusals')
      .values({ order_id: orderId, order_item_id: itemId, warehouse_id: pickup_warehouse_id, reason, refused_by: userId, created_at: now(), outcome: null, charged_to: null, decided_by: null, decided_at: null, flagged_at: null, photo })
      .returning('id')
      .executeTakeFirstOrThrow();
    await notify(trx, { kind: 'refusal.changed', refusalId: row.id });
    return row.id;
  });
  return refusalById(db, id);
}

/**
 * At the pickup of an order's other lines: what escrow keeps for its open refusals (their
 * lines; the value of every line not refunded, for their VAT share). Every line refused: 409,
 * nothing to hand over. Called under the order's lock.
 */
export async function keptForRefusals(trx: Db, orderId: number): Promise<KeptAtPickup | undefined> {
  const lines = await trx
    .selectFrom('order_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('pickup_refusals as r', (join) => join.onRef('r.order_item_id', '=', 'i.id').on('r.decided_at', 'is', null))
    .select(['i.id', 'i.total_minor', 'p.seller_id', 'r.id as refusal_id'])
    .where('i.order_id', '=', orderId)
    .where('i.refunded_at', 'is', null)
    .execute();
  const refused = lines.filter((l) => l.refusal_id !== null);
  if (refused.length === 0) return undefined;
  if (refused.length === lines.length) throw conflict(REFUSAL_MESSAGES.allRefused);
  return { lines: refused.map((l) => ({ sellerId: l.seller_id, totalMinor: l.total_minor })), remainingMinor: lines.reduce((sum, l) => sum + l.total_minor, 0) };
}

/** The pickup counter's view of an order: its lines and their refusals (the pickup warehouse's staff or the operator; another's: 403). */
export async function pickupLines(db: Db, actor: WarehouseActor, orderId: number): Promise<PickupLine[]> {
  const order = await db.selectFrom('orders').select('pickup_warehouse_id').where('id', '=', orderId).executeTakeFirst();
  if (!order) throw notFound('Order not found');
  if (!('operator' in actor) && order.pickup_warehouse_id !== actor.warehouseId) throw forbidden(TRANSPORT_MESSAGES.pickupOtherWarehouse);
  const rows = await db
    .selectFrom('order_items as i')
    .leftJoin('pickup_refusals as r', 'r.order_item_id', 'i.id')
    .select(['i.id', 'i.product_name', 'i.quantity', 'i.refunded_at', 'r.id as refusal_id', 'r.outcome'])
    .where('i.order_id', '=', orderId)
    .orderBy('i.id')
    .execute();
  return rows.map((r) => ({
    itemId: r.id,
    productName: r.product_name,
    quantity: r.quantity,
    refunded: r.refunded_at !== null,
    refusal: r.refusal_id === null ? null : { id: r.refusal_id, outcome: r.outcome as 'REFUND' | 'RELEASE' | null },
  }));
}
