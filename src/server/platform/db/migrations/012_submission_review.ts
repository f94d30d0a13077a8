import { sql, type Kysely, type Migration } from 'kysely';

/**
 * 012_submission_review: a seller chooses a listing's condition and region (they were set by
 * the server, so the condition filter never found a seller's listing), and an edit of an
 * approved listing waits for review in the listing row (changes_pending = 1) while the live
 * product keeps its approved content. Existing rows take their live product's values, or
 * the seller's region.
 */
export const migration = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('product_submissions').addColumn('condition', 'text', (c) => c.notNull().defaultTo('standard')).execute();
    await db.schema.alterTable('product_submissions').addColumn('region', 'text', (c) => c.notNull().defaultTo('Greater Accra')).execute();
    await db.schema.alterTable('product_submissions').addColumn('changes_pending', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql`update product_submissions set
        condition = (select p.condition from products p where p.id = product_submissions.product_id),
        region = (select p.region from products p where p.id = product_submissions.product_id)
      where product_id is not null`.execute(db);
    await sql`update product_submissions set
        region = (select s.business_region from seller_profiles s where s.user_id = product_submissions.seller_id)
      where product_id is null and exists (
        select 1 from seller_profiles s where s.user_id = product_submissions.seller_id and s.business_region in (${sql.join(REGIONS)}))`.execute(db);
    await db.schema.createIndex('product_submissions_changes').on('product_submissions').columns(['changes_pending', 'updated_at']).execute();
  },
});

/** Frozen here: a migration never changes with later code. */
const REGIONS = [
  'Ahafo', 'Ashanti', 'Bono', 'Bono East', 'Central', 'Eastern', 'Greater Accra', 'North East',
  'Northern', 'Oti', 'Savannah', 'Upper East', 'Upper West', 'Volta', 'Western', 'Western North',
];
