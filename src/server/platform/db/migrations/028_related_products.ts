import type { Kysely, Migration } from 'kysely';

/**
 * 028_related_products: a product page's "You may also like" (catalogue/service.ts,
 * relatedProducts) reads its category's featured, then newest, listings from this index in
 * that order. Before, every product page sorted the whole category: 112 ms at a million
 * listings on PostgreSQL (a parallel bitmap scan of 118,000 rows and a top-N sort), and a
 * sort of about 8,000 rows on SQLite's event loop at 100,000 (docs/performance.md).
 */
export const migration = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.createIndex('products_related').on('products').columns(['is_active', 'category', 'is_featured', 'created_at']).execute();
  },
});
