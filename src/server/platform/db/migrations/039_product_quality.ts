import { sql, type Kysely, type Migration } from 'kysely';
import type { Dialect } from '../index';

/**
 * 039_product_quality (issue 41 item 4, docs/quality.md): each listing's quality record, kept on
 * its row when a check is written (the products list reads a million listings: no join per
 * request). A lot is an order line: `quality_checked_lots` counts the listing's lines with a
 * check, `quality_passed_lots` those whose latest check passed; the `quality_last_*` columns
 * describe the newest check (its grade, moisture and the warehouse's town). No listing has a
 * check yet, so every row starts at 0 and null: nothing for phones' mirrors to pull (no
 * catalogue version taken).
 */
export function migration(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<any>) {
      const pct = dialect === 'postgres' ? 'double precision' : 'real';
      await db.schema.alterTable('products').addColumn('quality_checked_lots', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('products').addColumn('quality_passed_lots', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('products').addColumn('quality_last_grade', 'text').execute();
      await db.schema.alterTable('products').addColumn('quality_last_moisture_pct', pct).execute();
      await db.schema.alterTable('products').addColumn('quality_last_town', 'text').execute();
      // ?checked=true walks this small index (the listings with a check), not the million rows.
      // is_active leads as in products_listed_created, so SQLite's planner, which has no
      // statistics, picks this one for "listed and checked" (the list's query says both).
      await db.schema.createIndex('products_checked').on('products').columns(['is_active', 'created_at', 'id']).where(sql.ref('quality_checked_lots'), '>', 0).execute();
    },
  };
}
