import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../index';

/**
 * 006_audit: who among the operators approved, rejected, verified or moved what, and when.
 * The actor's e-mail is copied in so a record outlives the account it names.
 */
export function migration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('actor_id', 'integer', (c) => c.notNull())
        .addColumn('actor_email', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_id', 'integer', (c) => c.notNull())
        .addColumn('detail', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_newest').on('audit_log').columns(['created_at', 'id']).execute();
    },
  };
}
