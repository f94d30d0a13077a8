import { fromMinor } from '../../../shared/money';
import type { Page } from '../../../shared/pagination';
import type { AdminOrderListItem, AdminOrderListQuery, AdminRefund, AdminRefundListQuery, RefundStatus } from '../../../shared/schemas/orders';
import type { SelectQueryBuilder } from 'kysely';
import { notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import type { Database } from '../../platform/db/schema';
import { pageRows } from '../../platform/db/paging';
import { orderSummary } from './service';

/** Every customer's orders for the operator (ADMIN), newest first, optionally of one status. */
export async function listAllOrders(db: Db, query: AdminOrderListQuery): Promise<Page<AdminOrderListItem>> {
  let base = db.selectFrom('orders');
  if (query.status) base = base.where('orders.status', '=', query.status);
  const { rows, pagination } = await pageRows(base, query, (b) => withBuyer(b).orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc'));
  return { data: await withLines(db, rows), pagination };
}

/** One order as the desk lists it (the answer to an operator's change of one line). */
export async function adminOrder(db: Db, orderId: number): Promise<AdminOrderListItem> {
  const rows = await withBuyer(db.selectFrom('orders').where('orders.id', '=', orderId)).execute();
  if (rows.length === 0) throw notFound('Order not found');
  return (await withLines(db, rows))[0]!;
}

function withBuyer(base: SelectQueryBuilder<Database, 'orders', object>) {
  return base
    .innerJoin('users', 'users.id', 'orders.user_id')
    .innerJoin('warehouses', 'warehouses.id', 'orders.pickup_warehouse_id')
    .selectAll('orders')
    .select(['users.first_name', 'users.last_name', 'users.email', 'users.phone', 'warehouses.name as warehouse_name']);
}

type OrderRow = Awaited<ReturnType<ReturnType<typeof withBuyer>['execute']>>[number];

/** Adds each order's lines, with their seller and whether they are at the warehouse yet. */
async function withLines(db: Db, rows: OrderRow[]): Promise<AdminOrderListItem[]> {
  const ids = rows.map((r) => r.id);
  const items = ids.length
    ? await db
        .selectFrom('order_items')
        .innerJoin('products', 'products.id', 'order_items.product_id')
        .innerJoin('users', 'users.id', 'products.seller_id')
        .leftJoin('seller_profiles', 'seller_profiles.user_id', 'users.id')
        .select(['order_items.id', 'order_items.order_id', 'order_items.product_name', 'order_items.quantity', 'order_items.at_warehouse_at', 'users.first_name', 'users.last_name', 'seller_profiles.business_name'])
        .where('order_items.order_id', 'in', ids)
        .orderBy('order_items.id')
        .execute()
    : [];
  return rows.map((order): AdminOrderListItem => {
    const mine = items.filter((i) => i.order_id === order.id);
    return {
      ...orderSummary(order, mine),
      lines: mine.map((i) => ({
        id: i.id,
        productName: i.product_name,
        quantity: i.quantity,
        sellerName: i.business_name ?? `${i.first_name} ${i.last_name}`,
        atWarehouseAt: i.at_warehouse_at,
      })),
      customer: { firstName: order.first_name, lastName: order.last_name, email: order.email ?? '', phone: order.phone },
      pickupWarehouse: order.warehouse_name,
    };
  });
}

/** Every refund, newest first, with where it has got to at the provider. */
export async function listRefunds(db: Db, query: AdminRefundListQuery): Promise<Page<AdminRefund>> {
  let base = db.selectFrom('refunds');
  if (query.status) base = base.where('refunds.status', '=', query.status);
  const { rows, pagination } = await pageRows(base, query, (b) =>
    b
      .innerJoin('orders', 'orders.id', 'refunds.order_id')
      .innerJoin('payments', 'payments.id', 'refunds.payment_id')
      .selectAll('refunds')
      .select(['orders.order_number', 'payments.reference', 'payments.provider'])
      .orderBy('refunds.created_at', 'desc')
      .orderBy('refunds.id', 'desc'),
  );
  const data = rows.map((r): AdminRefund => ({
    id: r.id,
    orderId: r.order_id,
    orderNumber: r.order_number,
    status: r.status as RefundStatus,
    amount: fromMinor(r.amount_minor),
    currency: 'GHS',
    reason: r.reason,
    paymentReference: r.reference,
    provider: r.provider,
    attempts: r.attempts,
    lastError: r.last_error,
    nextAttemptAt: r.status === 'PENDING' || r.status === 'PROCESSING' ? r.next_attempt_at : null,
    createdAt: r.created_at,
    completedAt: r.completed_at,
  }));
  return { data, pagination };
}
