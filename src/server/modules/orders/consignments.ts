import { fromMinor } from '../../../shared/money';
import type { ConsignmentEvent, ConsignmentStatus, OrderConsignment } from '../../../shared/schemas/transport';
import type { Db } from '../../platform/db';
import { isVehicleType } from '../../../shared/schemas/transport';

/**
 * Orders' consignments as their buyer (and seller) read them: where from and to, the fee, and
 * every event in order of `at` (a position as its nearest town, never coordinates; the
 * collection with the carrier's first name and vehicle). The rows are modules/transport's; reading them
 * here keeps orders free of an import of transport (which builds on orders: a line's arrival
 * makes the order ready for pickup).
 */
export async function consignmentsOfOrders(db: Db, orderIds: readonly number[], only: { sellerId?: number } = {}): Promise<Map<number, OrderConsignment[]>> {
  const byOrder = new Map<number, OrderConsignment[]>();
  if (orderIds.length === 0) return byOrder;
  let q = db
    .selectFrom('consignments')
    .innerJoin('warehouses as f', 'f.id', 'consignments.from_warehouse_id')
    .innerJoin('warehouses as t', 't.id', 'consignments.to_warehouse_id')
    .leftJoin('users as carrier', 'carrier.id', 'consignments.transporter_id')
    .leftJoin('transporter_profiles as vehicle', 'vehicle.user_id', 'consignments.transporter_id')
    .select([
      'consignments.id', 'consignments.order_id', 'consignments.status', 'consignments.fee_minor', 'consignments.expected_ready_at',
      'f.id as from_id', 'f.name as from_name', 'f.town as from_town', 't.id as to_id', 't.name as to_name', 't.town as to_town',
      'carrier.first_name as carrier_first_name', 'vehicle.vehicle_type as carrier_vehicle',
    ])
    .where('consignments.order_id', 'in', orderIds);
  // A seller sees the consignment of their own lines only (one seller's lines form one).
  if (only.sellerId !== undefined) q = q.where('consignments.seller_id', '=', only.sellerId);
  const rows = await q.orderBy('consignments.id').execute();
  if (rows.length === 0) return byOrder;
  const events = await db
    .selectFrom('consignment_events')
    .select(['consignment_id', 'type', 'at', 'place'])
    .where('consignment_id', 'in', rows.map((r) => r.id))
    .orderBy('at')
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const own = events.filter((e) => e.consignment_id === r.id).map((e): ConsignmentEvent => {
      const event: ConsignmentEvent = { type: e.type, at: e.at, place: e.place };
      // Who took the goods: "collected by Kwame with a truck". A first name only, as the seller sees the buyer.
      if (e.type === 'COLLECTED' && r.carrier_first_name) {
        event.carrier = { firstName: r.carrier_first_name };
        if (isVehicleType(r.carrier_vehicle)) event.carrier.vehicleType = r.carrier_vehicle;
      }
      return event;
    });
    const consignment: OrderConsignment = {
      id: r.id,
      status: r.status as ConsignmentStatus,
      fromWarehouse: { id: r.from_id, name: r.from_name, town: r.from_town },
      toWarehouse: { id: r.to_id, name: r.to_name, town: r.to_town },
      fee: fromMinor(r.fee_minor),
      expectedReadyAt: r.expected_ready_at,
      events: own,
    };
    byOrder.set(r.order_id, [...(byOrder.get(r.order_id) ?? []), consignment]);
  }
  return byOrder;
}

/** One order's consignments (the buyer's order detail). */
export async function orderConsignments(db: Db, orderId: number): Promise<OrderConsignment[]> {
  return (await consignmentsOfOrders(db, [orderId])).get(orderId) ?? [];
}
