import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../index';

/**
 * Verified phones for every account (it was the seller profile's flag, so a buyer's phone could
 * never be verified), and contact_changes: an e-mail or phone change waits here until the new
 * address proves itself with a code, and an applied one keeps the old value so its undo link
 * can restore it.
 */
export function migration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('is_phone_verified', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await sql`update users set is_phone_verified = 1 where id in (select user_id from seller_profiles where is_phone_verified = 1)`.execute(db);
      await db.schema.alterTable('seller_profiles').dropColumn('is_phone_verified').execute();
      await db.schema
        .createTable('contact_changes')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('old_value', 'text')
        .addColumn('old_verified', 'integer', (c) => c.notNull())
        .addColumn('new_value', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('applied_at', 'text')
        .execute();
      await db.schema.createIndex('contact_changes_by_user').on('contact_changes').columns(['user_id', 'channel', 'status']).execute();
    },
  };
}
