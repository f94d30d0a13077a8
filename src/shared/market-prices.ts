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
 * exactly between two prices, their mean.
 */
export function weightedMedian(entries: { price: number; weight: number }[]): number | null {
  const usable = entries.filter((e) => e.weight > 0).sort((a, b) => a.price - b.price);
  const total = usable.reduce((sum, e) => sum + e.weight, 0);
  if (total === 0) return null;
  let below = 0;
  for (let i = 0; i < usable.length; i++) {
    below += usable[i]!.weight;
    if (below * 2 > total) return usable[i]!.price;
    if (below * 2 === total) return Math.round((usable[i]!.price + usable[i + 1]!.price) / 2);
  }
  return usable[usable.length - 1]!.price;
}

/** Whether a price is more than PRICE_WARNING_SHARE outside the range low – high. */
export function farFromTypical(price: number, low: number, high: number): 'high' | 'low' | null {
  if (price > high * (1 + PRICE_WARNING_SHARE)) return 'high';
  if (price < low * (1 - PRICE_WARNING_SHARE)) return 'low';
  return null;
}
