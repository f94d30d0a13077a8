import * as v from 'valibot';
import { CATEGORIES, GHANA_REGIONS } from '../catalogue';

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

/** A commodity this week (paid/asking/sales/listings) and its last INDEX_WEEKS weeks, oldest first. */
export interface MarketPriceSummary {
  id: string;
  name: string;
  unit: string;
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
  regions: { region: string; weeks: MarketWeek[] }[];
}

export interface MarketPricesList {
  data: MarketPriceSummary[];
}
export interface MarketPriceDetailAnswer {
  data: MarketPriceDetail;
}
