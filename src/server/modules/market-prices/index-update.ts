import { sql } from 'kysely';
import { isoWeekOf } from '../../../shared/market-weeks';
import { weightedMedian } from '../../../shared/market-prices';
import type { Db } from '../../platform/db';

/** The whole country's cell beside the regions'. */
export const COUNTRY = '';

/**
 * An order just became paid (call in the transaction that marks it): its lines of mapped
 * listings join the week's sales, and only the cells they touch are recomputed, from their
 * own few rows. The sale counts where the listing is, in the week of the payment.
 */
export async function recordPaidOrder(trx: Db, orderId: number, at: Date = new Date()): Promise<void> {
  const lines = await trx
    .selectFrom('order_items')
    .innerJoin('products', 'products.id', 'order_items.product_id')
    .select(['order_items.id', 'order_items.unit_price_minor', 'order_items.quantity', 'products.commodity_id', 'products.region'])
    .where('order_items.order_id', '=', orderId)
    .where('products.commodity_id', 'is not', null)
    .execute();
  if (lines.length === 0) return;
  const week = isoWeekOf(at);
  await trx
    .insertInto('market_sales')
    .values(lines.map((l) => ({ order_item_id: l.id, order_id: orderId, commodity_id: l.commodity_id!, region: l.region, week, unit_price_minor: l.unit_price_minor, quantity: l.quantity })))
    .onConflict((oc) => oc.column('order_item_id').doNothing())
    .execute();
  await recomputeCells(trx, lines.map((l) => ({ commodityId: l.commodity_id!, region: l.region, week })));
}

/** A paid order was cancelled (its money goes back): its sales stop counting. */
export async function forgetOrderSales(trx: Db, orderId: number): Promise<void> {
  const gone = await trx.deleteFrom('market_sales').where('order_id', '=', orderId).returning(['commodity_id', 'region', 'week']).execute();
  if (gone.length === 0) return;
  await recomputeCells(trx, gone.map((g) => ({ commodityId: g.commodity_id, region: g.region, week: g.week })));
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
      .values({ commodity_id: cell.commodityId, region: cell.region, week: cell.week, paid_minor: null, sales: 0, quantity: 0 })
      .onConflict((oc) => oc.columns(['commodity_id', 'region', 'week']).doUpdateSet({ sales: sql`market_price_cells.sales` }))
      .execute();
    let query = trx.selectFrom('market_sales').select(['unit_price_minor', 'quantity']).where('commodity_id', '=', cell.commodityId).where('week', '=', cell.week);
    if (cell.region !== COUNTRY) query = query.where('region', '=', cell.region);
    const sales = await query.execute();
    const values = {
      paid_minor: weightedMedian(sales.map((s) => ({ price: s.unit_price_minor, weight: s.quantity }))),
      sales: sales.length,
      quantity: sales.reduce((sum, s) => sum + s.quantity, 0),
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
    await trx.updateTable('market_sales').set({ week }).where('order_id', '=', orderId).execute();
    for (const s of sales) touched.push({ commodityId: s.commodity_id, region: s.region, week: s.week }, { commodityId: s.commodity_id, region: s.region, week });
  }
  if (touched.length) await recomputeCells(trx, touched);
}
