import { fromMinor } from '../../../shared/money';
import type { ConsignmentStatus, OrderConsignment } from '../../../shared/schemas/transport';
import type { Db } from '../../platform/db';

/**
 * An order's consignments as its buyer (and seller) read them: where from and to, the fee, and
 * every event in order of `at` (a position as its nearest town, never coordinates). The rows
 * are modules/transport's; reading them here keeps orders free of an import of transport
 * (which builds on orders: a line's arrival makes the order ready for pickup).
 */
export async function orderConsignments(db: Db, orderId: number): Promise<OrderConsignment[]> {
  const rows = await db
    .selectFrom('consignments')
    .innerJoin('warehouses as f', 'f.id', 'consignments.from_warehouse_id')
    .innerJoin('warehouses as t', 't.id', 'consignments.to_warehouse_id')
    .select([
      'consignments.id', 'consignments.status', 'consignments.fee_minor', 'consignments.expected_ready_at',
      'f.id as from_id', 'f.name as from_name', 'f.town as from_town', 't.id as to_id', 't.name as to_name', 't.town as to_town',
    ])
    .where('consignments.order_id', '=', orderId)
    .orderBy('consignments.id')
    .execute();
  if (rows.length === 0) return [];
  const events = await db
    .selectFrom('consignment_events')
    .select(['consignment_id', 'type', 'at', 'place'])
    .where('consignment_id', 'in', rows.map((r) => r.id))
    .orderBy('at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    status: r.status as ConsignmentStatus,
    fromWarehouse: { id: r.from_id, name: r.from_name, town: r.from_town },
    toWarehouse: { id: r.to_id, name: r.to_name, town: r.to_town },
    fee: fromMinor(r.fee_minor),
    expectedReadyAt: r.expected_ready_at,
    events: events.filter((e) => e.consignment_id === r.id).map((e) => ({ type: e.type, at: e.at, place: e.place })),
  }));
}
