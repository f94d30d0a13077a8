import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { StaticMigrationProvider } from '../../src/server/platform/db/migrations';

describe('032_staff_and_transporters on an existing SQLite database', () => {
  it('keeps every account as it was (no warehouse), and takes staff and transporter profiles with their foreign keys', async () => {
    const sqlite = new BetterSqlite3(':memory:');
    sqlite.pragma('foreign_keys = ON');
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
    const all = await new StaticMigrationProvider('sqlite').getMigrations();
    const before = { getMigrations: async () => Object.fromEntries(Object.entries(all).filter(([name]) => name < '032')) };
    await new Migrator({ db, provider: before }).migrateToLatest();
    const at = new Date().toISOString();
    const user = { password_hash: 'x', first_name: 'A', last_name: 'B', phone: null, created_at: at, updated_at: at };
    const { id } = await db.insertInto('users').values({ ...user, email: 'a@b.c', user_type: 'CUSTOMER' }).returning('id').executeTakeFirstOrThrow();

    const { error } = await new Migrator({ db, provider: new StaticMigrationProvider('sqlite') }).migrateToLatest();
    expect(error).toBeUndefined();
    expect(await db.selectFrom('users').select(['id', 'email', 'user_type', 'warehouse_id']).execute()).toEqual([{ id, email: 'a@b.c', user_type: 'CUSTOMER', warehouse_id: null }]);
    const warehouse = await db.insertInto('warehouses').values({ name: 'Tamale Depot', address: 'x', region: 'Northern', is_active: 1 }).returning('id').executeTakeFirstOrThrow();
    await db.updateTable('users').set({ user_type: 'WAREHOUSE', warehouse_id: warehouse.id }).where('id', '=', id).execute();
    await expect(db.updateTable('users').set({ warehouse_id: 99_999 }).where('id', '=', id).execute()).rejects.toThrow(/FOREIGN KEY/);
    const profile = { vehicle_type: 'TRUCK', capacity_kg: 5000, plate_number: 'NR-1-26', ghana_card_number: 'GHA-000000001-1', region: null, payout_network: 'MTN', payout_number: '0244000001', created_at: at, updated_at: at };
    await db.insertInto('transporter_profiles').values({ ...profile, user_id: id }).execute();
    expect((await db.selectFrom('transporter_profiles').select(['status', 'verified_at']).executeTakeFirstOrThrow())).toEqual({ status: 'PENDING', verified_at: null });
    await expect(db.insertInto('transporter_profiles').values({ ...profile, user_id: 99_999 }).execute()).rejects.toThrow(/FOREIGN KEY/);
    await db.destroy();
  });
});
