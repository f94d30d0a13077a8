import type { Kysely, Migration } from 'kysely';

/**
 * 015_mirror_scope: a phone's mirror holds its owner's region, newest listings first, up to its
 * budget (modules/sync/scope.ts): the newest listings of a region are read from this index
 * rather than by walking the whole catalogue by date.
 */
export const migration = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.createIndex('products_region_created').on('products').columns(['region', 'created_at']).execute();
  },
});
