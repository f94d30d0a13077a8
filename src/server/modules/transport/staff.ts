import { isMeasured } from '../../../shared/quality-grades';
import { encodeCursor, type KeysetPage } from '../../../shared/pagination';
import { LINES_PAGE_SIZE, STAFF_PAGE_SIZE, TRANSPORT_MESSAGES, type LinesToReceiveQuery, type ConsignmentStatus, type LineToReceive, type StaffConsignment, type StaffConsignmentsQuery } from '../../../shared/schemas/transport';
import type { WarehouseActor } from '../../http/context';
import { forbidden, notFound } from '../../http/errors';
import { sql } from 'kysely';
import type { Db } from '../../platform/db';

/**
 * What the warehouse staff's screens list (issue 40 item 2): the consignments leaving or coming
 * to their warehouse, and the paid lines still to count in there. The operator sees every
 * warehouse's. Never the handover codes: those are shown on the transporter's phone, and the
 * staff type them in from it.
 */

export async function staffConsignments(db: Db, actor: WarehouseActor, query: StaffConsignmentsQuery): Promise<KeysetPage<StaffConsignment>> {
  let q = db
    .selectFrom('consignments as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .innerJoin('warehouses as f', 'f.id', 'c.from_warehouse_id')
    .innerJoin('warehouses as t', 't.id', 'c.to_warehouse_id')
    .leftJoin('users as d', 'd.id', 'c.transporter_id')
    .leftJoin('transporter_profiles as p', 'p.user_id', 'c.transporter_id')
    .select([
      'c.id', 'c.created_at', 'c.order_id', 'o.order_number', 'c.status', 'c.weight_g', 'c.expected_ready_at', 'c.from_warehouse_id', 'c.transporter_id',
      'f.name as f_name', 'f.town as f_town', 'c.to_warehouse_id', 't.name as t_name', 't.town as t_town',
      'd.first_name', 'd.last_name', 'd.phone', 'p.vehicle_type', 'p.plate_number',
      sql<number>`(select count(*) from consignment_lines l where l.consignment_id = c.id)`.as('lines'),
      sql<number>`(select count(*) from consignment_lines l where l.consignment_id = c.id and l.received_at is not null)`.as('received'),
    ]);
  if (!('operator' in actor)) q = q.where((eb) => eb.or([eb('c.from_warehouse_id', '=', actor.warehouseId), eb('c.to_warehouse_id', '=', actor.warehouseId)]));
  if (!('operator' in actor) && query.direction) q = q.where(query.direction === 'OUTGOING' ? 'c.from_warehouse_id' : 'c.to_warehouse_id', '=', actor.warehouseId);
  if (query.status) q = q.where('c.status', '=', query.status);
  // Newest first, keyset on (created_at, id): a page starts strictly after the last row of the one before.
  if (query.cursor) {
    const [at, id] = query.cursor as [string, number];
    q = q.where((eb) => eb.or([eb('c.created_at', '<', at), eb.and([eb('c.created_at', '=', at), eb('c.id', '<', id)])]));
  }
  q = q.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(STAFF_PAGE_SIZE + 1);
  if (!query.cursor && Number(query.page) > 1) q = q.offset((Number(query.page) - 1) * STAFF_PAGE_SIZE);
  const found = await q.execute();
  const rows = found.slice(0, STAFF_PAGE_SIZE);
  const last = rows.at(-1);
  const nextCursor = found.length > STAFF_PAGE_SIZE && last ? encodeCursor([last.created_at, last.id]) : null;
  const data = rows.map((r) => ({
    id: r.id,
    orderId: r.order_id,
    orderNumber: r.order_number,
    status: r.status as ConsignmentStatus,
    fromWarehouse: { id: r.from_warehouse_id, name: r.f_name, town: r.f_town },
    toWarehouse: { id: r.to_warehouse_id, name: r.t_name, town: r.t_town },
    direction: ('operator' in actor ? null : r.from_warehouse_id === actor.warehouseId ? 'OUTGOING' : 'INCOMING') as StaffConsignment['direction'],
    weightKg: r.weight_g / 1000,
    lines: Number(r.lines),
    linesReceived: Number(r.received),
    transporter: r.transporter_id === null ? null : { name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(), phone: r.phone ?? null, vehicleType: r.vehicle_type ?? null, plateNumber: r.plate_number ?? null },
    expectedReadyAt: r.expected_ready_at,
  }));
  return { data, nextCursor };
}

/**
 * Paid lines the staff's counter can act on, oldest first, 200 a page (keyset on the order
 * line, over both kinds together):
 * - lines of consignments still waiting to be dropped off at the staff's warehouse (their
 *   origin): what the counter expects sellers to bring, to count in (and check);
 * - same-warehouse lines (issue 41 item 1): lines that do not travel, which their seller marked
 *   at the order's pickup warehouse (docs/transport.md), while the order is paid and not
 *   collected, not refunded, not refused at pickup, and not yet checked. They are already
 *   there (`sameWarehouse`: "the seller brought it here"), so they need no count-in and no check
 *   to become ready; staff may check them, and a checked one leaves the list.
 */
export async function linesToReceive(db: Db, actor: WarehouseActor, query: LinesToReceiveQuery = {}): Promise<KeysetPage<LineToReceive>> {
  let q = db
    .selectFrom('consignment_lines as l')
    .innerJoin('consignments as c', 'c.id', 'l.consignment_id')
    .innerJoin('order_items as i', 'i.id', 'l.order_item_id')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .leftJoin('seller_profiles as s', 's.user_id', 'c.seller_id')
    .leftJoin('products as p', 'p.id', 'i.product_id')
    .select(['o.id as order_id', 'o.order_number', 'i.id as item_id', 'i.product_name', 'i.quantity', 's.business_name', 'c.id as consignment_id', 'c.from_warehouse_id', 'p.category'])
    .where('c.status', '=', 'AWAITING_DROP_OFF')
    .where('l.received_at', 'is', null)
    .where('o.status', 'not in', ['PENDING', 'CANCELLED']);
  if (!('operator' in actor)) q = q.where('c.from_warehouse_id', '=', actor.warehouseId);
  let here = db
    .selectFrom('order_items as i')
    .innerJoin('orders as o', 'o.id', 'i.order_id')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('seller_profiles as s', 's.user_id', 'p.seller_id')
    .select(['o.id as order_id', 'o.order_number', 'i.id as item_id', 'i.product_name', 'i.quantity', 's.business_name', 'o.pickup_warehouse_id', 'p.category'])
    .where('o.status', 'in', ['PROCESSING', 'SHIPPED'])
    .where('o.payment_status', '=', 'PAID')
    .where('i.at_warehouse_at', 'is not', null)
    .where('i.refunded_at', 'is', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('consignment_lines as cl').select('cl.order_item_id').whereRef('cl.order_item_id', '=', 'i.id'))))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('line_checks as k').select('k.id').whereRef('k.order_item_id', '=', 'i.id'))))
    .where((eb) => eb.not(eb.exists(eb.selectFrom('pickup_refusals as r').select('r.id').whereRef('r.order_item_id', '=', 'i.id'))));
  if (!('operator' in actor)) here = here.where('o.pickup_warehouse_id', '=', actor.warehouseId);
  if (query.cursor) {
    q = q.where('l.order_item_id', '>', Number(query.cursor[0]));
    here = here.where('i.id', '>', Number(query.cursor[0]));
  }
  // Each kind's first page and one more, in the same order: together they hold the page's lines and whether more follow.
  const [travelling, staying] = await Promise.all([q.orderBy('l.order_item_id').limit(LINES_PAGE_SIZE + 1).execute(), here.orderBy('i.id').limit(LINES_PAGE_SIZE + 1).execute()]);
  const lines: LineToReceive[] = [
    ...travelling.map((r) => ({
      orderId: r.order_id,
      orderNumber: r.order_number,
      itemId: r.item_id,
      productName: r.product_name,
      quantity: r.quantity,
      seller: r.business_name ?? '',
      consignmentId: r.consignment_id,
      fromWarehouseId: r.from_warehouse_id,
      measured: isMeasured(r.category ?? ''),
      sameWarehouse: false,
    })),
    ...staying.map((r) => ({
      orderId: r.order_id,
      orderNumber: r.order_number,
      itemId: r.item_id,
      productName: r.product_name,
      quantity: r.quantity,
      seller: r.business_name ?? '',
      consignmentId: null,
      fromWarehouseId: r.pickup_warehouse_id,
      measured: isMeasured(r.category ?? ''),
      sameWarehouse: true,
    })),
  ];
  const found = lines.sort((a, b) => a.itemId - b.itemId);
  const data = found.slice(0, LINES_PAGE_SIZE);
  const last = data.at(-1);
  return { data, nextCursor: found.length > LINES_PAGE_SIZE && last ? encodeCursor([last.itemId]) : null };
}

/**
 * Before a handover code is counted: the consignment exists (404) and the caller acts at its
 * origin (collection) or destination (arrival), as life.ts's collectLoad and arriveLoad check
 * again inside their transaction; here so that another warehouse's staff cannot use up the
 * consignment's tries.
 */
export async function requireConsignmentHere(db: Db, actor: WarehouseActor, id: number, end: 'origin' | 'destination'): Promise<void> {
  const c = await db.selectFrom('consignments').select(['from_warehouse_id', 'to_warehouse_id']).where('id', '=', id).executeTakeFirst();
  if (!c) throw notFound(TRANSPORT_MESSAGES.consignmentNotFound);
  const at = end === 'origin' ? c.from_warehouse_id : c.to_warehouse_id;
  if (!('operator' in actor) && actor.warehouseId !== at) throw forbidden(TRANSPORT_MESSAGES.otherWarehouseConsignment);
}
