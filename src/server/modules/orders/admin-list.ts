import { fromMinor } from '../../../shared/money';
import { paginate, type Page } from '../../../shared/pagination';
import type { AdminOrderListItem, AdminOrderListQuery, AdminRefund, AdminRefundListQuery, OrderStatus, PaymentStatus, RefundStatus } from '../../../shared/schemas/orders';
import type { Db } from '../../platform/db';
import { countRows } from '../../platform/db/paging';

/** Every customer's orders for the operator (ADMIN), newest first, optionally of one status. */
export async function listAllOrders(db: Db, query: AdminOrderListQuery): Promise<Page<AdminOrderListItem>> {
  let base = db.selectFrom('orders');
  if (query.status) base = base.where('orders.status', '=', query.status);
  const count = await countRows(base);
  const rows = await base
    .innerJoin('users', 'users.id', 'orders.user_id')
    .innerJoin('warehouses', 'warehouses.id', 'orders.pickup_warehouse_id')
    .selectAll('orders')
    .select(['users.first_name', 'users.last_name', 'users.email', 'users.phone', 'warehouses.name as warehouse_name'])
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  const ids = rows.map((r) => r.id);
  const items = ids.length
    ? await db.selectFrom('order_items').select(['order_id', 'product_name', 'quantity']).where('order_id', 'in', ids).orderBy('id').execute()
    : [];
  const data = rows.map((order): AdminOrderListItem => {
    const mine = items.filter((i) => i.order_id === order.id);
    return {
      id: order.id,
      orderNumber: order.order_number,
      createdAt: order.created_at,
      status: order.status as OrderStatus,
      paymentStatus: order.payment_status as PaymentStatus,
      totalAmount: fromMinor(order.total_minor),
      currency: 'GHS',
      itemCount: mine.reduce((n, i) => n + i.quantity, 0),
      itemsSummary: mine.map((i) => ({ productName: i.product_name, quantity: i.quantity })),
      customer: { firstName: order.first_name, lastName: order.last_name, email: order.email, phone: order.phone },
      pickupWarehouse: order.warehouse_name,
    };
  });
  return { data, pagination: paginate(query.page, query.pageSize, Number(count)) };
}

/** Every refund, newest first, with where it has got to at the provider. */
export async function listRefunds(db: Db, query: AdminRefundListQuery): Promise<Page<AdminRefund>> {
  let base = db.selectFrom('refunds');
  if (query.status) base = base.where('refunds.status', '=', query.status);
  const count = await countRows(base);
  const rows = await base
    .innerJoin('orders', 'orders.id', 'refunds.order_id')
    .innerJoin('payments', 'payments.id', 'refunds.payment_id')
    .selectAll('refunds')
    .select(['orders.order_number', 'payments.reference', 'payments.provider'])
    .orderBy('refunds.created_at', 'desc')
    .orderBy('refunds.id', 'desc')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
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
  return { data, pagination: paginate(query.page, query.pageSize, Number(count)) };
}
