import { sql } from 'kysely';
import { fromMinor } from '../../../shared/money';
import type { Page } from '../../../shared/pagination';
import type { ConsignmentStatus, DispatchConsignment, DispatchQuery } from '../../../shared/schemas/transport';
import type { Db } from '../../platform/db';
import { pageRows } from '../../platform/db/paging';

/**
 * GET /admin/consignments: the operator's dispatch desk. Late is worked out from the clock
 * (on the road past the expected date), not only from the sweep's LATE event, so the desk is
 * right between two sweeps. Late first, then the soonest expected, then the oldest.
 */
export async function dispatchDesk(db: Db, query: DispatchQuery, at: Date = new Date()): Promise<Page<DispatchConsignment>> {
  const moment = at.toISOString();
  const lateSql = sql<number>`case when consignments.status = 'IN_TRANSIT' and consignments.expected_ready_at < ${moment} then 1 else 0 end`;
  let base = db.selectFrom('consignments');
  if (query.status) base = base.where('consignments.status', '=', query.status);
  if (query.late === 'true') base = base.where('consignments.status', '=', 'IN_TRANSIT').where('consignments.expected_ready_at', '<', moment);
  if (query.late === 'false') base = base.where((eb) => eb.or([eb('consignments.status', '<>', 'IN_TRANSIT'), eb('consignments.expected_ready_at', '>=', moment)]));
  const { rows, pagination } = await pageRows(base, { page: Number(query.page), pageSize: Number(query.pageSize) }, (b) =>
    b
      .innerJoin('orders', 'orders.id', 'consignments.order_id')
      .innerJoin('warehouses as f', 'f.id', 'consignments.from_warehouse_id')
      .innerJoin('warehouses as t', 't.id', 'consignments.to_warehouse_id')
      .leftJoin('users as carrier', 'carrier.id', 'consignments.transporter_id')
      .select([
        'consignments.id', 'consignments.status', 'consignments.order_id', 'orders.order_number', 'consignments.weight_g', 'consignments.fee_minor',
        'consignments.transporter_id', 'carrier.first_name', 'carrier.last_name', 'carrier.phone',
        'consignments.accepted_at', 'consignments.collected_at', 'consignments.expected_ready_at',
        'f.id as f_id', 'f.name as f_name', 'f.town as f_town', 't.id as t_id', 't.name as t_name', 't.town as t_town',
        lateSql.as('late'),
      ])
      .orderBy(lateSql, 'desc')
      .orderBy('consignments.expected_ready_at')
      .orderBy('consignments.id'),
  );
  return {
    data: rows.map((r) => ({
      id: r.id,
      status: r.status as ConsignmentStatus,
      orderId: r.order_id,
      orderNumber: r.order_number,
      fromWarehouse: { id: r.f_id, name: r.f_name, town: r.f_town },
      toWarehouse: { id: r.t_id, name: r.t_name, town: r.t_town },
      weightKg: r.weight_g / 1000,
      fee: fromMinor(r.fee_minor),
      transporter: r.transporter_id === null ? null : { id: r.transporter_id, name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(), phone: r.phone ?? null },
      acceptedAt: r.accepted_at,
      collectedAt: r.collected_at,
      expectedReadyAt: r.expected_ready_at,
      late: Number(r.late) === 1,
    })),
    pagination,
  };
}
