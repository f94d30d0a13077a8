import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { StaticMigrationProvider } from '../../src/server/platform/db/migrations';

describe('042_check_photos on an existing SQLite database', () => {
  it('adds the photos table (one ref, a real uploader) and a photo to pickup refusals, null for those already there', async () => {
    const sqlite = new BetterSqlite3(':memory:');
    sqlite.pragma('foreign_keys = ON');
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
    const all = await new StaticMigrationProvider('sqlite').getMigrations();
    const before = { getMigrations: async () => Object.fromEntries(Object.entries(all).filter(([name]) => name < '042')) };
    await new Migrator({ db, provider: before }).migrateToLatest();
    const at = new Date().toISOString();
    const { id: userId } = await db.insertInto('users').values({ password_hash: 'x', first_name: 'A', last_name: 'B', phone: null, email: 'a@b.c', user_type: 'WAREHOUSE', created_at: at, updated_at: at }).returning('id').executeTakeFirstOrThrow();
    // Foreign keys off for the old refusal's order and line (they are not what this migration touches).
    sqlite.pragma('foreign_keys = OFF');
    await db.insertInto('pickup_refusals').values({ order_id: 1, order_item_id: 1, warehouse_id: 1, reason: 'Torn bag', refused_by: userId, created_at: at }).execute();
    sqlite.pragma('foreign_keys = ON');

    const { error } = await new Migrator({ db, provider: new StaticMigrationProvider('sqlite') }).migrateToLatest();
    expect(error).toBeUndefined();
    expect(await db.selectFrom('pickup_refusals').select(['reason', 'photo']).execute()).toEqual([{ reason: 'Torn bag', photo: null }]);
    const photo = { ref: '3b241101-e2bb-4255-8caf-4136c566a962', uploaded_by: userId, storage_key: 'products/0123456789abcdef01234567', width: 640, height: 480, created_at: at };
    await db.insertInto('check_photos').values(photo).execute();
    await expect(db.insertInto('check_photos').values({ ...photo, storage_key: 'products/another' }).execute()).rejects.toThrow(/UNIQUE/);
    await expect(db.insertInto('check_photos').values({ ...photo, ref: 'a1b2c3d4-e2bb-4255-8caf-4136c566a962', uploaded_by: 99_999 }).execute()).rejects.toThrow(/FOREIGN KEY/);
    await db.destroy();
  });
});
