import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../index';

type Table = CreateTableBuilder<string, string>;

/**
 * 001_initial: the marketplace's first tables (users, addresses, seller profiles, products and their
 * pictures, tombstones, counters, reviews, carts, warehouses, orders, payments, submissions, tokens,
 * one-time codes, idempotency keys, contact messages) and the catalogue counter at 0.
 */
export function migration(dialect: Dialect): Migration {
  const withId = (t: Table): Table =>
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const notNull = (c: ColumnDefinitionBuilder) => c.notNull();
  const ref = (table: string) => (c: ColumnDefinitionBuilder) => c.notNull().references(`${table}.id`).onDelete('cascade');
  const table = (db: Kysely<any>, name: string) => withId(db.schema.createTable(name));
  return {
    async up(db: Kysely<any>) {
      await table(db, 'users')
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', notNull)
        .addColumn('first_name', 'text', notNull)
        .addColumn('last_name', 'text', notNull)
        .addColumn('phone', 'text')
        .addColumn('user_type', 'text', notNull)
        .addColumn('profile_image', 'text')
        .addColumn('is_email_verified', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('password_changed_at', 'text')
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();

      await table(db, 'customer_addresses')
        .addColumn('user_id', 'integer', ref('users'))
        .addColumn('street', 'text', notNull)
        .addColumn('city', 'text', notNull)
        .addColumn('region', 'text', notNull)
        .addColumn('postal_code', 'text')
        .addColumn('country', 'text', notNull)
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('customer_addresses_user').on('customer_addresses').column('user_id').execute();

      await db.schema
        .createTable('seller_profiles')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('business_name', 'text', notNull)
        .addColumn('business_description', 'text')
        .addColumn('business_type', 'text', notNull)
        .addColumn('business_address', 'text')
        .addColumn('business_region', 'text', notNull)
        .addColumn('ghana_card_number', 'text')
        .addColumn('bank_account_name', 'text')
        .addColumn('bank_account_number', 'text')
        .addColumn('is_phone_verified', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('verification_status', 'text', (c) => c.notNull().defaultTo('PENDING'))
        .addColumn('commission_rate_bp', 'integer', (c) => c.notNull().defaultTo(500))
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();

      await table(db, 'products')
        .addColumn('seller_id', 'integer', ref('users'))
        .addColumn('name', 'text', notNull)
        .addColumn('description', 'text', notNull)
        .addColumn('price_minor', 'integer', notNull)
        .addColumn('category', 'text', notNull)
        .addColumn('condition', 'text', notNull)
        .addColumn('region', 'text', notNull)
        .addColumn('stock_quantity', 'integer', notNull)
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('is_featured', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('discount_percentage', 'integer')
        .addColumn('old_price_minor', 'integer')
        .addColumn('version', 'integer', notNull)
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .addCheckConstraint('products_stock_not_negative', sql`stock_quantity >= 0`)
        .execute();
      for (const column of ['version', 'category', 'price_minor', 'created_at', 'seller_id']) {
        await db.schema.createIndex(`products_${column}`).on('products').column(column).execute();
      }

      await table(db, 'product_images')
        .addColumn('product_id', 'integer', ref('products'))
        .addColumn('position', 'integer', notNull)
        .addColumn('storage_key', 'text', notNull)
        .addColumn('width', 'integer', notNull)
        .addColumn('height', 'integer', notNull)
        .execute();
      await db.schema.createIndex('product_images_product').on('product_images').column('product_id').execute();

      await db.schema
        .createTable('deleted_products')
        .addColumn('product_id', 'integer', (c) => c.primaryKey())
        .addColumn('version', 'integer', notNull)
        .addColumn('deleted_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('deleted_products_version').on('deleted_products').column('version').execute();

      await db.schema
        .createTable('counters')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'integer', notNull)
        .execute();

      await table(db, 'reviews')
        .addColumn('product_id', 'integer', ref('products'))
        .addColumn('user_id', 'integer', ref('users'))
        .addColumn('rating', 'integer', notNull)
        .addColumn('comment', 'text', notNull)
        .addColumn('created_at', 'text', notNull)
        .addUniqueConstraint('reviews_one_per_user', ['product_id', 'user_id'])
        .execute();

      await table(db, 'cart_items')
        .addColumn('user_id', 'integer', ref('users'))
        .addColumn('product_id', 'integer', ref('products'))
        .addColumn('quantity', 'integer', notNull)
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .addUniqueConstraint('cart_items_one_per_product', ['user_id', 'product_id'])
        .execute();

      await table(db, 'warehouses')
        .addColumn('name', 'text', notNull)
        .addColumn('address', 'text', notNull)
        .addColumn('region', 'text', notNull)
        .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();

      await table(db, 'orders')
        .addColumn('order_number', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', ref('users'))
        .addColumn('status', 'text', notNull)
        .addColumn('payment_status', 'text', notNull)
        .addColumn('pickup_warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
        .addColumn('subtotal_minor', 'integer', notNull)
        .addColumn('discount_minor', 'integer', notNull)
        .addColumn('tax_minor', 'integer', notNull)
        .addColumn('shipping_minor', 'integer', notNull)
        .addColumn('total_minor', 'integer', notNull)
        .addColumn('currency', 'text', notNull)
        .addColumn('notes', 'text')
        .addColumn('agent_code', 'text')
        .addColumn('payment_method', 'text', notNull)
        .addColumn('mobile_money_network', 'text')
        .addColumn('mobile_money_number', 'text')
        .addColumn('reservation_expires_at', 'text')
        .addColumn('estimated_delivery', 'text')
        .addColumn('delivered_at', 'text')
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'created_at']).execute();

      await table(db, 'order_items')
        .addColumn('order_id', 'integer', ref('orders'))
        .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
        .addColumn('product_name', 'text', notNull)
        .addColumn('unit_price_minor', 'integer', notNull)
        .addColumn('quantity', 'integer', notNull)
        .addColumn('total_minor', 'integer', notNull)
        .execute();
      await db.schema.createIndex('order_items_order').on('order_items').column('order_id').execute();

      await table(db, 'order_status_history')
        .addColumn('order_id', 'integer', ref('orders'))
        .addColumn('status', 'text', notNull)
        .addColumn('notes', 'text')
        .addColumn('created_at', 'text', notNull)
        .execute();

      await table(db, 'payments')
        .addColumn('order_id', 'integer', ref('orders'))
        .addColumn('provider', 'text', notNull)
        .addColumn('reference', 'text', (c) => c.notNull().unique())
        .addColumn('amount_minor', 'integer', notNull)
        .addColumn('currency', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('provider_transaction_id', 'text')
        .addColumn('verified_at', 'text')
        .addColumn('raw', 'text')
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();

      await table(db, 'product_submissions')
        .addColumn('seller_id', 'integer', ref('users'))
        .addColumn('name', 'text', notNull)
        .addColumn('description', 'text', notNull)
        .addColumn('category', 'text', notNull)
        .addColumn('price_minor', 'integer', notNull)
        .addColumn('currency', 'text', notNull)
        .addColumn('stock_quantity', 'integer', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('review_note', 'text')
        .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
        .addColumn('created_at', 'text', notNull)
        .addColumn('updated_at', 'text', notNull)
        .execute();

      await table(db, 'submission_images')
        .addColumn('submission_id', 'integer', ref('product_submissions'))
        .addColumn('position', 'integer', notNull)
        .addColumn('storage_key', 'text', notNull)
        .addColumn('width', 'integer', notNull)
        .addColumn('height', 'integer', notNull)
        .execute();

      await table(db, 'refresh_tokens')
        .addColumn('user_id', 'integer', ref('users'))
        .addColumn('family_id', 'text', notNull)
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', notNull)
        .addColumn('revoked_at', 'text')
        .addColumn('replaced_by', 'integer')
        .addColumn('user_agent', 'text')
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();

      await table(db, 'one_time_codes')
        .addColumn('user_id', 'integer', ref('users'))
        .addColumn('purpose', 'text', notNull)
        .addColumn('code_hash', 'text', notNull)
        .addColumn('expires_at', 'text', notNull)
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('consumed_at', 'text')
        .addColumn('created_at', 'text', notNull)
        .execute();
      await db.schema.createIndex('one_time_codes_user').on('one_time_codes').columns(['user_id', 'purpose']).execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('scope', 'text', notNull)
        .addColumn('idem_key', 'text', notNull)
        .addColumn('method', 'text', notNull)
        .addColumn('path', 'text', notNull)
        .addColumn('status', 'integer', notNull)
        .addColumn('body', 'text', notNull)
        .addColumn('created_at', 'text', notNull)
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['scope', 'idem_key'])
        .execute();

      await table(db, 'contact_messages')
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('name', 'text', notNull)
        .addColumn('email', 'text', notNull)
        .addColumn('subject', 'text', notNull)
        .addColumn('message', 'text', notNull)
        .addColumn('created_at', 'text', notNull)
        .execute();

      await db.insertInto('counters').values({ name: 'catalogue', value: 0 }).execute();
    },
  };
}
