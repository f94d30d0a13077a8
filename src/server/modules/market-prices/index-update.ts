import { precompiled } from '../../platform/db/precompiled';
import { sql } from 'kysely';
import { isoWeekOf } from '../../../shared/market-weeks';
import { paidMedian } from '../../../shared/market-prices';
import type { Db } from '../../platform/db';
import { repeatEvery } from '../../platform/jobs';
import type { Logger } from '../../platform/logging';

/** The whole country's cell beside the regions'. */
export const COUNTRY = '';

/**
 * An order was just collected (call in the transaction that hands it over): its lines of
 * mapped listings join the week's sales, in one statement, marked to be folded into their
 * cells by foldPaidSales a moment later (the job, or a test). A sale counts once the buyer has
 * the goods, not at payment: a paid order can still be cancelled for nothing, so a price paid
 * and taken back (a wash trade, issue 37) never reaches the index. It counts where the listing
 * is, in the week of the collection.
 */
export async function recordCollectedOrder(trx: Db, orderId: number, at: Date = new Date()): Promise<void> {
  await trx.executeQuery(salesOfOrder.query(trx, { orderId, week: isoWeekOf(at) }).compile());
}
// Built once per dialect: every collection runs it (precompiled.ts).
const salesOfOrder = precompiled((trx, p: (name: 'orderId' | 'week') => never) =>
  trx
    .insertInto('market_sales')
    .columns(['order_item_id', 'order_id', 'commodity_id', 'region', 'week', 'unit_price_minor', 'quantity', 'folded'])
    .expression(
      trx
        .selectFrom('order_items')
        .innerJoin('products', 'products.id', 'order_items.product_id')
        .select((eb) => ['order_items.id', 'order_items.order_id', 'products.commodity_id', 'products.region', sql<string>`cast(${p('week')} as text)`.as('week'), 'order_items.unit_price_minor', 'order_items.quantity', eb.lit(0).as('folded')])
        .where('order_items.order_id', '=', p('orderId'))
        .where('products.commodity_id', 'is not', null)
        // Not sales the buyer has in hand: a line refunded on its own, or refused at the counter
        // (its price was disputed, so it never counts, even if the operator releases it).
        .where('order_items.refunded_at', 'is', null)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('pickup_refusals').select('pickup_refusals.id').whereRef('pickup_refusals.order_item_id', '=', 'order_items.id')))),
    )
    .onConflict((oc) => oc.column('order_item_id').doNothing()),
);

/** How many sales one fold takes at most; the next run takes the rest. */
const FOLD_BATCH = 500;

/**
 * Folds collected sales not yet counted into their cells (recomputed from all their sales, so a
 * sale folded twice, by two instances at once, counts once) and moves the index's counter.
 * Returns how many sales it folded; the job runs it every few seconds.
 */
export async function foldPaidSales(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const pending = await trx.selectFrom('market_sales').select(['order_item_id', 'commodity_id', 'region', 'week']).where('folded', '=', 0).orderBy('order_item_id').limit(FOLD_BATCH).execute();
    if (pending.length === 0) return 0;
    await recomputeCells(trx, pending.map((p) => ({ commodityId: p.commodity_id, region: p.region, week: p.week })));
    await trx.updateTable('market_sales').set({ folded: 1 }).where('order_item_id', 'in', pending.map((p) => p.order_item_id)).execute();
    return pending.length;
  });
}

/** The fold job: every `everyMs` while the server is up (prices are weekly: a sale counts within seconds). */
export function startPriceIndexJob(deps: { db: Db; logger: Pick<Logger, 'error'> }, everyMs = 2_000): { stop(): Promise<void> } {
  return repeatEvery('price index job', everyMs, () => foldAllPaidSales(deps.db), deps.logger);
}

/** Folds until nothing is pending (the job, tests). */
export async function foldAllPaidSales(db: Db): Promise<void> {
  while ((await foldPaidSales(db)) > 0);
}

interface Cell {
  commodityId: string;
  region: string;
  week: string;
}

/** Recomputes each touched cell and its country cell, then moves the index's counter (public reads key on it). */
async function recomputeCells(trx: Db, touched: Cell[]): Promise<void> {
  const cells = new Map<string, Cell>();
  for (const cell of touched) {
    for (const region of [cell.region, COUNTRY]) cells.set(`${cell.commodityId}|${region}|${cell.week}`, { ...cell, region });
  }
  // A fixed order, so two payments touching the same cells lock them the same way round.
  for (const key of [...cells.keys()].sort()) {
    const cell = cells.get(key)!;
    // Take the cell's row lock before reading its sales: a payment committing meanwhile in the
    // same cell is then seen (on PostgreSQL each statement reads what has committed), never
    // overwritten by a median computed without it.
    await trx
      .insertInto('market_price_cells')
      .values({ commodity_id: cell.commodityId, region: cell.region, week: cell.week, paid_minor: null, sales: 0, quantity: 0, sellers: 0 })
      .onConflict((oc) => oc.columns(['commodity_id', 'region', 'week']).doUpdateSet({ sales: sql`market_price_cells.sales` }))
      .execute();
    let query = trx
      .selectFrom('market_sales')
      .innerJoin('order_items', 'order_items.id', 'market_sales.order_item_id')
      .innerJoin('products', 'products.id', 'order_items.product_id')
      .innerJoin('orders', 'orders.id', 'market_sales.order_id')
      .select(['market_sales.unit_price_minor', 'market_sales.quantity', 'products.seller_id', 'orders.user_id'])
      .where('market_sales.commodity_id', '=', cell.commodityId)
      .where('market_sales.week', '=', cell.week);
    if (cell.region !== COUNTRY) query = query.where('market_sales.region', '=', cell.region);
    const sales = await query.execute();
    const values = {
      paid_minor: paidMedian(sales.map((s) => ({ price: s.unit_price_minor, quantity: s.quantity, buyer: s.user_id }))),
      sales: sales.length,
      quantity: sales.reduce((sum, s) => sum + s.quantity, 0),
      sellers: new Set(sales.map((s) => s.seller_id)).size,
    };
    await trx.updateTable('market_price_cells').set(values).where('commodity_id', '=', cell.commodityId).where('region', '=', cell.region).where('week', '=', cell.week).execute();
  }
  await trx.updateTable('counters').set({ value: sql`value + 1` }).where('name', '=', 'market_prices').execute();
}

/**
 * Files paid orders' sales in other weeks than their payment's (the demo history, whose
 * orders are paid today through the services and belong to past weeks): each order's sales
 * move to the week of its date, and every cell they left or joined is recomputed once.
 */
export async function refileOrderSales(trx: Db, orders: { orderId: number; at: Date }[]): Promise<void> {
  const touched: Cell[] = [];
  for (const { orderId, at } of orders) {
    const week = isoWeekOf(at);
    const sales = await trx.selectFrom('market_sales').select(['commodity_id', 'region', 'week']).where('order_id', '=', orderId).execute();
    // Every cell these sales left or joined is recomputed below: they are folded.
    await trx.updateTable('market_sales').set({ week, folded: 1 }).where('order_id', '=', orderId).execute();
    for (const s of sales) touched.push({ commodityId: s.commodity_id, region: s.region, week: s.week }, { commodityId: s.commodity_id, region: s.region, week });
  }
  if (touched.length) await recomputeCells(trx, touched);
}
