import type { Kysely, Migration } from 'kysely';

/**
 * 003_catalogue: the indexes the public product list pages by.
 */
export const migration = (): Migration => ({
  async up(db: Kysely<any>) {
    // GET /products always filters on is_active and pages in one of these orders; with
    // these the count and the page come from an index at 10,000 products and beyond.
    await db.schema.createIndex('products_listed_created').on('products').columns(['is_active', 'created_at']).execute();
    await db.schema.createIndex('products_listed_price').on('products').columns(['is_active', 'price_minor']).execute();
    await db.schema.createIndex('products_listed_category').on('products').columns(['is_active', 'category', 'created_at']).execute();
    await db.schema.createIndex('products_listed_category_price').on('products').columns(['is_active', 'category', 'price_minor']).execute();
    await db.schema.createIndex('reviews_by_user').on('reviews').columns(['user_id', 'product_id']).execute();
  },
});
