import { timingSafeEqual } from 'node:crypto';
import { fromMinor } from '../../../shared/money';
import { encodeCursor, type KeysetPage } from '../../../shared/pagination';
import { TRANSPORT_MESSAGES, type ConsignmentStatus, type Load, type LoadEvent, type LoadsQuery } from '../../../shared/schemas/transport';
import { feeVatMinor, haversineKm } from '../../../shared/transport';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { now, type Db } from '../../platform/db';
import { inTransaction } from '../../platform/db/transactions';
import { notify } from '../../platform/messages';
import { commissionOf, releaseTransportFee } from '../ledger';
import { markLineAtWarehouse } from '../orders';

/**
 * A consignment's life (docs/transport.md): its lines counted in at the origin (AT_ORIGIN once
 * all are), a transporter accepting it from the board, collected with its collection code
 * (IN_TRANSIT), reported on the way, delivered with its delivery code (ARRIVED: its lines are at
 * the pickup warehouse, the order ready when every line is, the fee released). Every step that
 * touches an order locks the order's row first, as payments, cancels and sellers' marks do.
 */

/** Our commission on a transporter's fee (after its VAT), in basis points: 5 %, as sellers pay by default. */
export const TRANSPORT_COMMISSION_BP = 500;

/** Who acts at a warehouse: its staff (one warehouse) or the operator (any). */
export type WarehouseActor = { warehouseId: number } | { operator: true };
const mayActAt = (actor: WarehouseActor, warehouseId: number) => 'operator' in actor || actor.warehouseId === warehouseId;

export async function lockOrder(trx: Db, orderId: number) {
  await trx.updateTable('orders').set({ updated_at: now() }).where('id', '=', orderId).execute();
  return trx.selectFrom('orders').select(['id', 'status', 'order_number', 'pickup_warehouse_id']).where('id', '=', orderId).executeTakeFirst();
}

export async function addEvent(trx: Db, consignmentId: number, type: string, at: string, place: string | null, extra: { latitude?: number; longitude?: number; note?: string | null } = {}) {
  await trx
    .insertInto('consignment_events')
    .values({ consignment_id: consignmentId, type, at, place, latitude: extra.latitude ?? null, longitude: extra.longitude ?? null, note: extra.note ?? null, created_at: now() })
    .onConflict((oc) => oc.columns(['consignment_id', 'type', 'at']).doNothing())
    .execute();
}

export const townOf = async (trx: Db, warehouseId: number) => {
  const w = await trx.selectFrom('warehouses').select(['town', 'name']).where('id', '=', warehouseId).executeTakeFirstOrThrow();
  return w.town ?? w.name;
};

export interface CountedIn {
  orderId: number;
  itemId: number;
  consignmentId: number | null;
  consignmentStatus: ConsignmentStatus | null;
}

/**
 * Staff count a line in (POST /warehouse/orders/{orderId}/items/{itemId}/received): a line that
 * travels, at its origin (its seller's drop-off warehouse), and its consignment is AT_ORIGIN
 * once all its lines are in; a line that does not, at the order's pickup warehouse, which puts
 * it at the warehouse as the seller's mark does. Another warehouse's staff: 403. Counting twice
 * is harmless (a set-to intent the phone may resend).
 */
export async function countLineIn(db: Db, actor: WarehouseActor, orderId: number, itemId: number): Promise<CountedIn> {
  return inTransaction(db, async (trx) => {
    const line = await trx
      .selectFrom('order_items')
      .leftJoin('consignment_lines', 'consignment_lines.order_item_id', 'order_items.id')
      .leftJoin('consignments', 'consignments.id', 'consignment_lines.consignment_id')
      .select(['order_items.id', 'consignments.id as consignment_id', 'consignments.from_warehouse_id', 'consignments.status as consignment_status'])
      .where('order_items.id', '=', itemId)
      .where('order_items.order_id', '=', orderId)
      .executeTakeFirst();
    if (!line) throw notFound('Order line not found');
    const order = await lockOrder(trx, orderId);
    if (!order) throw notFound('Order line not found');
    if (line.consignment_id === null || line.from_warehouse_id === null) {
      if (!mayActAt(actor, order.pickup_warehouse_id)) throw forbidden(TRANSPORT_MESSAGES.otherWarehouse);
      await markLineAtWarehouse(trx, { warehouse: true }, orderId, itemId);
      return { orderId, itemId, consignmentId: null, consignmentStatus: null };
    }
    if (!mayActAt(actor, line.from_warehouse_id)) throw forbidden(TRANSPORT_MESSAGES.otherWarehouse);
    if (order.status === 'CANCELLED') throw conflict(TRANSPORT_MESSAGES.lineCancelled);
    if (order.status === 'PENDING') throw conflict(TRANSPORT_MESSAGES.lineNotPaid);
    const consignmentId = line.consignment_id;
    const at = now();
    await trx.updateTable('consignment_lines').set({ received_at: at }).where('order_item_id', '=', itemId).where('received_at', 'is', null).execute();
    const missing = await trx.selectFrom('consignment_lines').select('order_item_id').where('consignment_id', '=', consignmentId).where('received_at', 'is', null).execute();
    if (missing.length === 0) {
      const moved = await trx
        .updateTable('consignments')
        .set({ status: 'AT_ORIGIN', at_origin_at: at, updated_at: at })
        .where('id', '=', consignmentId)
        .where('status', '=', 'AWAITING_DROP_OFF')
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 1) {
        await addEvent(trx, consignmentId, 'AT_ORIGIN', at, await townOf(trx, line.from_warehouse_id));
        // Only the count that moved it: a line counted again says nothing new.
        await notify(trx, { kind: 'consignment.moved', consignmentId });
      }
    }
    const { status } = await trx.selectFrom('consignments').select('status').where('id', '=', consignmentId).executeTakeFirstOrThrow();
    return { orderId, itemId, consignmentId, consignmentStatus: status as ConsignmentStatus };
  });
}

/** Loads a page of the board holds; the phone keeps the last pull for offline reading. */
export const LOADS_PAGE_SIZE = 50;

type LoadRow = {
  id: number;
  status: string;
  weight_g: number;
  distance_km: number;
  fee_minor: number;
  expected_ready_at: string;
  collection_code: string;
  delivery_code: string;
  f_id: number;
  f_name: string;
  f_town: string | null;
  f_region: string;
  t_id: number;
  t_name: string;
  t_town: string | null;
  t_region: string;
};

/** What a transporter earns on a fee: less its VAT and our commission. */
export const transporterShareMinor = (feeMinor: number) => {
  const net = feeMinor - feeVatMinor(feeMinor);
  return net - commissionOf(net, TRANSPORT_COMMISSION_BP);
};

function loadOf(r: LoadRow, mine: boolean): Load {
  const load: Load = {
    id: r.id,
    status: r.status as ConsignmentStatus,
    fromWarehouse: { id: r.f_id, name: r.f_name, town: r.f_town, region: r.f_region },
    toWarehouse: { id: r.t_id, name: r.t_name, town: r.t_town, region: r.t_region },
    weightKg: r.weight_g / 1000,
    distanceKm: r.distance_km,
    earnings: fromMinor(transporterShareMinor(r.fee_minor)),
    expectedReadyAt: r.expected_ready_at,
  };
  if (mine) {
    load.collectionCode = r.collection_code;
    if (r.status === 'IN_TRANSIT' || r.status === 'ARRIVED') load.deliveryCode = r.delivery_code;
  }
  return load;
}

function loadsQuery(db: Db) {
  return db
    .selectFrom('consignments')
    .innerJoin('warehouses as f', 'f.id', 'consignments.from_warehouse_id')
    .innerJoin('warehouses as t', 't.id', 'consignments.to_warehouse_id')
    .select([
      'consignments.id', 'consignments.status', 'consignments.weight_g', 'consignments.distance_km', 'consignments.fee_minor', 'consignments.expected_ready_at',
      'consignments.collection_code', 'consignments.delivery_code',
      'f.id as f_id', 'f.name as f_name', 'f.town as f_town', 'f.region as f_region', 't.id as t_id', 't.name as t_name', 't.town as t_town', 't.region as t_region',
    ]);
}

/**
 * GET /transporters/me/loads: OPEN, the consignments waiting at their origin for a transporter
 * (by origin region, no heavier than the capacity given), oldest first; MINE, the transporter's
 * own not yet delivered (with their codes: the delivery code once collected).
 */
export async function listLoads(db: Db, transporterId: number, query: LoadsQuery): Promise<KeysetPage<Load>> {
  const mine = query.status === 'MINE';
  let q = loadsQuery(db);
  if (mine) {
    q = q.where('consignments.transporter_id', '=', transporterId).where('consignments.status', 'in', ['AT_ORIGIN', 'IN_TRANSIT']);
  } else {
    q = q.where('consignments.status', '=', 'AT_ORIGIN').where('consignments.transporter_id', 'is', null);
    if (query.region) q = q.where('f.region', '=', query.region);
    if (query.capacityKg !== undefined) q = q.where('consignments.weight_g', '<=', Number(query.capacityKg) * 1000);
  }
  // Oldest first, keyset on the id: a page starts strictly after the last load of the one before
  // (an OFFSET page only for phones from before the cursor).
  if (query.cursor) q = q.where('consignments.id', '>', Number(query.cursor[0]));
  q = q.orderBy('consignments.id').limit(LOADS_PAGE_SIZE + 1);
  if (!query.cursor && Number(query.page) > 1) q = q.offset((Number(query.page) - 1) * LOADS_PAGE_SIZE);
  const found = await q.execute();
  const rows = found.slice(0, LOADS_PAGE_SIZE);
  const last = rows.at(-1);
  return { data: rows.map((r) => loadOf(r, mine)), nextCursor: found.length > LOADS_PAGE_SIZE && last ? encodeCursor([last.id]) : null };
}

/**
 * A transporter accepts a load: one conditional UPDATE (still AT_ORIGIN, nobody's yet), so of 60
 * at once exactly one wins and the others hear who was first. Accepting one's own load again
 * answers it again (the phone's outbox may resend). `onWon` runs in the accept's own transaction,
 * only for the call that won (the USSD's SMS of the collection code: queued once, with the accept).
 */
export async function acceptLoad(db: Db, transporterId: number, id: number, onWon?: (trx: Db) => Promise<void>): Promise<Load> {
  return inTransaction(db, async (trx) => {
    const at = now();
    const won = await trx
      .updateTable('consignments')
      .set({ transporter_id: transporterId, accepted_at: at, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'AT_ORIGIN')
      .where('transporter_id', 'is', null)
      .executeTakeFirst();
    const row = await loadsQuery(trx).select('consignments.transporter_id').where('consignments.id', '=', id).executeTakeFirst();
    if (!row) throw notFound(TRANSPORT_MESSAGES.loadNotFound);
    if (Number(won.numUpdatedRows) !== 1 && row.transporter_id !== transporterId) {
      throw conflict(row.transporter_id !== null ? TRANSPORT_MESSAGES.loadTaken : TRANSPORT_MESSAGES.loadNotOpen);
    }
    if (Number(won.numUpdatedRows) === 1) {
      await addEvent(trx, id, 'ACCEPTED', at, row.f_town ?? row.f_name);
      await onWon?.(trx);
    }
    return loadOf(row, true);
  });
}

const sameCode = (given: string, expected: string) => given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

async function consignmentFor(trx: Db, id: number) {
  const c = await trx.selectFrom('consignments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!c) throw notFound(TRANSPORT_MESSAGES.consignmentNotFound);
  return c;
}

export interface Handover {
  id: number;
  status: ConsignmentStatus;
  orderId: number;
}

/**
 * The origin's staff hand a consignment to its transporter (POST /warehouse/consignments/{id}/collected):
 * the code must be this load's collection code, shown on the transporter's phone. Another
 * warehouse's staff: 403; a code of another load: 400. The caller limits attempts per consignment.
 */
export async function collectLoad(db: Db, actor: WarehouseActor, id: number, code: string): Promise<Handover> {
  return inTransaction(db, async (trx) => {
    const first = await consignmentFor(trx, id);
    if (!mayActAt(actor, first.from_warehouse_id)) throw forbidden(TRANSPORT_MESSAGES.otherWarehouseConsignment);
    await lockOrder(trx, first.order_id);
    const c = await consignmentFor(trx, id);
    if (c.status === 'IN_TRANSIT' && sameCode(code, c.collection_code)) return { id, status: 'IN_TRANSIT', orderId: c.order_id };
    if (c.status !== 'AT_ORIGIN') throw conflict(TRANSPORT_MESSAGES.notAtOrigin);
    if (c.transporter_id === null) throw conflict(TRANSPORT_MESSAGES.noTransporter);
    if (!sameCode(code, c.collection_code)) throw badRequest(TRANSPORT_MESSAGES.wrongCollectionCode, { code: TRANSPORT_MESSAGES.wrongCollectionCode });
    const at = now();
    await trx.updateTable('consignments').set({ status: 'IN_TRANSIT', collected_at: at, updated_at: at }).where('id', '=', id).where('status', '=', 'AT_ORIGIN').execute();
    await addEvent(trx, id, 'COLLECTED', at, await townOf(trx, c.from_warehouse_id));
    await notify(trx, { kind: 'consignment.moved', consignmentId: id });
    return { id, status: 'IN_TRANSIT', orderId: c.order_id };
  });
}

/**
 * The destination's staff receive a consignment (POST /warehouse/consignments/{id}/arrived) with
 * its delivery code: ARRIVED, its lines at the warehouse (the order ready for pickup when every
 * line is, as today), and its fee released to the transporter less VAT and commission, in the
 * same transaction.
 */
export async function arriveLoad(db: Db, actor: WarehouseActor, id: number, code: string): Promise<Handover> {
  return inTransaction(db, async (trx) => {
    const first = await consignmentFor(trx, id);
    if (!mayActAt(actor, first.to_warehouse_id)) throw forbidden(TRANSPORT_MESSAGES.otherWarehouseConsignment);
    const order = await lockOrder(trx, first.order_id);
    const c = await consignmentFor(trx, id);
    if (c.status === 'ARRIVED' && sameCode(code, c.delivery_code)) return { id, status: 'ARRIVED', orderId: c.order_id };
    if (c.status !== 'IN_TRANSIT') throw conflict(TRANSPORT_MESSAGES.notInTransit);
    if (!sameCode(code, c.delivery_code)) throw badRequest(TRANSPORT_MESSAGES.wrongDeliveryCode, { code: TRANSPORT_MESSAGES.wrongDeliveryCode });
    const at = now();
    await trx.updateTable('consignments').set({ status: 'ARRIVED', arrived_at: at, updated_at: at }).where('id', '=', id).where('status', '=', 'IN_TRANSIT').execute();
    await addEvent(trx, id, 'ARRIVED', at, await townOf(trx, c.to_warehouse_id));
    const lines = await trx.selectFrom('consignment_lines').select('order_item_id').where('consignment_id', '=', id).orderBy('order_item_id').execute();
    for (const line of lines) await markLineAtWarehouse(trx, { warehouse: true }, c.order_id, line.order_item_id);
    await releaseTransportFee(trx, {
      consignmentId: id,
      orderId: c.order_id,
      orderNumber: order!.order_number,
      feeMinor: c.fee_minor,
      vatMinor: feeVatMinor(c.fee_minor),
      transporterId: c.transporter_id!,
      commissionBp: TRANSPORT_COMMISSION_BP,
    });
    // After the lines are in: when they made the order ready, its ready notice is the one the buyer gets.
    await notify(trx, { kind: 'consignment.moved', consignmentId: id });
    return { id, status: 'ARRIVED', orderId: c.order_id };
  });
}

/** The nearest warehouse's town to a position: what the buyer is told, never the coordinates. */
async function nearestTown(db: Db, lat: number, lng: number): Promise<string | null> {
  const warehouses = await db.selectFrom('warehouses').select(['town', 'name', 'latitude', 'longitude']).where('latitude', 'is not', null).execute();
  let best: { place: string; km: number } | undefined;
  for (const w of warehouses) {
    const km = haversineKm({ latitude: lat, longitude: lng }, { latitude: w.latitude!, longitude: w.longitude! });
    if (!best || km < best.km) best = { place: w.town ?? w.name, km };
  }
  return best?.place ?? null;
}

/**
 * The transporter's reports (POST /transporters/me/loads/{id}/events), one or a batch kept
 * offline: only on their own load (another's: 404, as if it did not exist); a replay of the same
 * report (same type and moment) is kept once. Positions are stored with their nearest town.
 */
export async function recordLoadEvents(db: Db, transporterId: number, id: number, events: readonly LoadEvent[]): Promise<{ recorded: number; repeated: number }> {
  const c = await db.selectFrom('consignments').select(['id', 'transporter_id', 'status']).where('id', '=', id).executeTakeFirst();
  if (!c || c.transporter_id !== transporterId) throw notFound(TRANSPORT_MESSAGES.loadNotFound);
  if (c.status === 'CANCELLED') throw conflict(TRANSPORT_MESSAGES.loadNotOpen);
  for (const e of events) if (e.type === 'POSITION' && (e.lat === undefined || e.lng === undefined)) throw badRequest(TRANSPORT_MESSAGES.eventCoordinates);
  let recorded = 0;
  for (const e of [...events].sort((a, b) => a.at.localeCompare(b.at))) {
    const at = new Date(e.at).toISOString();
    const place = e.type === 'POSITION' ? await nearestTown(db, e.lat!, e.lng!) : null;
    const written = await db
      .insertInto('consignment_events')
      .values({ consignment_id: id, type: e.type, at, place, latitude: e.lat ?? null, longitude: e.lng ?? null, note: e.note ?? null, created_at: now() })
      .onConflict((oc) => oc.columns(['consignment_id', 'type', 'at']).doNothing())
      .executeTakeFirst();
    recorded += Number(written.numInsertedOrUpdatedRows ?? 0);
  }
  return { recorded, repeated: events.length - recorded };
}
