import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { StaticMigrationProvider } from '../../src/server/platform/db/migrations';

describe('016_ussd on an existing SQLite database', () => {
  it('lets users.email be NULL and keeps the rows, ids, unique e-mails and cascading foreign keys', async () => {
    const sqlite = new BetterSqlite3(':memory:');
    sqlite.pragma('foreign_keys = ON');
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
    const all = await new StaticMigrationProvider('sqlite').getMigrations();
    const before = { getMigrations: async () => Object.fromEntries(Object.entries(all).filter(([name]) => name < '016')) };
    await new Migrator({ db, provider: before }).migrateToLatest();
    const at = new Date().toISOString();
    const user = { password_hash: 'x', first_name: 'A', last_name: 'B', phone: null, user_type: 'CUSTOMER', created_at: at, updated_at: at };
    const { id } = await db.insertInto('users').values({ ...user, email: 'a@b.c' }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('refresh_tokens').values({ user_id: id, family_id: 'f', token_hash: 'h', expires_at: at, created_at: at }).execute();

    const { error } = await new Migrator({ db, provider: new StaticMigrationProvider('sqlite') }).migrateToLatest();
    expect(error).toBeUndefined();
    expect(await db.selectFrom('users').select(['id', 'email']).execute()).toEqual([{ id, email: 'a@b.c' }]);
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(sqlite.pragma('foreign_key_check')).toEqual([]);
    await db.insertInto('users').values({ ...user, email: null }).execute();
    await db.insertInto('users').values({ ...user, email: null }).execute();
    await expect(db.insertInto('users').values({ ...user, email: 'a@b.c' }).execute()).rejects.toThrow(/UNIQUE/);
    await db.deleteFrom('users').where('id', '=', id).execute();
    expect(await db.selectFrom('refresh_tokens').selectAll().execute()).toEqual([]);
    await db.destroy();
  });
});
