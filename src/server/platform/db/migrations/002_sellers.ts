import type { Kysely, Migration } from 'kysely';

/**
 * 002_sellers: the indexes the seller pages and the submission desk read by.
 */
export const migration = (): Migration => ({
  async up(db: Kysely<any>) {
    // One submission per live product (NULLs repeat freely on both databases).
    await db.schema.createIndex('product_submissions_product').on('product_submissions').column('product_id').unique().execute();
    await db.schema.createIndex('product_submissions_seller').on('product_submissions').columns(['seller_id', 'created_at']).execute();
    await db.schema.createIndex('product_submissions_status').on('product_submissions').columns(['status', 'created_at']).execute();
    await db.schema.createIndex('submission_images_submission').on('submission_images').column('submission_id').execute();
    await db.schema.createIndex('one_time_codes_hash').on('one_time_codes').column('code_hash').execute();
    await db.schema.createIndex('order_items_by_product').on('order_items').column('product_id').execute();
  },
});
