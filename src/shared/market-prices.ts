/**
 * The price index's rules, shared by the server (which computes it) and the app (which
 * explains it).
 */

/** Fewer paid sales than this in a week and region: the paid price is not shown, only the asking price. */
export const MIN_SALES = 3;
/**
 * Fewer distinct sellers than this behind a week's sales in a region: neither the paid price nor
 * the number of sales is published. In a thin market (one or two sellers) either would tell a
 * competitor or a thief what a named farmer sold, week by week (docs/security.md).
 */
export const MIN_SELLERS = 3;
/**
 * No buyer's purchases weigh more than 1/MIN_BUYERS of a week's quantity in a cell (issue 37):
 * a buyer's kilos above that share are scaled down, so one account buying 100 bags at a price
 * of its own cannot outweigh the others' sales and move the median past their prices. A cell
 * with fewer buyers than this publishes no paid price (no share could be kept).
 */
export const MIN_BUYERS = 3;
/** The published number of sales is the floor of its band ("10+"), never the exact count. */
export const SALES_BANDS = [3, 10, 25, 50, 100, 250, 500, 1000, 2500, 5000, 10000] as const;

/**
 * The number of sales as the index publishes it: 0 when the week's sales are too few, or by too
 * few sellers, to publish; else the floor of its band (17 sales read "10+").
 */
export function publishedSales(sales: number, sellers: number): number {
  if (sales < MIN_SALES || sellers < MIN_SELLERS) return 0;
  return SALES_BANDS.filter((floor) => floor <= sales).at(-1)!;
}
/** How many weeks the index answers. */
export const INDEX_WEEKS = 12;
/** A seller's price this far (as a share) outside the typical range gets a warning. */
export const PRICE_WARNING_SHARE = 0.3;

/** The median of plain values (the mean of the middle two for an even count); null for none. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/**
 * The median of prices each weighted by a quantity: the price at which half of the units
 * sold went for less or the same and half for more or the same. When the halves meet
 * exactly between two prices, their mean. Capped weights are fractions, so sums are compared
 * within a rounding margin and taken in one fixed order: the answer never depends on the order
 * the sales came in (a database returns them in any order; issue 37's fold gave two answers).
 */
export function weightedMedian(entries: { price: number; weight: number }[]): number | null {
  const usable = entries.filter((e) => e.weight > 0).sort((a, b) => a.price - b.price || a.weight - b.weight);
  const total = usable.reduce((sum, e) => sum + e.weight, 0);
  if (total === 0) return null;
  const half = total / 2;
  const margin = total * 1e-9;
  let below = 0;
  for (let i = 0; i < usable.length; i++) {
    below += usable[i]!.weight;
    if (below > half + margin) return usable[i]!.price;
    if (below >= half - margin && i + 1 < usable.length) return Math.round((usable[i]!.price + usable[i + 1]!.price) / 2);
  }
  return usable[usable.length - 1]!.price;
}

/**
 * The most one buyer's quantity may weigh in a cell so that no buyer holds more than
 * 1/MIN_BUYERS of the weight (Infinity: nobody needs capping), given each buyer's total
 * quantity; null with fewer than MIN_BUYERS buyers. With the k largest buyers capped at T,
 * T = (the others' quantity) / (MIN_BUYERS - k): the smallest k for which no uncapped buyer
 * is above T.
 */
export function buyerCap(quantities: number[]): number | null {
  const q = quantities.filter((n) => n > 0).sort((a, b) => b - a);
  if (q.length < MIN_BUYERS) return null;
  let rest = q.reduce((sum, n) => sum + n, 0);
  if (q[0]! * MIN_BUYERS <= rest) return Infinity;
  for (let k = 1; ; k++) {
    rest -= q[k - 1]!;
    const cap = rest / (MIN_BUYERS - k);
    // At k = MIN_BUYERS - 1 the cap is the rest itself, never below the next buyer's quantity.
    if (cap >= q[k]!) return cap;
  }
}

/**
 * A cell's paid median: prices weighted by quantity, each buyer's quantity capped at buyerCap
 * (its sales scaled down together). Null when fewer than MIN_BUYERS bought.
 */
export function paidMedian(sales: { price: number; quantity: number; buyer: number }[]): number | null {
  const byBuyer = new Map<number, number>();
  for (const s of sales) byBuyer.set(s.buyer, (byBuyer.get(s.buyer) ?? 0) + s.quantity);
  const cap = buyerCap([...byBuyer.values()]);
  if (cap === null) return null;
  return weightedMedian(sales.map((s) => ({ price: s.price, weight: s.quantity * Math.min(1, cap / byBuyer.get(s.buyer)!) })));
}

/** Whether a price is more than PRICE_WARNING_SHARE outside the range low – high. */
export function farFromTypical(price: number, low: number, high: number): 'high' | 'low' | null {
  if (price > high * (1 + PRICE_WARNING_SHARE)) return 'high';
  if (price < low * (1 - PRICE_WARNING_SHARE)) return 'low';
  return null;
}
