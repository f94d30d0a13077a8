import type { Generated } from 'kysely';
import type { Id, Flag } from './columns';

/** The tables modules/market-prices owns; another module gets their types through its face (index.ts). */

/** A normalised product and unit ("Maize, 50 kg bag") the price index is kept for. */
export interface CommoditiesTable {
  id: string;
  name: string;
  unit: string;
  category: string;
  /** Space-separated words an SMS may name it by (lower case). */
  words: string;
  position: number;
}

/** One paid order line of a mapped listing: what the weekly medians are drawn from. */
export interface MarketSalesTable {
  order_item_id: number;
  order_id: number;
  commodity_id: string;
  region: string;
  week: string;
  unit_price_minor: number;
  quantity: number;
  /** 0 until the fold job has counted it in its cells (020_market_sales_folded). */
  folded: Generated<Flag>;
}

/** The weekly paid median of one commodity in one region ('' = the whole country). */
export interface MarketPriceCellsTable {
  commodity_id: string;
  region: string;
  week: string;
  paid_minor: number | null;
  sales: number;
  quantity: number;
  /** Distinct sellers behind the sales (021_market_cell_sellers): under MIN_SELLERS nothing paid is published. */
  sellers: number;
}

/** The index as phones mirror it: the figures the API shows, versioned (019_market_price_rows). */
export interface MarketPriceRowsTable {
  commodity_id: string;
  region: string;
  week: string;
  paid_minor: number | null;
  asking_minor: number | null;
  sales: number;
  listings: number;
  version: number;
}

/** The one row naming the state (week and counters) market_price_rows were last drawn from. */
export interface MarketPriceRowsStampTable {
  id: number;
  stamp: string;
}

/** A mapped listing's price from `at` on (written by trigger on products). */
export interface MarketAsksTable {
  id: Id;
  product_id: number;
  commodity_id: string | null;
  region: string;
  price_minor: number;
  active: Flag;
  at: string;
}

/** Their names, as `Database` (../schema.ts) composes them. */
export interface MarketPricesTables {
  commodities: CommoditiesTable;
  market_sales: MarketSalesTable;
  market_price_cells: MarketPriceCellsTable;
  market_price_rows: MarketPriceRowsTable;
  market_price_rows_stamp: MarketPriceRowsStampTable;
  market_asks: MarketAsksTable;
}
