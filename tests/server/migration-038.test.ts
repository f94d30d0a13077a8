import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { StaticMigrationProvider } from '../../src/server/platform/db/migrations';

describe('038_line_checks and 039_product_quality on an existing SQLite database', () => {
  it('keeps every listing as it was with an empty quality record, lists checked ones from the partial index, and takes checks with their foreign keys', async () => {
    const sqlite = new BetterSqlite3(':memory:');
    sqlite.pragma('foreign_keys = ON');
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
    const all = await new StaticMigrationProvider('sqlite').getMigrations();
    const before = { getMigrations: async () => Object.fromEntries(Object.entries(all).filter(([name]) => name < '038')) };
    await new Migrator({ db, provider: before }).migrateToLatest();
    const at = new Date().toISOString();
    const { id: sellerId } = await db.insertInto('users').values({ password_hash: 'x', first_name: 'A', last_name: 'B', phone: null, email: 'a@b.c', user_type: 'SELLER', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
    const product = { seller_id: sellerId, name: 'White maize', description: 'd', price_minor: 2000, category: 'Grains', condition: 'standard', region: 'Ashanti', stock_quantity: 5, is_active: 1, is_featured: 0, discount_percentage: null, old_price_minor: null, version: 1, created_at: at, updated_at: at };
    const { id: productId } = await db.insertInto('products').values(product).returning('id').executeTakeFirstOrThrow();

    const { error } = await new Migrator({ db, provider: new StaticMigrationProvider('sqlite') }).migrateToLatest();
    expect(error).toBeUndefined();
    expect(await db.selectFrom('products').select(['id', 'name', 'version', 'quality_checked_lots', 'quality_passed_lots', 'quality_last_grade', 'quality_last_moisture_pct', 'quality_last_town']).execute()).toEqual([
      { id: productId, name: 'White maize', version: 1, quality_checked_lots: 0, quality_passed_lots: 0, quality_last_grade: null, quality_last_moisture_pct: null, quality_last_town: null },
    ]);
    // "Listed and checked", as the products list asks it, reads the partial index once the
    // planner has statistics (openSqlite's `pragma optimize` keeps them; here `analyze`).
    for (let i = 0; i < 200; i++) await db.insertInto('products').values({ ...product, name: `Maize ${i}`, quality_checked_lots: i % 50 === 0 ? 1 : 0 }).execute();
    await sql`analyze`.execute(db);
    const plan = sqlite.prepare('explain query plan select * from products where is_active = ? and quality_checked_lots > 0 order by created_at desc, id desc limit 20').all(1) as { detail: string }[];
    expect(plan.map((p) => p.detail).join(' ')).toContain('products_checked');
    // A check names a real line, warehouse and staff account.
    await expect(
      db.insertInto('line_checks').values({ order_id: 99_999, order_item_id: 99_999, warehouse_id: 99_999, staff_user_id: sellerId, result: 'PASS', grade: null, moisture_pct: null, foreign_matter_pct: null, notes: null, photo: null, created_at: at }).execute(),
    ).rejects.toThrow(/FOREIGN KEY/);
    await db.destroy();
  });
});
