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
export interface MarketWeek {
  week: string;
  paid: number | null;
  asking: number | null;
}

/** A commodity's name and unit in one language ("Aburow", "kotoku 50 kg"). */
export interface CommodityWords {
  name: string;
  unit: string;
}

/**
 * Every language's words for a commodity, by language code ("en", "ak"), beside the English
 * `name` and `unit` every answer has kept (src/shared/reference/commodity-names.ts).
 */
export type CommodityNames = Record<string, CommodityWords>;

/** A commodity this week (paid/asking/sales/listings) and its last INDEX_WEEKS weeks, oldest first. */
export interface MarketPriceSummary {
  id: string;
  name: string;
  unit: string;
  names: CommodityNames;
  category: string;
  paid: number | null;
  asking: number | null;
  sales: number;
  listings: number;
  weeks: MarketWeek[];
}

export interface MarketPriceDetail {
  id: string;
  name: string;
  unit: string;
  names: CommodityNames;
  regions: { region: string; weeks: MarketWeek[] }[];
}

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
export interface MarketPriceRow {
  id: string;
  region: string;
  week: string;
  paid: number | null;
  asking: number | null;
  sales: number;
  listings: number;
}

export interface Commodity {
  id: string;
  name: string;
  unit: string;
  /** Absent from a list kept by an older version of the app: it reads the English. */
  names?: CommodityNames;
  category: string;
}

/**
 * A page of the index's changes. `week` is the server's current week: the window is the
 * INDEX_WEEKS weeks ending with it, and rows of older weeks are dropped without a word.
 * `cursor` is the version to ask after next; with hasMore, ask again at once.
 */
export interface MarketPriceChanges {
  week: string;
  /** The database's feed epoch, as CatalogueDelta's: another one, or a head below the cursor asked with, and the phone starts again. */
  epoch?: number;
  rows: MarketPriceRow[];
  cursor: number;
  hasMore: boolean;
  commoditiesTag: string;
  /** In commodity order; only when the phone's tag is not the current one. */
  commodities?: Commodity[];
}

/** A commodity's name and unit in the reader's language: its `names`, else the English `name` and `unit`. */
export function wordsFor(commodity: { name: string; unit: string; names?: CommodityNames }, language: string): CommodityWords {
  return commodity.names?.[language] ?? { name: commodity.name, unit: commodity.unit };
}
