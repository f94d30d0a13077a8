import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../index';

/**
 * 008_orders: orders to the end. Sellers mark their lines at the warehouse (order_items
 * .at_warehouse_at); a ready order carries the buyer's 6-digit pickup code (orders.pickup_code,
 * also read by the messages code for the SMS); refunds are rows a background job sends to the
 * payment provider until it accepts them, one refund per payment.
 */
export function migration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('orders').addColumn('pickup_code', 'text').execute();
      await db.schema.alterTable('order_items').addColumn('at_warehouse_at', 'text').execute();

      const refunds = db.schema.createTable('refunds');
      await (dialect === 'postgres'
        ? refunds.addColumn('id', 'serial', (c) => c.primaryKey())
        : refunds.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
        .addColumn('payment_id', 'integer', (c) => c.notNull().unique().references('payments.id').onDelete('cascade'))
        .addColumn('amount_minor', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('provider_refund_id', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('claimed_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('completed_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // The refund job asks "which refunds are due now?" every few seconds.
      await db.schema.createIndex('refunds_due').on('refunds').columns(['status', 'next_attempt_at']).execute();
      await db.schema.createIndex('refunds_by_order').on('refunds').column('order_id').execute();
    },
  };
}
