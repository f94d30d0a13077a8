import type { Kysely, Migration } from 'kysely';

/**
 * 027_shelves: the home's three shelves (modules/catalogue/shelves.ts) read their newest
 * changes from an index instead of sorting every listed product. At 100,000 listings on SQLite
 * each shelf was a scan of the table and a sort: 12-84 ms on the event loop, paid by the home
 * page and by every new phone's first sync page (its scope holds the shelves) whenever the
 * catalogue had moved (docs/performance.md, "The phone's sync pages off the event loop").
 * - Featured: listed, featured, newest change first: the whole order from the index.
 * - Offers: weekly specials and discounts are told apart by is_weekly_special; each shelf walks
 *   its half newest first and checks its figure (discount, old price) on the way, stopping at
 *   the shelf's size.
 */
export const migration = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.createIndex('products_shelf_featured').on('products').columns(['is_active', 'is_featured', 'updated_at', 'id']).execute();
    await createOffersShelfIndex(db);
  },
});

/** The offers' index alone (a test of 010_offers drops the column it covers, then makes it again). */
export function createOffersShelfIndex(db: Kysely<any>) {
  return db.schema.createIndex('products_shelf_offers').on('products').columns(['is_active', 'is_weekly_special', 'updated_at', 'id']).execute();
}
