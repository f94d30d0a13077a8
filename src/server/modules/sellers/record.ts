import { fromMinor } from '../../../shared/money';
import type { SalesRecord } from '../../../shared/schemas/sales-record';
import type { Db } from '../../platform/db';

/** The record covers this many calendar months, the current one included. */
export const RECORD_MONTHS = 24;

/** 'YYYY-MM' of the month `back` months before `at`'s (UTC). */
const monthOf = (at: Date, back = 0) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - back, 1)).toISOString().slice(0, 7);

interface Tally {
  quantity: number;
  valueMinor: number;
  buyers: Set<number>;
}
const tally = (): Tally => ({ quantity: 0, valueMinor: 0, buyers: new Set() });

/**
 * passedShare: no warehouse check is recorded yet (issue 41 items 1-4 add them), so every row
 * is "not checked" (null). When a checks table exists, this reads the share of the row's lots
 * that passed, and stays null for a row none of whose lots was checked.
 */
const figuresOf = (t: Tally) => ({ quantity: t.quantity, value: fromMinor(t.valueMinor), buyers: t.buyers.size, passedShare: null });

/**
 * The seller's collected sales (orders DELIVERED: the buyer took the goods with the pickup
 * code, the moment escrow releases the seller's share), by month and by commodity, over the
 * last 24 months. A line's value is its total, which is what escrow held and released for it:
 * the ledger's escrow.release debits to this seller equal `totals.value` (tests/server/sales-record.test.ts).
 * A commodity is the price index's name for a mapped listing, else the listing's category.
 */
export async function salesRecordOf(db: Db, sellerId: number, at: Date = new Date()): Promise<SalesRecord> {
  const from = monthOf(at, RECORD_MONTHS - 1);
  const rows = await db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .innerJoin('products', 'products.id', 'order_items.product_id')
    .leftJoin('commodities', 'commodities.id', 'products.commodity_id')
    .select(['orders.id as orderId', 'orders.user_id as buyerId', 'orders.delivered_at as deliveredAt', 'order_items.quantity', 'order_items.total_minor as totalMinor', 'commodities.name as commodity', 'products.category'])
    .where('products.seller_id', '=', sellerId)
    .where('orders.status', '=', 'DELIVERED')
    .where('orders.delivered_at', '>=', `${from}-01`)
    .execute();
  const months = new Map<string, Tally>();
  for (let back = RECORD_MONTHS - 1; back >= 0; back--) months.set(monthOf(at, back), tally());
  const commodities = new Map<string, Tally>();
  const total = tally();
  const orders = new Set<number>();
  for (const row of rows) {
    const month = months.get(String(row.deliveredAt).slice(0, 7));
    if (!month) continue; // delivered after `at` (a record asked of the past)
    const name = row.commodity ?? row.category;
    if (!commodities.has(name)) commodities.set(name, tally());
    for (const t of [month, commodities.get(name)!, total]) {
      t.quantity += Number(row.quantity);
      t.valueMinor += Number(row.totalMinor);
      t.buyers.add(row.buyerId);
    }
    orders.add(row.orderId);
  }
  return {
    from,
    to: monthOf(at),
    currency: 'GHS',
    months: [...months].map(([month, t]) => ({ month, ...figuresOf(t) })),
    commodities: [...commodities]
      .sort(([a, x], [b, y]) => y.valueMinor - x.valueMinor || a.localeCompare(b))
      .map(([commodity, t]) => ({ commodity, ...figuresOf(t) })),
    totals: { orders: orders.size, ...figuresOf(total) },
  };
}
