import type { Kysely, Migration } from 'kysely';

/**
 * 032_staff_and_transporters (issue 40 items 2 and 4, docs/transport.md): a WAREHOUSE account's
 * warehouse (`users.warehouse_id`, set by the operator; null for everyone else), and a
 * TRANSPORTER's profile: the vehicle, the Ghana Card, the mobile-money wallet the fees are paid
 * to, and the operator's verification (PENDING until verified; only a verified transporter
 * accepts loads). The account types themselves are text (001), so no constraint changes.
 */
export function migration(): Migration {
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('warehouse_id', 'integer', (c) => c.references('warehouses.id')).execute();
      // The operator's staff list of a warehouse reads by it.
      await db.schema.createIndex('users_warehouse').on('users').column('warehouse_id').where('warehouse_id', 'is not', null).execute();
      await db.schema
        .createTable('transporter_profiles')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
        // TRUCK, VAN, PICKUP, MOTORBIKE, TRICYCLE
        .addColumn('vehicle_type', 'text', (c) => c.notNull())
        .addColumn('capacity_kg', 'integer', (c) => c.notNull())
        .addColumn('plate_number', 'text', (c) => c.notNull())
        .addColumn('ghana_card_number', 'text', (c) => c.notNull())
        // The region the transporter works from (the board's default filter).
        .addColumn('region', 'text')
        // MTN, TELECEL, AT: the wallet the fees are paid out to.
        .addColumn('payout_network', 'text', (c) => c.notNull())
        .addColumn('payout_number', 'text', (c) => c.notNull())
        // PENDING, VERIFIED, REJECTED
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING'))
        .addColumn('verified_at', 'text')
        .addColumn('rejection_reason', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      // The operator's desk lists them by status, oldest first.
      await db.schema.createIndex('transporter_profiles_status').on('transporter_profiles').columns(['status', 'created_at']).execute();
    },
  };
}
