import * as v from 'valibot';
import {
  CATALOGUE_COUNT_BOUND,
  CATEGORIES,
  CONDITIONS,
  GHANA_REGIONS,
  MAX_PAGE_SIZE,
  PRODUCTS_PAGE_SIZE,
  PRODUCT_SORT_FIELDS,
  type Category,
} from '../catalogue';
import { productQualitySchema } from './checks';
import { cursorParam, decimalParam, intParam, pageParam, pageSizeParam } from './parse';

/**
 * A price filter above any price a product may have means the same as that price; clamped so
 * pesewas stay inside a 32-bit integer column (PostgreSQL refuses larger ones with an error).
 */
const PRICE_FILTER_MAX = 10_000_000;
const atMostAnyPrice = (cedis: number) => Math.min(cedis, PRICE_FILTER_MAX);

/** GET /products query. Text in, typed values out; the local mirror runs the same query. */
export const productQuerySchema = v.pipe(
  v.object({
    search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'search is too long'))),
    category: v.optional(v.picklist(CATEGORIES, 'Unknown category')),
    condition: v.optional(v.picklist(CONDITIONS, 'condition must be organic, premium or standard')),
    location: v.optional(v.picklist(GHANA_REGIONS, 'location must be one of Ghana\'s 16 regions')),
    /** Only listings with at least one lot checked at a warehouse (issue 41 item 4, docs/quality.md). */
    checked: v.optional(v.pipe(v.picklist(['true', 'false'], 'checked must be true or false'), v.transform((s) => s === 'true'))),
    minPrice: v.optional(v.pipe(decimalParam('minPrice'), v.transform(atMostAnyPrice))),
    maxPrice: v.optional(v.pipe(decimalParam('maxPrice'), v.transform(atMostAnyPrice))),
    // relevance: with a search word, names holding it as a word first (then newest); without one, newest first.
    sortBy: v.optional(v.picklist(PRODUCT_SORT_FIELDS, 'sortBy must be relevance, createdAt, price or name'), 'relevance'),
    sortDir: v.optional(v.picklist(['asc', 'desc'], 'sortDir must be asc or desc'), 'desc'),
    page: pageParam(),
    limit: pageSizeParam('limit', MAX_PAGE_SIZE, PRODUCTS_PAGE_SIZE),
  }),
  v.check(
    (q) => q.minPrice === undefined || q.maxPrice === undefined || q.minPrice <= q.maxPrice,
    'minPrice cannot be more than maxPrice',
  ),
  v.check(
    (q) => (q.page - 1) * q.limit < CATALOGUE_COUNT_BOUND,
    `Only the first ${CATALOGUE_COUNT_BOUND.toLocaleString('en')} results can be paged through: narrow the search or choose a filter`,
  ),
);
export type ProductQueryInput = v.InferInput<typeof productQuerySchema>;
export type ProductQuery = v.InferOutput<typeof productQuerySchema>;

/** The largest id a row can have: PostgreSQL's integer (serial) ends here, and a larger one names nothing. */
export const MAX_ROW_ID = 2_147_483_647;

export const idParamSchema = v.pipe(
  v.string(),
  v.regex(/^\d{1,12}$/, 'id must be a positive whole number'),
  v.transform(Number),
  v.maxValue(MAX_ROW_ID, 'id must be a positive whole number'),
);

/** The most product ids a phone names in its mirror's scope (what its owner carted, opened…). */
export const MAX_SCOPE_IDS = 300;

const commaList = (name: string) => v.pipe(v.string(), v.maxLength(4000, `${name} is too long`), v.transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean)));

/**
 * GET /sync/catalogue query. The scope fields are optional: a phone that names none gets the
 * whole catalogue (older clients); one that names any gets only what its scope holds
 * (docs/performance.md, "The phone's mirror: what it keeps").
 */
export const syncQuerySchema = v.object({
  since: cursorParam('since'),
  limit: pageSizeParam('limit', 1000, 500),
  region: v.optional(v.picklist(GHANA_REGIONS, 'region must be one of Ghana\'s 16 regions')),
  categories: v.optional(
    v.pipe(
      commaList('categories'),
      v.check((list) => list.every((c) => (CATEGORIES as readonly string[]).includes(c)), 'categories must be a comma-separated list of known categories'),
      v.transform((list) => [...new Set(list)].sort() as Category[]),
    ),
  ),
  ids: v.optional(
    v.pipe(
      commaList('ids'),
      v.check((list) => list.every((id) => /^\d{1,10}$/.test(id) && Number(id) <= MAX_ROW_ID), 'ids must be a comma-separated list of product ids'),
      v.check((list) => list.length <= MAX_SCOPE_IDS, `ids may name at most ${MAX_SCOPE_IDS} products`),
      v.transform((list) => [...new Set(list.map(Number))].sort((a, b) => a - b)),
    ),
  ),
  shelves: v.optional(v.picklist(['0', '1'], 'shelves must be 0 or 1')),
  /**
   * 1 while a phone catches up on a new scope (it holds nothing else yet): no leftIds, which
   * would otherwise name every listing outside the scope on the way.
   */
  fresh: v.optional(v.picklist(['0', '1'], 'fresh must be 0 or 1')),
  /** The phone's budget of listings: a catalogue that fits in it is sent whole, scope or not. */
  budget: v.optional(intParam('budget', 1, 1_000_000)),
});
export type SyncQuery = v.InferOutput<typeof syncQuerySchema>;
/** The sync query as the phone sends it (text). */
export type SyncQueryInput = v.InferInput<typeof syncQuerySchema>;

export const productImageSchema = v.object({
  id: v.number(),
  width: v.number(),
  height: v.number(),
  /** URL per stored width (WebP). */
  urls: v.object({ 320: v.string(), 640: v.string(), 1280: v.string() }),
});
export type ProductImage = v.InferOutput<typeof productImageSchema>;

export const ratingSummarySchema = v.object({ average: v.nullable(v.number()), count: v.number() });
export type RatingSummary = v.InferOutput<typeof ratingSummarySchema>;

/** A catalogue product as the API shows it and the local mirror stores it. */
export const productSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: v.string(),
  price: v.number(),
  currency: v.literal('GHS'),
  category: v.picklist(CATEGORIES),
  condition: v.picklist(CONDITIONS),
  region: v.picklist(GHANA_REGIONS),
  stockQuantity: v.number(),
  isActive: v.boolean(),
  isFeatured: v.boolean(),
  /** Percent off and the price before it: both or neither, and they agree (shared/discount.ts). */
  discountPercentage: v.nullable(v.number()),
  oldPrice: v.nullable(v.number()),
  /** Shown among the weekly specials (the spec's old-price section) rather than the discounted products. */
  weeklySpecial: v.boolean(),
  /** The commodity the market price index counts it under (GET /market-prices), if any. */
  commodityId: v.optional(v.nullable(v.string())),
  imagesUrls: v.array(v.string()),
  images: v.array(productImageSchema),
  rating: ratingSummarySchema,
  sellerName: v.string(),
  /** The listing's record at the warehouse check (issue 41 item 4, docs/quality.md). Optional for rows a phone mirrored before it. */
  quality: v.optional(productQualitySchema),
  createdAt: v.string(),
  updatedAt: v.string(),
  version: v.number(),
});
export type Product = v.InferOutput<typeof productSchema>;

export const reviewSchema = v.object({
  id: v.number(),
  productId: v.number(),
  rating: v.number(),
  comment: v.string(),
  createdAt: v.string(),
  reviewer: v.object({ firstName: v.string(), lastName: v.string() }),
});
export type Review = v.InferOutput<typeof reviewSchema>;

/** GET /products/{id}: the product with its newest reviews, related products, and whether the asker may review it. */
export const productDetailSchema = v.object({
  ...productSchema.entries,
  reviews: v.array(reviewSchema),
  relatedProducts: v.array(productSchema),
  canReview: v.boolean(),
  /** True when the asker is the listing's seller (they see "This is your listing", not Add to Cart); absent for anyone else. */
  yours: v.optional(v.boolean()),
});
export type ProductDetail = v.InferOutput<typeof productDetailSchema>;

/** GET /categories: each category with listed products, and how many. */
export const categoryCountSchema = v.object({ name: v.string(), productCount: v.number() });
export type CategoryCount = v.InferOutput<typeof categoryCountSchema>;

export const warehouseSchema = v.object({
  id: v.number(),
  name: v.string(),
  address: v.string(),
  region: v.picklist(GHANA_REGIONS),
  /** Issue 40 (docs/transport.md): the town, where it stands and when it is open (optional for phones' older copies). */
  town: v.optional(v.nullable(v.string())),
  latitude: v.optional(v.nullable(v.number())),
  longitude: v.optional(v.nullable(v.number())),
  openingHours: v.optional(v.string()),
});
export type Warehouse = v.InferOutput<typeof warehouseSchema>;

export const catalogueDeltaSchema = v.object({
  products: v.array(productSchema),
  deletedIds: v.array(v.number()),
  /**
   * Only when the phone named a scope: products changed since its cursor that are now outside
   * it (moved region or category, or fell off the shelves). The phone drops them unless its
   * owner keeps them (opened, carted, ordered, wishlisted).
   */
  leftIds: v.optional(v.array(v.number())),
  cursor: v.number(),
  hasMore: v.boolean(),
  /**
   * The database's feed epoch (server platform/db/feed-epoch.ts): another one than the phone
   * pulled under, or a last page's cursor below the one asked with, means the database went
   * back (a restore): the phone starts its mirror again. Absent from an older server's answer.
   */
  epoch: v.optional(v.number()),
});
export type CatalogueDelta = v.InferOutput<typeof catalogueDeltaSchema>;
