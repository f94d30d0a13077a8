import { sql, type RawBuilder } from 'kysely';
import { CHECKOUT_MESSAGES, MAX_UNPAID_ORDERS } from '../../../shared/schemas/checkout';
import { HttpError } from '../../http/errors';
import { dialectOf, now, type Db } from '../../platform/db';
import type { Counter } from 'prom-client';
import type { Logger } from '../../platform/logging';
import { countCatalogueVersion, nextCatalogueVersion } from '../../platform/db/catalogue-versions';
import { inTransaction } from '../../platform/db/transactions';
import { precompiled } from '../../platform/db/precompiled';
import { notify } from '../../platform/messages';

export interface StockLine {
  productId: number;
  quantity: number;
  name: string;
}

/** Thrown inside a reservation when a product has too little stock; the transaction rolls back. */
export class OutOfStock extends Error {
  constructor(readonly line: StockLine, readonly available: number) {
    super(available > 0 ? `Only ${available} of ${line.name} left in stock` : `${line.name} is out of stock`);
  }
}

/**
 * Takes stock for every line or throws OutOfStock. Each line is one conditional UPDATE
 * (stock_quantity >= n), so concurrent checkouts can never take more than there is, on
 * SQLite (one writer at a time) and on PostgreSQL (the row lock makes the second UPDATE
 * re-check the condition). Lines go in product-id order, so two orders never deadlock.
 * Every change takes a new catalogue version so the phones' mirrors see the new stock.
 *
 * The counter's row (and the product's) stay locked until commit, and every checkout needs
 * them: call this as the transaction's last work, so the next buyer waits the shortest time.
 * On PostgreSQL the version and the stock are one statement (a data-modifying WITH), one
 * round trip under the lock instead of two; SQLite has no such WITH and one writer anyway.
 * (Checkout on PostgreSQL takes its stock in the place_order function, checkout/order-write.ts,
 * with the same condition and the same lock order: the counter, then the products by id.)
 */
export async function reserveStock(trx: Db, lines: StockLine[]): Promise<void> {
  const postgres = dialectOf(trx) === 'postgres';
  for (const line of [...lines].sort((a, b) => a.productId - b.productId)) {
    const take = { stock_quantity: sql<number>`stock_quantity - ${line.quantity}`, updated_at: now() };
    const taken = (version: number | RawBuilder<number>) =>
      trx.updateTable('products').set({ ...take, version }).where('id', '=', line.productId).where('is_active', '=', 1).where('stock_quantity', '>=', line.quantity);
    const updated = postgres
      ? (await sql<{ id: number }>`with next as (update counters set value = value + 1 where name = 'catalogue' returning value) ${taken(sql<number>`(select value from next)`).returning('id')}`.execute(trx)).rows.length
      : Number((await taken(await nextCatalogueVersion(trx)).executeTakeFirst()).numUpdatedRows);
    if (postgres) countCatalogueVersion();
    if (updated !== 1) throw await outOfStock(trx, line);
  }
}

/** The refusal for a line whose stock could not be taken, saying how many are left. */
export async function outOfStock(trx: Db, line: StockLine): Promise<OutOfStock> {
  const row = await trx.selectFrom('products').select(['stock_quantity', 'is_active']).where('id', '=', line.productId).executeTakeFirst();
  return new OutOfStock(line, row && row.is_active === 1 ? row.stock_quantity : 0);
}

/** Gives an order's stock back. */
export async function returnStock(trx: Db, orderId: number): Promise<void> {
  // A line refunded on its own (lost on the road) is not there to go back on the shelf.
  const items = await trx.selectFrom('order_items').select(['product_id', 'quantity']).where('order_id', '=', orderId).where('refunded_at', 'is', null).orderBy('product_id').execute();
  for (const item of items) {
    const version = await nextCatalogueVersion(trx);
    await trx
      .updateTable('products')
      .set({ stock_quantity: sql`stock_quantity + ${item.quantity}`, version, updated_at: now() })
      .where('id', '=', item.product_id)
      .execute();
  }
}

export async function addHistory(trx: Db, orderId: number, status: string, notes: string | null): Promise<void> {
  await trx.executeQuery(historyInsert(trx, orderId, status, notes).compile());
}

/** addHistory's statement, for a WriteBatch (built once per dialect: every payment runs it). */
export const historyInsert = (trx: Db, orderId: number, status: string, notes: string | null) => historyRow.query(trx, { orderId, status, notes, at: now() });
const historyRow = precompiled((db, p: (name: 'orderId' | 'status' | 'notes' | 'at') => never) =>
  db.insertInto('order_status_history').values({ order_id: p('orderId'), status: p('status'), notes: p('notes'), created_at: p('at') }),
);

/**
 * Cancels an unpaid, still-pending order and returns its stock, once: the status check in
 * the UPDATE makes a second caller (sweep, failed start, operator) a no-op. Returns whether
 * this call did it. 'FAILED' records that the payment failed; otherwise the order keeps the
 * payment status it had (a declined attempt stays FAILED when its reservation lapses).
 */
/** Locks the buyer's row for the unpaid-order count; the lock's statement also reads the e-mail the charge needs. */
export async function lockBuyer(trx: Db, userId: number): Promise<{ email: string | null }> {
  const buyer = (await buyerLock(trx, { userId })).rows[0];
  if (!buyer) throw new Error(`no user ${userId} to place an order for`);
  return buyer;
}
// Built once per dialect: every checkout runs it (precompiled.ts).
const buyerLock = precompiled((trx, p: (name: 'userId') => never) => trx.updateTable('users').set({ updated_at: sql`updated_at` }).where('id', '=', p('userId')).returning('email'));

/**
 * Refuses a buyer's next order while they already have MAX_UNPAID_ORDERS unpaid ones, so no
 * one can hoard stock (or send prompts) with a stack of orders. Locks the buyer's row first:
 * on PostgreSQL a buyer's parallel checkouts then count one after another (SQLite has one
 * writer at a time anyway), so 60 at once still open at most the allowed number. On PostgreSQL
 * checkout locks and counts in the place_order function instead (checkout/order-write.ts).
 */
export async function refuseBeyondUnpaidLimit(trx: Db, userId: number): Promise<{ email: string | null }> {
  const buyer = await lockBuyer(trx, userId);
  const { count } = await trx
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('status', '=', 'PENDING')
    .where('payment_status', '!=', 'PAID')
    .executeTakeFirstOrThrow();
  if (Number(count) >= MAX_UNPAID_ORDERS) throw new HttpError(409, CHECKOUT_MESSAGES.tooManyUnpaid, 'too_many_unpaid_orders');
  return buyer;
}

export async function cancelUnpaidOrder(trx: Db, orderId: number, notes: string, paymentStatus?: 'FAILED'): Promise<boolean> {
  const at = now();
  const result = await trx
    .updateTable('orders')
    .set({ status: 'CANCELLED', ...(paymentStatus ? { payment_status: paymentStatus } : {}), reservation_expires_at: null, updated_at: at })
    .where('id', '=', orderId)
    .where('status', '=', 'PENDING')
    .where('payment_status', '!=', 'PAID')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await returnStock(trx, orderId);
  await addHistory(trx, orderId, 'CANCELLED', notes);
  await trx
    .updateTable('payments')
    .set({ status: paymentStatus === 'FAILED' ? 'FAILED' : 'EXPIRED', updated_at: at })
    .where('order_id', '=', orderId)
    .where('status', '=', 'PENDING')
    .execute();
  await notify(trx, { kind: 'order.status', orderId });
  return true;
}

export const EXPIRED_NOTE = 'Payment was not received within 30 minutes, so the reservation expired and the stock went back on sale.';

/**
 * The sweep: every unpaid order whose reservation has lapsed is cancelled and its stock
 * returned, one short transaction per order. Runs on a timer, when a checkout is refused for
 * stock or the unpaid limit (checkout/service.ts: then it tries once more), and before pay again;
 * running it twice at once is harmless (cancelUnpaidOrder applies once).
 */
export async function releaseExpiredReservations(db: Db, at: Date = new Date()): Promise<number> {
  const expired = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'PENDING')
    .where('payment_status', '!=', 'PAID')
    .where('reservation_expires_at', 'is not', null)
    .where('reservation_expires_at', '<', at.toISOString())
    .execute();
  let released = 0;
  for (const { id } of expired) {
    if (await inTransaction(db, (trx) => cancelUnpaidOrder(trx, id, EXPIRED_NOTE))) released += 1;
  }
  return released;
}

/** Starts the background sweep; unref'd so it never keeps a process (or a test) alive. */
export function startReservationSweep(db: Db, logger: Logger, runs?: Counter<'outcome'>, everyMs = 60_000): ReturnType<typeof setInterval> {
  const timer = setInterval(() => {
    releaseExpiredReservations(db).then(
      () => runs?.inc({ outcome: 'ok' }),
      (error) => {
        runs?.inc({ outcome: 'failed' });
        logger.debug({ err: error }, 'reservation sweep skipped');
      },
    );
  }, everyMs);
  timer.unref?.();
  return timer;
}
