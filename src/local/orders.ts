import { paginate, type Page } from '../shared/pagination';
import { ORDERS_PAGE_SIZE, type OrderDetail, type OrderListItem, type TrackedOrder } from '../shared/schemas/orders';
import { requestFor } from '../shared/api/path';
import type { ApiClient } from './api';
import { localDb, type AkuafoDb, type LocalOrder, type OutboxEntry } from './db';
import { defineOutboxKind, enqueue } from './outbox';
import { accountOf, keepForSession, readSession, signedInAccount } from './session';

/**
 * The user's orders kept on the phone (Dexie `orders`), so the history and each order's
 * detail open with no network. Every answer from the server is written here; screens read
 * only from here. Rows carry their owner's account id (not the e-mail, which is '' for every
 * phone-only account), so a shared phone never shows one person's orders to another.
 */
export type LocalOrderSummary = OrderListItem & { owner: number };

interface StoredOrder extends LocalOrder {
  data: LocalOrderSummary;
  detail?: OrderDetail;
}

function summaryOf(detail: OrderDetail, who: number): LocalOrderSummary {
  return {
    id: detail.id,
    orderNumber: detail.orderNumber,
    createdAt: detail.createdAt,
    status: detail.status,
    paymentStatus: detail.paymentStatus,
    totalAmount: detail.totalAmount,
    currency: detail.currency,
    itemCount: detail.items.reduce((n, i) => n + i.quantity, 0),
    itemsSummary: detail.items.slice(0, 3).map((i) => ({ productName: i.product.name, quantity: i.quantity })),
    hasMoreItems: detail.items.length > 3,
    previewImage: detail.items[0]?.product.imagesUrls[0] ?? null,
    owner: who,
  };
}

/** Reads one page of the history from the server and keeps it (details already kept stay). */
export async function refreshOrders(api: ApiClient, page = 1, pageSize = ORDERS_PAGE_SIZE, db: AkuafoDb = localDb): Promise<Page<OrderListItem>> {
  const asked = await readSession(db);
  const who = accountOf(asked);
  const answer = await api.call('GET /shop/customers/me/orders', { query: { page: String(page), pageSize: String(pageSize) } });
  if (who === undefined) return answer;
  await keepForSession(db, asked, [db.orders], async () => {
    for (const item of answer.data) {
      const kept = (await db.orders.get(item.id)) as StoredOrder | undefined;
      await db.orders.put({ id: item.id, orderNumber: item.orderNumber, createdAt: item.createdAt, data: { ...item, owner: who }, detail: kept?.detail });
    }
  });
  return answer;
}

/** Reads one order's detail from the server and keeps it with its summary. */
export async function refreshOrderDetail(api: ApiClient, id: number, db: AkuafoDb = localDb): Promise<OrderDetail> {
  const asked = await readSession(db);
  const who = accountOf(asked);
  const { data } = await api.call('GET /shop/customers/me/orders/:id', { params: { id } });
  if (who !== undefined) await keepForSession(db, asked, [db.orders], () => db.orders.put({ id: data.id, orderNumber: data.orderNumber, createdAt: data.createdAt, data: summaryOf(data, who), detail: data }));
  return data;
}

/** A page of the signed-in user's kept orders, newest first, in the server's page shape. */
export async function localOrdersPage(page = 1, pageSize = ORDERS_PAGE_SIZE, db: AkuafoDb = localDb): Promise<Page<LocalOrderSummary>> {
  // Both reads start at once. Read one after the other (orders after awaiting the session), the
  // orders screen's live query in Chromium never saw the orders written later: a fresh phone
  // showed an empty history until a reload (issue 22.12, tests/e2e/shared-phone.test.ts).
  const [who, rows] = await Promise.all([signedInAccount(db), db.orders.orderBy('createdAt').reverse().toArray() as Promise<StoredOrder[]>]);
  const mine = who !== undefined ? rows.filter((o) => o.data?.owner === who).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id) : [];
  return {
    data: mine.slice((page - 1) * pageSize, page * pageSize).map((o) => o.data),
    pagination: paginate(page, pageSize, mine.length),
  };
}

/** A kept order, with the cancel this phone has asked for and not yet had answered. */
export type LocalOrderDetail = OrderDetail & { cancel?: { status: OutboxEntry['status']; error?: string } };

/** One kept order: its detail if it was ever opened online, else undefined. */
export async function localOrderDetail(id: number, db: AkuafoDb = localDb): Promise<LocalOrderDetail | undefined> {
  // All reads at once, as in localOrdersPage: a live query must see each table it depends on.
  const [who, row, asked] = await Promise.all([signedInAccount(db), db.orders.get(id) as Promise<StoredOrder | undefined>, db.outbox.where('entity').equals(orderEntity(id)).last()]);
  if (!row || who === undefined || row.data?.owner !== who || !row.detail) return undefined;
  return asked ? { ...row.detail, cancel: { status: asked.status, error: asked.error } } : row.detail;
}

// ---- Cancel: through the outbox, so it can be asked offline and is sent when the network returns ----

export const ORDER_KIND = 'order';
const orderEntity = (id: number) => `${ORDER_KIND}:${id}` as const;

/**
 * The buyer cancels (reason optional). The kept order shows the cancel as asked at once; the
 * server decides (unpaid, or paid with no goods at the warehouse yet) and refunds a paid order.
 */
export async function requestCancel(id: number, reason: string | undefined, db: AkuafoDb = localDb): Promise<OutboxEntry> {
  const kept = await localOrderDetail(id, db);
  return enqueue(
    {
      entity: orderEntity(id),
      ...requestFor('POST /shop/customers/me/orders/:id/cancel', { params: { id }, body: reason?.trim() ? { reason: reason.trim() } : {} }),
      message: { id: 'outbox.cancelOrder', values: { number: kept?.orderNumber ?? id } },
    },
    undefined,
    db,
  );
}

// Accepted or refused, show what the server now holds (the refund state, or why not).
const rereadOrder = async (entry: { entity: string }, { api, db }: { api: ApiClient; db: AkuafoDb }) => {
  await refreshOrderDetail(api, Number(entry.entity.slice(ORDER_KIND.length + 1)), db);
};
export const orderKind = defineOutboxKind({
  kind: ORDER_KIND,
  onSent: (_answer, entry, context) => rereadOrder(entry, context),
  onRefused: rereadOrder,
});

/** Tracking with no network: the kept detail of the user's order with that number, in the tracking shape. */
export async function localTrackedOrder(orderNumber: string, db: AkuafoDb = localDb): Promise<TrackedOrder | undefined> {
  const who = await signedInAccount(db);
  const row = (await db.orders.where('orderNumber').equals(orderNumber).first()) as StoredOrder | undefined;
  const d = row && who !== undefined && row.data?.owner === who ? row.detail : undefined;
  if (!d) return undefined;
  return {
    id: d.id,
    orderNumber: d.orderNumber,
    status: d.status,
    paymentStatus: d.paymentStatus,
    statusHistory: d.statusHistory.map((h) => ({ id: h.id, status: h.status, createdAt: h.createdAt })),
    createdAt: d.createdAt,
    currency: d.currency,
    subtotal: d.subtotal,
    discountAmount: d.discountAmount,
    shippingCost: d.shippingCost,
    taxAmount: d.taxAmount,
    totalAmount: d.totalAmount,
    items: d.items.map((i) => ({ productName: i.product.name, productImage: i.product.imagesUrls[0] ?? null, quantity: i.quantity, unitPrice: i.unitPrice })),
    paymentMethod: d.paymentMethod,
    customerName: `${d.customer.user.firstName} ${d.customer.user.lastName}`,
    shippingAddress: d.shippingAddress,
    expectedDelivery: d.status === 'DELIVERED' ? d.deliveredAt : d.estimatedDelivery,
    trackingUrl: d.trackingUrl,
    consignments: d.consignments,
  };
}
