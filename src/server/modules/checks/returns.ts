import { timingSafeEqual } from 'node:crypto';
import { CHECK_MESSAGES, type LineCheck } from '../../../shared/schemas/checks';
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
