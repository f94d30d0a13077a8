import type { Generated } from 'kysely';
import type { Id, Flag } from './columns';

/** The tables modules/catalogue owns; another module gets their types through its face (index.ts). */

export interface ProductsTable {
  id: Id;
  seller_id: number;
  name: string;
  description: string;
  price_minor: number;
  category: string;
  condition: string;
  region: string;
  stock_quantity: number;
  is_active: Flag;
  is_featured: Flag;
  /** Kept consistent with old_price_minor by shared/discount.ts (deriveOffer). */
  discount_percentage: number | null;
  old_price_minor: number | null;
  /** Shown among the weekly specials rather than the discounted products (010_offers). */
  is_weekly_special: Generated<Flag>;
  /** The commodity the price index counts this listing under (017_market_prices); null: not counted. */
  commodity_id: Generated<string | null>;
  /** 031_transport: grams per unit the seller gave (null: the default from name and category, docs/transport.md). */
  unit_weight_g: Generated<number | null>;
  /** 039_product_quality: the listing's quality record, written with each warehouse check (docs/quality.md). */
  quality_checked_lots: Generated<number>;
  quality_passed_lots: Generated<number>;
  quality_last_grade: Generated<string | null>;
  quality_last_moisture_pct: Generated<number | null>;
  quality_last_town: Generated<string | null>;
  version: number;
  created_at: string;
  updated_at: string;
}

export interface ProductImagesTable {
  id: Id;
  product_id: number;
  position: number;
  storage_key: string;
  width: number;
  height: number;
}

export interface DeletedProductsTable {
  product_id: number;
  version: number;
  deleted_at: string;
}

/** Their names, as `Database` (../schema.ts) composes them. */
export interface CatalogueTables {
  products: ProductsTable;
  product_images: ProductImagesTable;
  deleted_products: DeletedProductsTable;
}
