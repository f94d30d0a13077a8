import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { Dialect } from '../index';

type Table = CreateTableBuilder<string, string>;

/**
 * 004_wishlist: saved items.
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
      // "Saved items": one row per user and product; the unique pair makes a repeated save a no-op.
      await table(db, 'wishlist_items')
        .addColumn('user_id', 'integer', ref('users'))
        .addColumn('product_id', 'integer', ref('products'))
        .addColumn('created_at', 'text', notNull)
        .addUniqueConstraint('wishlist_items_one_per_product', ['user_id', 'product_id'])
        .execute();
    },
  };
}
