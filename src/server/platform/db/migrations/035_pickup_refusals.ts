import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../index';

/**
 * 035_pickup_refusals (issue 41 item 3): a line the buyer refused at the pickup counter. Its
 * money stays held until the operator decides (outcome REFUND, charged to the seller or the
 * transporter, or RELEASE). One refusal per line, ever (the unique order_item_id), so a replayed
 * or doubled refusal is the first; `flagged_at` marks the one e-mail to operators after 48 hours.
 */
export function migration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      const t = db.schema.createTable('pickup_refusals');
      await (dialect === 'postgres' ? t.addColumn('id', 'serial', (c) => c.primaryKey()) : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('order_item_id', 'integer', (c) => c.notNull().unique().references('order_items.id'))
        .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('refused_by', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('outcome', 'text')
        .addColumn('charged_to', 'text')
        .addColumn('decided_by', 'integer', (c) => c.references('users.id'))
        .addColumn('decided_at', 'text')
        .addColumn('flagged_at', 'text')
        .execute();
      await db.schema.createIndex('pickup_refusals_open').on('pickup_refusals').columns(['decided_at', 'created_at']).execute();
      await db.schema.createIndex('pickup_refusals_order').on('pickup_refusals').column('order_id').execute();
    },
  };
}
