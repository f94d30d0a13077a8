import { randomInt, timingSafeEqual } from 'node:crypto';
import { ORDER_MESSAGES } from '../../../shared/schemas/orders';
import { TRANSPORT_MESSAGES } from '../../../shared/schemas/transport';
import { badRequest, conflict, notFound } from '../../http/errors';
import { now, type Db } from '../../platform/db';
import { addHistory } from './reservations';
import { keptForRefusals } from './refusals';
import { notify } from '../../platform/messages';
import { releaseEscrow } from '../ledger';
import { recordCollectedOrder } from '../market-prices';

/**
 * Fulfilment: sellers bring their lines to the pickup warehouse; when every line is there
 * the order is ready for pickup (SHIPPED) with a 6-digit code, which the buyer shows at the
 * warehouse and the operator types in to hand the order over (DELIVERED).
 */
const newPickupCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

async function lockedOrder(trx: Db, orderId: number) {
  await trx.updateTable('orders').set({ updated_at: now() }).where('id', '=', orderId).execute();
  return trx
    .selectFrom('orders')
    .innerJoin('warehouses', 'warehouses.id', 'orders.pickup_warehouse_id')
    .select(['orders.id', 'orders.status', 'orders.payment_status', 'orders.pickup_code', 'warehouses.name as warehouse'])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
}

/** PROCESSING -> SHIPPED with a fresh pickup code, once. Returns whether this call did it. */
async function markReady(trx: Db, order: { id: number; warehouse: string }, extraNote?: string): Promise<boolean> {
  const moved = await trx
    .updateTable('orders')
    .set({ status: 'SHIPPED', pickup_code: newPickupCode(), updated_at: now() })
    .where('id', '=', order.id)
    .where('status', '=', 'PROCESSING')
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  await addHistory(trx, order.id, 'SHIPPED', [ORDER_MESSAGES.readyForPickup(order.warehouse) + '.', extraNote].filter(Boolean).join(' '));
  await notify(trx, { kind: 'order.status', orderId: order.id });
  return true;
}

/**
 * Who marks a line: its seller (only their own lines, and not one that travels: its staff count
 * it in, docs/transport.md), an operator (any line), or a warehouse's staff or a consignment's
 * arrival (the caller checked which warehouse, modules/transport).
 */
export type LineActor = { sellerId: number } | { operator: true } | { warehouse: true };

/** The line, if the actor may touch it; a seller asking about another seller's line gets 404. */
async function lineFor(trx: Db, actor: LineActor, orderId: number, itemId: number) {
  let q = trx
    .selectFrom('order_items')
    .innerJoin('products', 'products.id', 'order_items.product_id')
    .select(['order_items.id', 'order_items.product_name'])
    .where('order_items.id', '=', itemId)
    .where('order_items.order_id', '=', orderId);
  if ('sellerId' in actor) q = q.where('products.seller_id', '=', actor.sellerId);
  const line = await q.executeTakeFirst();
  if (!line) throw notFound('Order line not found');
  if ('sellerId' in actor) {
    // A line from the seller's drop-off warehouse to another: the seller's mark is not the count that matters.
    const travels = await trx.selectFrom('consignment_lines').select('order_item_id').where('order_item_id', '=', itemId).executeTakeFirst();
    if (travels) throw conflict(TRANSPORT_MESSAGES.sellerCannotMark);
  }
  return line;
}

/** The lines of an order not yet at the warehouse, read under the order's lock (a refunded line is not awaited). */
async function missingLines(trx: Db, orderId: number) {
  return trx
    .selectFrom('order_items')
    .select(['id', 'product_name', 'quantity'])
    .where('order_id', '=', orderId)
    .where('at_warehouse_at', 'is', null)
    .where('refunded_at', 'is', null)
    .orderBy('id')
    .execute();
}

/** After some lines were refunded: a paid order whose remaining lines are all at the warehouse becomes ready, as usual. */
export async function readyIfComplete(trx: Db, orderId: number): Promise<void> {
  const order = await lockedOrder(trx, orderId);
  if (!order || order.status !== 'PROCESSING' || order.payment_status !== 'PAID') return;
  if ((await missingLines(trx, orderId)).length === 0) await markReady(trx, order);
}

/**
 * A line is "at the warehouse" (a set-to intent: marking twice is harmless). Another seller's
 * line or order is 404. When it was the last line missing, the order becomes ready for pickup.
 * Returns the line's name, for the operator's audit record.
 */
export async function markLineAtWarehouse(trx: Db, actor: LineActor, orderId: number, itemId: number): Promise<string> {
  const line = await lineFor(trx, actor, orderId, itemId);
  // The order's lock first: marking, taking back and "ready for pickup" then happen one at a time.
  const order = await lockedOrder(trx, orderId);
  if (!order) throw notFound('Order line not found');
  if (order.status === 'CANCELLED') throw conflict('This order was cancelled, so there is nothing to bring to the warehouse.');
  if (order.status === 'PENDING') throw conflict('This order is not paid yet: bring the goods once it is.');
  if (order.status !== 'PROCESSING') return line.product_name;
  await trx.updateTable('order_items').set({ at_warehouse_at: now() }).where('id', '=', itemId).where('at_warehouse_at', 'is', null).execute();
  if ((await missingLines(trx, orderId)).length === 0) await markReady(trx, order);
  return line.product_name;
}

/**
 * Takes a mark back (a mistaken tap): allowed only while the order is not yet ready for
 * pickup, since after that the buyer holds a pickup code for it. Taking back an unmarked line
 * changes nothing (the outbox may resend the intent).
 */
export async function unmarkLineAtWarehouse(trx: Db, actor: LineActor, orderId: number, itemId: number): Promise<string> {
  const line = await lineFor(trx, actor, orderId, itemId);
  const order = await lockedOrder(trx, orderId);
  if (!order) throw notFound('Order line not found');
  if (order.status !== 'PROCESSING' && order.status !== 'PENDING') throw conflict(ORDER_MESSAGES.cannotUnmark);
  await trx.updateTable('order_items').set({ at_warehouse_at: null }).where('id', '=', itemId).execute();
  return line.product_name;
}

/**
 * The operator makes a paid order ready for pickup: only when every line is at the warehouse
 * (checked under the order's lock, so a line taken back at the same moment cannot slip past).
 */
export async function markOrderReady(trx: Db, orderId: number, notes: string | undefined): Promise<void> {
  const order = await lockedOrder(trx, orderId);
  if (!order) throw notFound('Order not found');
  if (order.status !== 'PROCESSING') throw conflict(`An order that is ${order.status} cannot become SHIPPED.`);
  const missing = await missingLines(trx, orderId);
  if (missing.length > 0) throw conflict(ORDER_MESSAGES.linesMissing(missing.map((l) => `${l.quantity} × ${l.product_name}`)));
  await markReady(trx, order, notes);
}

/**
 * The operator hands the order over: the code must be the one the order carries; lines the
 * buyer refused at the counter stay behind (refusals.ts). The caller
 * rate-limits attempts per order, so the million codes cannot be tried one by one.
 */
export async function collectWithCode(trx: Db, orderId: number, code: string): Promise<void> {
  const order = await lockedOrder(trx, orderId);
  if (!order) throw notFound('Order not found');
  if (order.status === 'DELIVERED') throw conflict('This order was already collected.');
  if (order.status !== 'SHIPPED' || !order.pickup_code) throw conflict(ORDER_MESSAGES.pickupNotReady);
  if (!timingSafeEqual(Buffer.from(code.padEnd(6)), Buffer.from(order.pickup_code.padEnd(6)))) throw badRequest(ORDER_MESSAGES.wrongPickupCode, { code: ORDER_MESSAGES.wrongPickupCode });
  // Lines refused at the counter stay behind, their money held until the operator decides.
  const kept = await keptForRefusals(trx, orderId);
  const at = now();
  await trx.updateTable('orders').set({ status: 'DELIVERED', delivered_at: at, updated_at: at }).where('id', '=', orderId).where('status', '=', 'SHIPPED').execute();
  // The buyer has the goods: each seller's share, less commission, becomes theirs.
  const { order_number } = await trx.selectFrom('orders').select('order_number').where('id', '=', orderId).executeTakeFirstOrThrow();
  await releaseEscrow(trx, orderId, order_number, kept);
  // A sale the buyer has in hand: now, and only now, the price index counts it.
  await recordCollectedOrder(trx, orderId);
  await addHistory(trx, orderId, 'DELIVERED', `Collected at ${order.warehouse} with the pickup code.`);
  await notify(trx, { kind: 'order.status', orderId });
}
