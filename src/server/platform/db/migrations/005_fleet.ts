import type { Kysely, Migration } from 'kysely';

/**
 * What several instances on one database must share: generated secrets (signing keys, HMAC
 * keys) and rate-limit counters. Both are keyed by name, so an insert-if-absent or an upsert
 * on the primary key is atomic on SQLite and PostgreSQL alike.
 */
export const migration = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('rate_limits')
      .addColumn('bucket', 'text', (c) => c.primaryKey())
      .addColumn('hits', 'integer', (c) => c.notNull())
      .addColumn('window_ends_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_limits_window_ends_at').on('rate_limits').column('window_ends_at').execute();
  },
});
