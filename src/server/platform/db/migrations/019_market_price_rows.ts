import type { Kysely, Migration } from 'kysely';

/**
 * 019_market_price_rows: the price index as the phones mirror it, one row per commodity,
 * region ('' = the whole country) and week of the index's window, with the figures the API
 * shows and a version from the `market_price_rows` counter, so a phone asks for "every row
 * after version N" as it does for the catalogue. A row whose figures empty out stays, empty,
 * with a new version: that is how a removal reaches the phones. The rows are filled lazily
 * (modules/market-prices/feed.ts) and stamped with the state they were drawn from.
 */
export const migration = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('market_price_rows')
      .addColumn('commodity_id', 'text', (c) => c.notNull())
      .addColumn('region', 'text', (c) => c.notNull())
      .addColumn('week', 'text', (c) => c.notNull())
      .addColumn('paid_minor', 'integer')
      .addColumn('asking_minor', 'integer')
      .addColumn('sales', 'integer', (c) => c.notNull())
      .addColumn('listings', 'integer', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('market_price_rows_pk', ['commodity_id', 'region', 'week'])
      .execute();
    await db.schema.createIndex('market_price_rows_version').on('market_price_rows').column('version').execute();
    await db.schema
      .createTable('market_price_rows_stamp')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('stamp', 'text', (c) => c.notNull())
      .execute();
    await db.insertInto('market_price_rows_stamp').values({ id: 1, stamp: '' }).execute();
    await db.insertInto('counters').values({ name: 'market_price_rows', value: 0 }).execute();
  },
});
