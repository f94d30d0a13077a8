import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../index';

/**
 * 040_failed_lot_returns (issue 41 item 2, docs/quality.md): a lot that failed the warehouse check
 * goes back to its seller, who collects it with a code texted to them. `return_code` is set on a
 * FAIL check only; `returned_at` and `returned_by` (the staff who handed it back) once collected.
 */
export function migration(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('line_checks').addColumn('return_code', 'text').execute();
      await db.schema.alterTable('line_checks').addColumn('returned_at', 'text').execute();
      await db.schema.alterTable('line_checks').addColumn('returned_by', 'integer', (c) => c.references('users.id')).execute();
    },
  };
}
