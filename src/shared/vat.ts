import type { Category } from './catalogue';

/**
 * Tax on a cart, by product category, in basis points (1 % = 100 bp).
 *
 * Ghana, as read for this app (see docs/tax.md for the reading and its sources):
 * - Unprocessed agricultural produce, livestock and poultry, and agricultural inputs
 *   (seeds, fertilisers, agrochemicals) are VAT-exempt supplies: 0 %.
 * - Tools and other processed goods carry the standard rate: VAT 15 % + NHIL 2.5 % +
 *   GETFund levy 2.5 % = 20 %.
 * Rates change with budgets: this table is the one place to change them; the server computes
 * the tax and the phone uses the same table only to show an offline estimate.
 */
export const STANDARD_RATE_BP = 2000;

export const VAT_RATE_BP: Record<Category, number> = {
  Grains: 0,
  Tubers: 0,
  Vegetables: 0,
  Fruits: 0,
  Herbs: 0,
  Livestock: 0,
  Poultry: 0,
  Fertilizers: 0,
  Seeds: 0,
  Agrochemicals: 0,
  Tools: STANDARD_RATE_BP,
  Other: STANDARD_RATE_BP,
};

/** Unknown categories are taxed at the standard rate: never under-charge by accident. */
export function vatRateBp(category: string | undefined): number {
  return category !== undefined && category in VAT_RATE_BP ? VAT_RATE_BP[category as Category] : STANDARD_RATE_BP;
}

/** Tax on one line in pesewas, rounded half up per line. */
export function lineTaxMinor(subtotalMinor: number, category: string | undefined): number {
  return Math.round((subtotalMinor * vatRateBp(category)) / 10_000);
}
