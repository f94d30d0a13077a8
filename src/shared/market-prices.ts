/**
 * The price index's rules, shared by the server (which computes it) and the app (which
 * explains it).
 */

/** Fewer paid sales than this in a week and region: the paid price is not shown, only the asking price. */
export const MIN_SALES = 3;
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
