import { timingSafeEqual } from 'node:crypto';
import { CHECK_MESSAGES, type LineCheck, type LotToReturn } from '../../../shared/schemas/checks';
import { TRANSPORT_MESSAGES } from '../../../shared/schemas/transport';
import type { WarehouseActor } from '../../http/context';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../http/errors';
import { now, type Db } from '../../platform/db';
import type { RateLimiter } from '../../platform/rate-limit';
import { checkById } from './service';

/**
 * A failed lot goes back to its seller (issue 41 item 2, docs/quality.md): the FAIL check carries
 * a 6-digit code, texted to the seller with the refusal; staff of the warehouse that checked it
 * hand the goods over when the seller shows it, once.
 */

/** Codes tried per line in a window, as pickup codes: a million codes stay unguessable. */
const RETURN_TRIES = 5;
const RETURN_WINDOW_MS = 15 * 60_000;

export async function returnFailedLot(db: Db, limiter: RateLimiter, actor: WarehouseActor, staffId: number, orderId: number, itemId: number, code: string): Promise<LineCheck> {
  const latest = await db.selectFrom('line_checks').select(['id', 'result', 'warehouse_id', 'return_code', 'returned_at']).where('order_item_id', '=', itemId).where('order_id', '=', orderId).orderBy('id', 'desc').executeTakeFirst();
  if (!latest) {
    const line = await db.selectFrom('order_items').select('id').where('id', '=', itemId).where('order_id', '=', orderId).executeTakeFirst();
    throw line ? conflict(CHECK_MESSAGES.notFailed) : notFound('Order line not found');
  }
  // Another warehouse's staff learn nothing of the goods, and spend none of the seller's tries.
  if (!('operator' in actor) && actor.warehouseId !== latest.warehouse_id) throw forbidden(TRANSPORT_MESSAGES.otherWarehouse);
  if (latest.result !== 'FAIL' || !latest.return_code) throw conflict(CHECK_MESSAGES.notFailed);
  if (latest.returned_at) throw conflict(CHECK_MESSAGES.alreadyReturned);
  const tries = await limiter.hit(`lot-return-code:${itemId}`, RETURN_TRIES, RETURN_WINDOW_MS);
  if (!tries.allowed) throw new HttpError(429, CHECK_MESSAGES.tooManyReturnCodes, undefined, undefined, { 'Retry-After': String(tries.retryAfterSeconds) });
  if (!timingSafeEqual(Buffer.from(code.padEnd(6)), Buffer.from(latest.return_code.padEnd(6)))) throw badRequest(CHECK_MESSAGES.wrongReturnCode);
  // Once: of two counters handing the same goods back at once, the second is told it is done.
  const handed = await db.updateTable('line_checks').set({ returned_at: now(), returned_by: staffId }).where('id', '=', latest.id).where('returned_at', 'is', null).executeTakeFirst();
  if (Number(handed.numUpdatedRows) === 0) throw conflict(CHECK_MESSAGES.alreadyReturned);
  return checkById(db, latest.id);
}

/**
 * The counter's list of failed lots waiting for their seller (the hand-back button's lines):
 * the lines whose newest check is a FAIL made at the staff's warehouse (any for the operator),
 * not yet handed back; oldest first, at most 200. Never the code: the seller shows it.
 */
export async function lotsToReturn(db: Db, actor: WarehouseActor): Promise<LotToReturn[]> {
  let q = db
    .selectFrom('line_checks as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .innerJoin('order_items as i', 'i.id', 'c.order_item_id')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .leftJoin('seller_profiles as s', 's.user_id', 'p.seller_id')
    .select(['c.id', 'c.order_id', 'o.order_number', 'c.order_item_id', 'i.product_name', 'i.quantity', 's.business_name', 'c.notes', 'c.created_at'])
    .where('c.result', '=', 'FAIL')
    .where('c.returned_at', 'is', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('line_checks as n').select('n.id').whereRef('n.order_item_id', '=', 'c.order_item_id').whereRef('n.id', '>', 'c.id'))));
  if (!('operator' in actor)) q = q.where('c.warehouse_id', '=', actor.warehouseId);
  const rows = await q.orderBy('c.id').limit(200).execute();
  return rows.map((r) => ({
    checkId: r.id,
    orderId: r.order_id,
    orderNumber: r.order_number,
    itemId: r.order_item_id,
    productName: r.product_name,
    quantity: r.quantity,
    seller: r.business_name ?? '',
    notes: r.notes,
    at: r.created_at,
  }));
}
