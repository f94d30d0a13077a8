import { fromMinor } from '../../../shared/money';
import { ON_TIME_DROP_OFF_DAYS, type SalesRecord } from '../../../shared/schemas/sales-record';
import type { Db } from '../../platform/db';

/** The record covers this many calendar months, the current one included. */
export const RECORD_MONTHS = 24;

/** 'YYYY-MM' of the month `back` months before `at`'s (UTC). */
const monthOf = (at: Date, back = 0) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - back, 1)).toISOString().slice(0, 7);

interface Tally {
  quantity: number;
  valueMinor: number;
  buyers: Set<number>;
  /** Lots whose payment and drop-off times are both known, and those of them on time. */
  timed: number;
  onTime: number;
}
const tally = (): Tally => ({ quantity: 0, valueMinor: 0, buyers: new Set(), timed: 0, onTime: 0 });
const ON_TIME_MS = ON_TIME_DROP_OFF_DAYS * 24 * 3600_000;

/**
 * passedShare: no warehouse check is recorded yet (issue 41 items 1-4 add them), so every row
 * is "not checked" (null). When a checks table exists, this reads the share of the row's lots
 * that passed, and stays null for a row none of whose lots was checked.
 */
const figuresOf = (t: Tally) => ({ quantity: t.quantity, value: fromMinor(t.valueMinor), buyers: t.buyers.size, passedShare: null, onTimeShare: t.timed === 0 ? null : Math.round((t.onTime / t.timed) * 1000) / 1000 });

/**
 * The seller's collected sales (orders DELIVERED: the buyer took the goods with the pickup
 * code, the moment escrow releases the seller's share), by month and by commodity, over the
 * last 24 months. A line's value is its total, which is what escrow held and released for it:
 * the ledger's escrow.release debits to this seller equal `totals.value` (tests/server/sales-record.test.ts).
 * A commodity is the price index's name for a mapped listing, else the listing's category.
 * Lines refunded on their own, or refused at pickup and not yet decided, are not sales.
 */
export async function salesRecordOf(db: Db, sellerId: number, at: Date = new Date()): Promise<SalesRecord> {
  const from = monthOf(at, RECORD_MONTHS - 1);
  const rows = await db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .innerJoin('products', 'products.id', 'order_items.product_id')
    .leftJoin('commodities', 'commodities.id', 'products.commodity_id')
    // A line that travelled was dropped off when its origin's staff counted it in; else when it was marked at the warehouse.
    .leftJoin('consignment_lines', 'consignment_lines.order_item_id', 'order_items.id')
    .select(['orders.id as orderId', 'orders.user_id as buyerId', 'orders.delivered_at as deliveredAt', 'order_items.quantity', 'order_items.total_minor as totalMinor', 'commodities.name as commodity', 'products.category'])
    .select(['consignment_lines.received_at as receivedAt', 'order_items.at_warehouse_at as atWarehouseAt'])
    .select((eb) => eb.selectFrom('payments').select((p) => p.fn.min('payments.verified_at').as('paid')).whereRef('payments.order_id', '=', 'orders.id').where('payments.status', '=', 'SUCCESS').as('paidAt'))
    .where('products.seller_id', '=', sellerId)
    .where('orders.status', '=', 'DELIVERED')
    // Not sales: a line refunded on its own, or one refused at pickup and not yet decided.
    .where('order_items.refunded_at', 'is', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('pickup_refusals').select('pickup_refusals.id').whereRef('pickup_refusals.order_item_id', '=', 'order_items.id').where('pickup_refusals.decided_at', 'is', null))))
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
    const droppedAt = row.receivedAt ?? row.atWarehouseAt;
    const timed = droppedAt !== null && row.paidAt !== null;
    const onTime = timed && new Date(droppedAt).getTime() - new Date(String(row.paidAt)).getTime() <= ON_TIME_MS;
    for (const t of [month, commodities.get(name)!, total]) {
      t.quantity += Number(row.quantity);
      t.valueMinor += Number(row.totalMinor);
      t.buyers.add(row.buyerId);
      if (timed) t.timed += 1;
      if (onTime) t.onTime += 1;
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
