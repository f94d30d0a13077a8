import { fromMinor } from '../../../shared/money';
import type { Page } from '../../../shared/pagination';
import {
  HISTORY_ICONS,
  ORDER_MESSAGES,
  type HistoryStatus,
  type OrderAddress,
  type OrderDetail,
  type OrderListItem,
  type OrderListQuery,
  type OrderSummary,
  type OrderStatus,
  type PaymentStatus,
  type RefundStatus,
  type TrackedOrder,
  orderNumberSchema,
} from '../../../shared/schemas/orders';
import type { OrderLineCheck, OrderLineRefusal } from '../../../shared/schemas/checks';
import type { Deps } from '../../http/context';
import { notFound } from '../../http/errors';
import { parseOrThrow } from '../../http/validate';
import type { Db } from '../../platform/db';
import { imageUrl } from '../../platform/images';
import { canCancelAsBuyer } from './cancel';
import { orderConsignments } from './consignments';
import { refundOfOrder } from './refunds';
import { pageRows } from '../../platform/db/paging';

const SUMMARY_ITEMS = 3;
const SORT_COLUMNS = { createdAt: 'created_at', totalAmount: 'total_minor', status: 'status', orderNumber: 'order_number' } as const;

/** The first image of each product (640 px), for list previews and tracking. */
async function firstImages(db: Db, productIds: number[]): Promise<Map<number, string>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('product_images')
    .select(['product_id', 'storage_key', 'position'])
    .where('product_id', 'in', productIds)
    .orderBy('position')
    .execute();
  const map = new Map<number, string>();
  for (const r of rows) if (!map.has(r.product_id)) map.set(r.product_id, imageUrl(r.storage_key, 640));
  return map;
}

/** The fields every order list shows, from the order's row and its lines (the first `shown` summarized). */
export function orderSummary(
  order: { id: number; order_number: string; created_at: string; status: string; payment_status: string; total_minor: number },
  lines: { product_name: string; quantity: number }[],
  shown = lines.length,
): OrderSummary {
  return {
    id: order.id,
    orderNumber: order.order_number,
    createdAt: order.created_at,
    status: order.status as OrderStatus,
    paymentStatus: order.payment_status as PaymentStatus,
    totalAmount: fromMinor(order.total_minor),
    currency: 'GHS',
    itemCount: lines.reduce((n, i) => n + i.quantity, 0),
    itemsSummary: lines.slice(0, shown).map((i) => ({ productName: i.product_name, quantity: i.quantity })),
  };
}

export async function listOrders(db: Db, userId: number, query: OrderListQuery): Promise<Page<OrderListItem>> {
  let base = db.selectFrom('orders').where('user_id', '=', userId);
  if (query.status) base = base.where('status', '=', query.status);
  const { rows, pagination } = await pageRows(base, query, (b) => b.selectAll().orderBy(SORT_COLUMNS[query.sortBy], query.sortDir).orderBy('id', query.sortDir));
  const ids = rows.map((r) => r.id);
  const items = ids.length
    ? await db.selectFrom('order_items').select(['order_id', 'product_id', 'product_name', 'quantity']).where('order_id', 'in', ids).orderBy('id').execute()
    : [];
  const images = await firstImages(db, [...new Set(items.map((i) => i.product_id))]);
  const data = rows.map((order): OrderListItem => {
    const mine = items.filter((i) => i.order_id === order.id);
    return {
      ...orderSummary(order, mine, SUMMARY_ITEMS),
      hasMoreItems: mine.length > SUMMARY_ITEMS,
      previewImage: mine.length ? images.get(mine[0].product_id) ?? null : null,
    };
  });
  return { data, pagination };
}

async function ownOrder(db: Db, userId: number, where: { id: number } | { orderNumber: string }, message: string) {
  let q = db
    .selectFrom('orders')
    .innerJoin('warehouses', 'warehouses.id', 'orders.pickup_warehouse_id')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .selectAll('orders')
    .select(['warehouses.name as w_name', 'warehouses.address as w_address', 'warehouses.region as w_region', 'users.first_name', 'users.last_name', 'users.email', 'users.phone'])
    .where('orders.user_id', '=', userId);
  q = 'id' in where ? q.where('orders.id', '=', where.id) : q.where('orders.order_number', '=', where.orderNumber);
  const order = await q.executeTakeFirst();
  // Someone else's order is as invisible as one that does not exist.
  if (!order) throw notFound(message);
  return order;
}

type OwnOrder = Awaited<ReturnType<typeof ownOrder>>;

/** The pickup warehouse is where the order goes; its address is the shipping address. */
function pickupAddress(order: OwnOrder): OrderAddress {
  const city = order.w_address.split(',').pop()?.trim() || order.w_region;
  return { name: order.w_name, street: order.w_address, city, region: order.w_region, postalCode: null, country: 'Ghana' };
}

const trackingUrl = (deps: Pick<Deps, 'config'>, orderNumber: string) => `${deps.config.publicUrl}/track-order?orderNumber=${encodeURIComponent(orderNumber)}`;

async function history(db: Db, orderId: number) {
  return db.selectFrom('order_status_history').selectAll().where('order_id', '=', orderId).orderBy('created_at').orderBy('id').execute();
}

export async function getOrderDetail(deps: Pick<Deps, 'config'>, db: Db, userId: number, orderId: number): Promise<OrderDetail> {
  const order = await ownOrder(db, userId, { id: orderId }, ORDER_MESSAGES.notFound);
  const [items, steps, payment, billing, refund, consignments, checks, refusals] = await Promise.all([
    db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
    history(db, order.id),
    // The attempt that paid, else the latest one (a declined attempt may have been retried).
    db.selectFrom('payments').selectAll().where('order_id', '=', order.id).orderBy((eb) => eb.case().when('status', '=', 'SUCCESS').then(1).else(0).end(), 'desc').orderBy('id', 'desc').executeTakeFirst(),
    db.selectFrom('customer_addresses').selectAll().where('user_id', '=', userId).orderBy('is_default', 'desc').orderBy('id').executeTakeFirst(),
    refundOfOrder(db, order.id),
    orderConsignments(db, order.id),
    lineChecksOfOrder(db, order.id),
    lineRefusalsOfOrder(db, order.id),
  ]);
  const productIds = [...new Set(items.map((i) => i.product_id))];
  const [imageRows, reviews] = productIds.length
    ? await Promise.all([
        db.selectFrom('product_images').select(['product_id', 'storage_key']).where('product_id', 'in', productIds).orderBy('position').execute(),
        db.selectFrom('reviews').selectAll().where('user_id', '=', userId).where('product_id', 'in', productIds).execute(),
      ])
    : [[], []];
  const pickup = pickupAddress(order);
  return {
    id: order.id,
    orderNumber: order.order_number,
    createdAt: order.created_at,
    updatedAt: order.updated_at,
    deliveredAt: order.delivered_at,
    estimatedDelivery: order.estimated_delivery,
    reservationExpiresAt: order.reservation_expires_at,
    status: order.status as OrderStatus,
    currency: 'GHS',
    subtotal: fromMinor(order.subtotal_minor),
    discountAmount: fromMinor(order.discount_minor),
    shippingCost: fromMinor(order.shipping_minor),
    taxAmount: fromMinor(order.tax_minor),
    totalAmount: fromMinor(order.total_minor),
    transportTotal: fromMinor(order.transport_minor),
    shippingAddress: pickup,
    billingAddress: billing
      ? { name: `${order.first_name} ${order.last_name}`, street: billing.street, city: billing.city, region: billing.region, postalCode: billing.postal_code, country: billing.country }
      : { ...pickup, name: `${order.first_name} ${order.last_name}` },
    shippingMethod: 'Warehouse pickup',
    trackingNumber: order.order_number,
    trackingUrl: trackingUrl(deps, order.order_number),
    notes: order.notes,
    agentCode: order.agent_code,
    paymentMethod: order.payment_method,
    paymentStatus: order.payment_status as PaymentStatus,
    mobileMoney: { network: order.mobile_money_network, phoneNumber: order.mobile_money_number },
    transactionId: payment?.provider_transaction_id ?? null,
    paymentReference: payment?.reference ?? null,
    paymentDate: payment?.status === 'SUCCESS' ? payment.verified_at : null,
    statusHistory: steps.map((s) => ({ id: s.id, status: s.status as HistoryStatus, createdAt: s.created_at, notes: s.notes, icon: HISTORY_ICONS[s.status as HistoryStatus] ?? 'circle' })),
    customer: { phoneNumber: order.phone, user: { firstName: order.first_name, lastName: order.last_name, email: order.email ?? '' } },
    items: items.map((item) => {
      const review = reviews.find((r) => r.product_id === item.product_id);
      return {
        id: item.id,
        quantity: item.quantity,
        unitPrice: fromMinor(item.unit_price_minor),
        totalPrice: fromMinor(item.total_minor),
        product: {
          id: item.product_id,
          name: item.product_name,
          sku: `AKM-${String(item.product_id).padStart(5, '0')}`,
          imagesUrls: imageRows.filter((r) => r.product_id === item.product_id).map((r) => imageUrl(r.storage_key, 640)),
          review: review
            ? { rating: review.rating, comment: review.comment, createdAt: review.created_at, reviewer: { id: userId, firstName: order.first_name, lastName: order.last_name } }
            : null,
        },
        check: checks.get(item.id) ?? null,
        refusal: refusals.get(item.id) ?? null,
      };
    }),
    pickupCode: order.status === 'SHIPPED' ? order.pickup_code : null,
    canCancel: canCancelAsBuyer(order, items),
    refund: refund
      ? { status: refund.status as RefundStatus, amount: fromMinor(refund.amount_minor), currency: 'GHS', createdAt: refund.created_at, completedAt: refund.completed_at }
      : null,
    consignments,
  };
}

/** Tracking by number as the buyer typed it (trimmed, upper-cased; none or too long: 400). */
export async function trackOrder(deps: Pick<Deps, 'config'>, db: Db, userId: number, typed: string): Promise<TrackedOrder> {
  const orderNumber = parseOrThrow(orderNumberSchema, typed);
  const order = await ownOrder(db, userId, { orderNumber }, ORDER_MESSAGES.numberNotFound(orderNumber));
  const [items, steps, consignments] = await Promise.all([
    db.selectFrom('order_items').selectAll().where('order_id', '=', order.id).orderBy('id').execute(),
    history(db, order.id),
    orderConsignments(db, order.id),
  ]);
  const images = await firstImages(db, [...new Set(items.map((i) => i.product_id))]);
  return {
    id: order.id,
    orderNumber: order.order_number,
    status: order.status as OrderStatus,
    paymentStatus: order.payment_status as PaymentStatus,
    statusHistory: steps.map((s) => ({ id: s.id, status: s.status as HistoryStatus, createdAt: s.created_at })),
    createdAt: order.created_at,
    currency: 'GHS',
    subtotal: fromMinor(order.subtotal_minor),
    discountAmount: fromMinor(order.discount_minor),
    shippingCost: fromMinor(order.shipping_minor),
    taxAmount: fromMinor(order.tax_minor),
    totalAmount: fromMinor(order.total_minor),
    transportTotal: fromMinor(order.transport_minor),
    items: items.map((i) => ({ productName: i.product_name, productImage: images.get(i.product_id) ?? null, quantity: i.quantity, unitPrice: fromMinor(i.unit_price_minor) })),
    paymentMethod: order.payment_method,
    customerName: `${order.first_name} ${order.last_name}`,
    shippingAddress: pickupAddress(order),
    expectedDelivery: order.status === 'DELIVERED' ? order.delivered_at : order.estimated_delivery,
    trackingUrl: trackingUrl(deps, order.order_number),
    consignments,
  };
}

/**
 * Each line's check at the warehouse (issue 41, docs/quality.md): the newest row of line_checks
 * (modules/checks writes them; a correction is a new row), for the buyer's order page.
 */
async function lineChecksOfOrder(db: Db, orderId: number): Promise<Map<number, NonNullable<OrderLineCheck>>> {
  const rows = await db
    .selectFrom('line_checks as c')
    .innerJoin('warehouses as w', 'w.id', 'c.warehouse_id')
    .select(['c.id', 'c.order_item_id', 'c.result', 'c.grade', 'c.moisture_pct', 'c.created_at', 'c.photo', 'w.name', 'w.town'])
    .where('c.order_id', '=', orderId)
    .orderBy('c.id')
    .execute();
  // Oldest first, so the newest of each line is the one kept.
  return new Map(
    rows.map((r) => [
      r.order_item_id,
      { result: r.result as 'PASS' | 'FAIL', grade: r.grade as NonNullable<OrderLineCheck>['grade'], moisturePct: r.moisture_pct === null ? null : Number(r.moisture_pct), at: r.created_at, warehouse: r.town ?? r.name, photoUrl: r.photo === null ? null : imageUrl(r.photo, 640) },
    ]),
  );
}

/**
 * Each refused line of an order (issue 41): a line whose newest check is a FAIL (refunded with
 * it, refund-lines.ts), else a line refused at the pickup counter (pickup_refusals, decided or
 * not). The amount is the line's own refund (part `lines:<id>`, VAT share included); a line
 * refunded with the whole order (its last line failing cancels it) answers its own value.
 */
async function lineRefusalsOfOrder(db: Db, orderId: number): Promise<Map<number, NonNullable<OrderLineRefusal>>> {
  const [checks, pickups, refunds, lines] = await Promise.all([
    db.selectFrom('line_checks').select(['id', 'order_item_id', 'result', 'notes', 'moisture_pct', 'foreign_matter_pct', 'photo']).where('order_id', '=', orderId).orderBy('id').execute(),
    db.selectFrom('pickup_refusals').select(['order_item_id', 'reason', 'outcome', 'photo']).where('order_id', '=', orderId).execute(),
    db.selectFrom('refunds').select(['part_key', 'amount_minor']).where('order_id', '=', orderId).execute(),
    db.selectFrom('order_items').select(['id', 'total_minor', 'refunded_at']).where('order_id', '=', orderId).execute(),
  ]);
  const refundedMinor = (itemId: number) => {
    const line = lines.find((l) => l.id === itemId);
    if (!line || line.refunded_at === null) return null;
    return fromMinor(refunds.find((r) => r.part_key === `lines:${itemId}`)?.amount_minor ?? line.total_minor);
  };
  const refused = new Map<number, NonNullable<OrderLineRefusal>>();
  for (const p of pickups) {
    const outcome = p.outcome as 'REFUND' | 'RELEASE' | null;
    refused.set(p.order_item_id, { at: 'PICKUP', reason: p.reason, readings: null, outcome, refunded: outcome === 'REFUND' ? refundedMinor(p.order_item_id) : null, photoUrl: p.photo === null ? null : imageUrl(p.photo, 640) });
  }
  // Oldest first: the newest check of each line decides.
  const newest = new Map(checks.map((c) => [c.order_item_id, c]));
  for (const [itemId, c] of newest) {
    if (c.result !== 'FAIL') continue;
    const readings = c.notes === null && c.moisture_pct !== null && c.foreign_matter_pct !== null ? { moisturePct: Number(c.moisture_pct), foreignMatterPct: Number(c.foreign_matter_pct) } : null;
    refused.set(itemId, { at: 'CHECK', reason: c.notes, readings, outcome: 'REFUND', refunded: refundedMinor(itemId), photoUrl: c.photo === null ? null : imageUrl(c.photo, 640) });
  }
  return refused;
}
