/** Catalogue vocabulary shared by the server, the local mirror and the screens. */

export const CATEGORIES = [
  'Grains',
  'Tubers',
  'Vegetables',
  'Fruits',
  'Herbs',
  'Livestock',
  'Poultry',
  'Fertilizers',
  'Seeds',
  'Agrochemicals',
  'Tools',
  'Other',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** The spec's "condition" filter: organic, premium or standard produce. */
export const CONDITIONS = ['organic', 'premium', 'standard'] as const;
export type Condition = (typeof CONDITIONS)[number];

/** Ghana's 16 administrative regions (the old app filtered by US regions: a defect). */
export const GHANA_REGIONS = [
  'Ahafo',
  'Ashanti',
  'Bono',
  'Bono East',
  'Central',
  'Eastern',
  'Greater Accra',
  'North East',
  'Northern',
  'Oti',
  'Savannah',
  'Upper East',
  'Upper West',
  'Volta',
  'Western',
  'Western North',
] as const;
export type GhanaRegion = (typeof GHANA_REGIONS)[number];

export const PRODUCT_SORT_FIELDS = ['relevance', 'createdAt', 'price', 'name'] as const;

/** Widths at which every product image is stored and served (WebP). */
export const IMAGE_WIDTHS = [320, 640, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/**
 * One value per width, keyed by the width (a picture's `urls`). Filled widest first on purpose:
 * to V8 the keys are array indices, and an object given 320, then 640, then 1280 grows an
 * array of 1,281 or more slots (18 KB a picture; a search page's 20 products made 430 KB of
 * garbage on the server). Given 1280 first it keeps the three in a small dictionary (under
 * 1 KB). The JSON is the same: integer keys are always listed in ascending order.
 */
export function byWidth<T>(valueOf: (width: ImageWidth) => T): Record<ImageWidth, T> {
  const out = {} as Record<ImageWidth, T>;
  for (let i = IMAGE_WIDTHS.length - 1; i >= 0; i--) out[IMAGE_WIDTHS[i]] = valueOf(IMAGE_WIDTHS[i]);
  return out;
}

export const PRICE_FILTER_MAX = 10_000;
export const PRODUCTS_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/**
 * GET /products counts exactly up to this many and then says "10,000+"; its pages reach this
 * far and no further (an offset past it would walk rows nobody pages through to).
 */
export const CATALOGUE_COUNT_BOUND = 10_000;
