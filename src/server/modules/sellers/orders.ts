import { fromMinor } from '../../../shared/money';
import { paginate, type Page } from '../../../shared/pagination';
import { SELLER_ORDERS_PAGE_SIZE, type SellerOrder, type SellerOrdersQuery } from '../../../shared/schemas/sellers';
import type { Db } from '../../platform/db';
import { countRows } from '../../platform/db/paging';
import { consignmentsOfOrders } from '../orders';

/** Orders a seller fulfils: paid ones (including those cancelled after payment, so the seller knows). */
const PAID_ONCE = ['PAID', 'REFUND_DUE', 'REFUNDED'];

/**
 * Paid orders that contain the seller's products, newest first, optionally of one state, with
 * only the seller's own lines. The buyer appears by first name and pickup warehouse only:
 * enough to hand the goods over, never their contact details.
 */
export async function listSellerOrders(db: Db, sellerId: number, query: SellerOrdersQuery & { orderId?: number }): Promise<Page<SellerOrder>> {
  const pageSize = SELLER_ORDERS_PAGE_SIZE;
  const mine = db
    .selectFrom('order_items')
    .innerJoin('products', 'products.id', 'order_items.product_id')
    .select('order_items.order_id')
    .where('products.seller_id', '=', sellerId);
  let base = db.selectFrom('orders').where('orders.id', 'in', mine).where('orders.payment_status', 'in', PAID_ONCE);
  if (query.status) base = base.where('orders.status', '=', query.status);
  if (query.orderId) base = base.where('orders.id', '=', query.orderId);
  const count = await countRows(base);
  const orders = await base
    .innerJoin('users', 'users.id', 'orders.user_id')
    .innerJoin('warehouses', 'warehouses.id', 'orders.pickup_warehouse_id')
    .select(['orders.id', 'orders.order_number', 'orders.created_at', 'orders.status', 'orders.payment_status', 'users.first_name', 'warehouses.name as warehouse'])
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(pageSize)
    .offset((query.page - 1) * pageSize)
    .execute();
  const items = orders.length
    ? await db
        .selectFrom('order_items')
        .innerJoin('products', 'products.id', 'order_items.product_id')
        .select(['order_items.id', 'order_items.order_id', 'order_items.product_id', 'order_items.product_name', 'order_items.quantity', 'order_items.unit_price_minor', 'order_items.total_minor', 'order_items.at_warehouse_at'])
        .where('products.seller_id', '=', sellerId)
        .where('order_items.order_id', 'in', orders.map((o) => o.id))
        .orderBy('order_items.id')
        .execute()
    : [];
  const consignments = await consignmentsOfOrders(db, orders.map((o) => o.id), { sellerId });
  const data: SellerOrder[] = orders.map((o) => {
    const lines = items.filter((i) => i.order_id === o.id);
    return {
      id: o.id,
      orderNumber: o.order_number,
      createdAt: o.created_at,
      status: o.status,
      paymentStatus: o.payment_status,
      buyerName: o.first_name,
      pickupWarehouse: o.warehouse,
      items: lines.map((i) => ({
        id: i.id,
        productId: i.product_id,
        productName: i.product_name,
        quantity: i.quantity,
        unitPrice: fromMinor(i.unit_price_minor),
        total: fromMinor(i.total_minor),
        atWarehouseAt: i.at_warehouse_at,
      })),
      sellerTotal: fromMinor(lines.reduce((sum, i) => sum + i.total_minor, 0)),
      currency: 'GHS',
      consignments: consignments.get(o.id) ?? [],
    };
  });
  return { data, pagination: paginate(query.page, pageSize, Number(count)) };
}
