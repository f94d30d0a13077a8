import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../index';

/**
 * 042_check_photos (issue 41 items 1 and 3): a photo taken at the warehouse check or at a pickup
 * refusal. The phone names it (`ref`, a UUID it makes, so the check queued after the upload in the
 * outbox can point at it offline) and uploads it first; `uploaded_by` is who sent it, and only that
 * account may attach it to a check or a refusal. `line_checks.photo` (038) and the new
 * `pickup_refusals.photo` keep the image's storage key.
 */
export function migration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      const t = db.schema.createTable('check_photos');
      await (dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
        .addColumn('ref', 'text', (c) => c.notNull().unique())
        .addColumn('uploaded_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('storage_key', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('pickup_refusals').addColumn('photo', 'text').execute();
    },
  };
}
