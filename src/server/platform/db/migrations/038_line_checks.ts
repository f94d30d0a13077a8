import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../index';

/**
 * 038_line_checks (issue 41 item 1, docs/quality.md): the warehouse's check of an order line at
 * drop-off. Checks are never edited: a correction is a new row, and the line's newest row (the
 * highest id) is its check. `grade` is computed from the readings for grains and legumes (null
 * for fresh produce and livestock, and for a failed lot); readings are percent, one decimal.
 */
export function migration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      const t = db.schema.createTable('line_checks');
      const pct = dialect === 'postgres' ? 'double precision' : 'real';
      await (dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('order_item_id', 'integer', (c) => c.notNull().references('order_items.id'))
        .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
        .addColumn('staff_user_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('result', 'text', (c) => c.notNull())
        .addColumn('grade', 'text')
        .addColumn('moisture_pct', pct)
        .addColumn('foreign_matter_pct', pct)
        .addColumn('notes', 'text')
        .addColumn('photo', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('line_checks_line').on('line_checks').columns(['order_item_id', 'id']).execute();
      await db.schema.createIndex('line_checks_order').on('line_checks').column('order_id').execute();
    },
  };
}
