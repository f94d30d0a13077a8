import { sql } from 'kysely';
import { CHECKOUT_MESSAGES, MAX_UNPAID_ORDERS } from '../../../shared/schemas/checkout';
import { HttpError } from '../../http/errors';
import { dialectOf, now, type Db } from '../../platform/db';
import { countCatalogueVersion } from '../../platform/db/catalogue-versions';
import { precompiled } from '../../platform/db/precompiled';
import { addHistory, outOfStock, refuseBeyondUnpaidLimit, reserveStock } from '../orders';
import { inTransaction } from '../../platform/db/transactions';
import type { PlannedConsignment } from '../transport';

/** ORD-2026-000123: the year and the order's id, so it is unique without a second counter. */
export const orderNumberFor = (id: number, at: Date) => `${orderNumberPrefix(at)}${String(id).padStart(6, '0')}`;
const orderNumberPrefix = (at: Date) => `ORD-${at.getUTCFullYear()}-`;

/** Everything a new order's rows hold, priced already (placeOrder). */
export interface NewOrder {
  userId: number;
  warehouseId: number;
  channel: 'app' | 'ussd' | 'whatsapp';
  ussdCode: string | null;
  subtotal: number;
  tax: number;
  shipping: number;
  /** The consignments' fees, VAT included (part of total). */
  transport: number;
  /** Written with the order, each with its lines (docs/transport.md). */
  consignments: PlannedConsignment[];
  total: number;
  currency: string;
  notes: string | null;
  agentCode: string | null;
  paymentMethod: string;
  network: string;
  phone: string;
  createdAt: Date;
  expiresAt: string;
  estimatedDelivery: string;
  provider: string;
  reference: string;
  lines: { id: number; name: string; price_minor: number; quantity: number }[];
}

/**
 * Writes a new order: the buyer's row locked (their parallel checkouts count one after
 * another), the unpaid-order limit, then the order, its lines, its ORDER_PLACED history row
 * and its PENDING payment, and last its stock (the catalogue counter's lock is held to commit,
 * so it is taken as late as possible). Returns the order and the buyer's e-mail (the charge
 * needs it). Throws the limit's 409 or OutOfStock, having written nothing. Call it outside a
 * transaction: it is one of its own.
 *
 * On PostgreSQL it is one statement, the place_order function (migration 023), committed by
 * itself: the counter's and the products' rows stay locked only for the rest of the function
 * and the commit, where a transaction driven from here also held them through a round trip
 * to this process and back (its event loop busy with the other callers) before its COMMIT
 * went out; and it is one round trip where begin, lock, order and commit were four
 * (docs/performance.md). SQLite, one writer at a time and no round trips, keeps its steps.
 */
export async function writeOrder(db: Db, o: NewOrder): Promise<{ id: number; orderNumber: string; buyerEmail: string | null }> {
  if (dialectOf(db) === 'postgres') return writeOrderPostgres(db, o);
  return inTransaction(db, async (trx) => {
    const buyer = await refuseBeyondUnpaidLimit(trx, o.userId);
    const at = o.createdAt.toISOString();
    const { id } = await trx
      .insertInto('orders')
      .values({ ...orderColumns(o), order_number: `TMP-${o.reference}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    const orderNumber = orderNumberFor(id, o.createdAt);
    await trx.updateTable('orders').set({ order_number: orderNumber }).where('id', '=', id).execute();
    await trx
      .insertInto('order_items')
      .values(o.lines.map((l) => ({ order_id: id, product_id: l.id, product_name: l.name, unit_price_minor: l.price_minor, quantity: l.quantity, total_minor: l.price_minor * l.quantity })))
      .execute();
    await writeConsignments(trx, id, at, o.consignments);
    await addHistory(trx, id, 'ORDER_PLACED', null);
    await trx
      .insertInto('payments')
      .values({ order_id: id, provider: o.provider, reference: o.reference, amount_minor: o.total, currency: o.currency, status: 'PENDING', provider_transaction_id: null, verified_at: null, raw: null, created_at: at, updated_at: at })
      .execute();
    await reserveStock(trx, o.lines.map((l) => ({ productId: l.id, quantity: l.quantity, name: l.name })));
    return { id, orderNumber, buyerEmail: buyer.email };
  });
}

/** The function's refusal for stock: SQLSTATE AKOOS, the product's id in its detail (migration 023). */
const OUT_OF_STOCK = 'AKOOS';

async function writeOrderPostgres(db: Db, o: NewOrder): Promise<{ id: number; orderNumber: string; buyerEmail: string | null }> {
  const order = {
    userId: o.userId, maxUnpaid: MAX_UNPAID_ORDERS, at: o.createdAt.toISOString(), now: now(), prefix: orderNumberPrefix(o.createdAt),
    provider: o.provider, reference: o.reference, total: o.total, currency: o.currency, order: orderColumns(o),
    lines: o.lines.map((l) => ({ product_id: l.id, product_name: l.name, unit_price_minor: l.price_minor, quantity: l.quantity })),
    consignments: o.consignments.map((c) => ({
      seller_id: c.sellerId, from_warehouse_id: c.fromWarehouseId, to_warehouse_id: c.toWarehouseId, weight_g: c.weightG, distance_km: c.distanceKm,
      fee_minor: c.feeMinor, expected_ready_at: c.expectedReadyAt, collection_code: c.collectionCode, delivery_code: c.deliveryCode, product_ids: c.productIds,
    })),
  };
  let row;
  try {
    row = (await placeOrderCall(db, { order: JSON.stringify(order) })).rows[0]!;
  } catch (error) {
    const { code, detail } = error as { code?: string; detail?: string };
    const line = code === OUT_OF_STOCK && o.lines.find((l) => String(l.id) === detail);
    if (!line) throw error;
    throw await outOfStock(db, { productId: line.id, quantity: line.quantity, name: line.name });
  }
  if (row.order_id === null) throw new HttpError(409, CHECKOUT_MESSAGES.tooManyUnpaid, 'too_many_unpaid_orders');
  for (const _ of o.lines) countCatalogueVersion();
  return { id: Number(row.order_id), orderNumber: row.order_number!, buyerEmail: row.buyer_email };
}
// Built once (precompiled.ts): every checkout runs it.
const placeOrderCall = precompiled<'order', { unpaid: number; order_id: number | null; order_number: string | null; buyer_email: string | null }>(
  (db, p) => {
    const call = sql<{ unpaid: number; order_id: number | null; order_number: string | null; buyer_email: string | null }>`select * from place_order(${p('order')}::jsonb)`;
    return { compile: () => call.compile(db) };
  },
);

/** A new order's columns. place_order (migration 023) writes these same columns on PostgreSQL: a new one goes in both. */
function orderColumns(o: NewOrder) {
  const at = o.createdAt.toISOString();
  return {
    user_id: o.userId,
    status: 'PENDING',
    payment_status: 'PENDING',
    pickup_warehouse_id: o.warehouseId,
    channel: o.channel,
    ussd_code: o.ussdCode,
    subtotal_minor: o.subtotal,
    discount_minor: 0,
    tax_minor: o.tax,
    shipping_minor: o.shipping,
    transport_minor: o.transport,
    total_minor: o.total,
    currency: o.currency,
    notes: o.notes,
    agent_code: o.agentCode,
    payment_method: o.paymentMethod,
    mobile_money_network: o.network,
    mobile_money_number: o.phone,
    reservation_expires_at: o.expiresAt,
    estimated_delivery: o.estimatedDelivery,
    delivered_at: null,
    created_at: at,
    updated_at: at,
  };
}


/**
 * The order's consignments and their lines, in the order's transaction (SQLite; on PostgreSQL
 * place_order writes the same rows, migration 031). Each starts AWAITING_DROP_OFF.
 */
async function writeConsignments(trx: Db, orderId: number, at: string, consignments: readonly PlannedConsignment[]) {
  if (consignments.length === 0) return;
  const items = await trx.selectFrom('order_items').select(['id', 'product_id']).where('order_id', '=', orderId).execute();
  for (const c of consignments) {
    const { id } = await trx
      .insertInto('consignments')
      .values({
        order_id: orderId, seller_id: c.sellerId, from_warehouse_id: c.fromWarehouseId, to_warehouse_id: c.toWarehouseId, weight_g: c.weightG,
        distance_km: c.distanceKm, fee_minor: c.feeMinor, status: 'AWAITING_DROP_OFF', expected_ready_at: c.expectedReadyAt,
        transporter_id: null, collection_code: c.collectionCode, delivery_code: c.deliveryCode,
        at_origin_at: null, accepted_at: null, collected_at: null, arrived_at: null, created_at: at, updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lines = items.filter((i) => c.productIds.includes(i.product_id)).map((i) => ({ order_item_id: i.id, consignment_id: id, received_at: null }));
    if (lines.length > 0) await trx.insertInto('consignment_lines').values(lines).execute();
  }
}
