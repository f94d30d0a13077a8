import * as v from 'valibot';
import { CATEGORIES, GHANA_REGIONS } from '../catalogue';
import { cursorParam, pageSizeParam } from './parse';

/** GET /market-prices query: both optional; no region means the whole country. */
export const marketPricesQuerySchema = v.object({
  region: v.optional(v.picklist(GHANA_REGIONS, "region must be one of Ghana's 16 regions")),
  category: v.optional(v.picklist(CATEGORIES, 'Unknown category')),
});
export type MarketPricesQuery = v.InferOutput<typeof marketPricesQuerySchema>;

/** One week of one commodity in one place: medians in cedis; paid is null with fewer than MIN_SALES sales. */
export const marketWeekSchema = v.object({
  week: v.string(),
  paid: v.nullable(v.number()),
  asking: v.nullable(v.number()),
});
export type MarketWeek = v.InferOutput<typeof marketWeekSchema>;

/** A commodity's name and unit in one language ("Aburow", "kotoku 50 kg"). */
export const commodityWordsSchema = v.object({ name: v.string(), unit: v.string() });
export type CommodityWords = v.InferOutput<typeof commodityWordsSchema>;

/**
 * Every language's words for a commodity, by language code ("en", "ak"), beside the English
 * `name` and `unit` every answer has kept (src/shared/reference/commodity-names.ts).
 */
export const commodityNamesSchema = v.record(v.string(), commodityWordsSchema);
export type CommodityNames = v.InferOutput<typeof commodityNamesSchema>;

/** A commodity this week (paid/asking/sales/listings) and its last INDEX_WEEKS weeks, oldest first. */
export const marketPriceSummarySchema = v.object({
  id: v.string(),
  name: v.string(),
  unit: v.string(),
  names: commodityNamesSchema,
  category: v.string(),
  paid: v.nullable(v.number()),
  asking: v.nullable(v.number()),
  sales: v.number(),
  listings: v.number(),
  weeks: v.array(marketWeekSchema),
});
export type MarketPriceSummary = v.InferOutput<typeof marketPriceSummarySchema>;

export const marketPriceDetailSchema = v.object({
  id: v.string(),
  name: v.string(),
  unit: v.string(),
  names: commodityNamesSchema,
  regions: v.array(v.object({ region: v.string(), weeks: v.array(marketWeekSchema) })),
});
export type MarketPriceDetail = v.InferOutput<typeof marketPriceDetailSchema>;

/** Commodity ids are short slugs ("maize-50kg"); any other path names no commodity. */
export const COMMODITY_NOT_FOUND = 'No prices are kept for this commodity.';
export const commodityIdParam = v.pipe(v.string(COMMODITY_NOT_FOUND), v.regex(/^[a-z0-9-]{1,40}$/, COMMODITY_NOT_FOUND));

/**
 * GET /market-prices/changes: the rows of the index changed after version `since`, oldest
 * first, at most `limit` of them. `commodities` is the tag of the commodity list the phone
 * holds: the list comes again only when it differs (or with since=0).
 */
export const marketPriceChangesQuerySchema = v.object({
  since: cursorParam('since'),
  limit: pageSizeParam('limit', 2000, 1000),
  commodities: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9]{1,16}$/, 'commodities must be the tag of a commodity list'))),
});
export type MarketPriceChangesQuery = v.InferOutput<typeof marketPriceChangesQuerySchema>;

/**
 * One commodity in one region ('' = the whole country) in one week, as the list and the
 * detail show it. A row with no figures (no paid, no asking, no sales, no listings) says the
 * row is gone: the phone drops it.
 */
export const marketPriceRowSchema = v.object({
  id: v.string(),
  region: v.string(),
  week: v.string(),
  paid: v.nullable(v.number()),
  asking: v.nullable(v.number()),
  sales: v.number(),
  listings: v.number(),
});
export type MarketPriceRow = v.InferOutput<typeof marketPriceRowSchema>;

export const commoditySchema = v.object({
  id: v.string(),
  name: v.string(),
  unit: v.string(),
  /** Absent from a list kept by an older version of the app: it reads the English. */
  names: v.optional(commodityNamesSchema),
  category: v.string(),
});
export type Commodity = v.InferOutput<typeof commoditySchema>;

/**
 * A page of the index's changes. `week` is the server's current week: the window is the
 * INDEX_WEEKS weeks ending with it, and rows of older weeks are dropped without a word.
 * `cursor` is the version to ask after next; with hasMore, ask again at once.
 */
export const marketPriceChangesSchema = v.object({
  week: v.string(),
  /** The database's feed epoch, as CatalogueDelta's: another one, or a head below the cursor asked with, and the phone starts again. */
  epoch: v.optional(v.number()),
  rows: v.array(marketPriceRowSchema),
  cursor: v.number(),
  hasMore: v.boolean(),
  commoditiesTag: v.string(),
  /** In commodity order; only when the phone's tag is not the current one. */
  commodities: v.optional(v.array(commoditySchema)),
});
export type MarketPriceChanges = v.InferOutput<typeof marketPriceChangesSchema>;

/**
 * What an inbound SMS gateway is answered: whether a reply was queued; a number over its
 * allowance gets none (reason rate_limited), and the gateway is still told 200 so it does not resend.
 */
export const inboundSmsAnswerSchema = v.object({ replied: v.boolean(), reason: v.optional(v.literal('rate_limited')) });

/** A commodity's name and unit in the reader's language: its `names`, else the English `name` and `unit`. */
export function wordsFor(commodity: { name: string; unit: string; names?: CommodityNames }, language: string): CommodityWords {
  return commodity.names?.[language] ?? { name: commodity.name, unit: commodity.unit };
}
