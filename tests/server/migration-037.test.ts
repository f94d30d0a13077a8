import { Migrator, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/platform/db';
import { StaticMigrationProvider } from '../../src/server/platform/db/migrations';

/** 037_transporter_recipients on a database as it was before (SQLite, or PostgreSQL with DATABASE_URL): profiles kept, their recipient empty. */
const dialect = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
let handle: DatabaseHandle | undefined;
afterAll(async () => {
  if (handle?.pgSchema) await handle.db.schema.dropSchema(handle.pgSchema).ifExists().cascade().execute();
  await handle?.close();
});

const migrator = (db: Kysely<any>, before?: string) => {
  const all = new StaticMigrationProvider(dialect);
  const provider = before ? { getMigrations: async () => Object.fromEntries(Object.entries(await all.getMigrations()).filter(([name]) => name < before)) } : all;
  return new Migrator({ db, provider, migrationTableSchema: handle!.pgSchema });
};

describe('037_transporter_recipients on an existing database', () => {
  it("keeps every transporter's profile and wallet, with no recipient yet; one is then kept with the account it was made for", async () => {
    handle = await openDatabase({
      databaseUrl: process.env.DATABASE_URL,
      dataDir: '',
      sqliteFile: ':memory:',
      pgSchema: process.env.DATABASE_URL ? `t_m037_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}` : undefined,
    });
    const db = handle.db as Kysely<any>;
    expect((await migrator(db, '037').migrateToLatest()).error).toBeUndefined();
    const at = new Date().toISOString();
    const { id } = await db
      .insertInto('users')
      .values({ email: 'driver@example.test', password_hash: 'x', first_name: 'Kwame', last_name: 'Driver', phone: null, user_type: 'TRANSPORTER', created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('transporter_profiles')
      .values({ user_id: id, vehicle_type: 'TRUCK', capacity_kg: 5000, plate_number: 'NR-1-26', ghana_card_number: 'GHA-000000001-1', region: 'Northern', payout_network: 'MTN', payout_number: '0244000001', status: 'VERIFIED', created_at: at, updated_at: at })
      .execute();

    const { error, results } = await migrator(db).migrateToLatest();
    expect(error).toBeUndefined();
    expect(results?.map((r) => r.migrationName)).toContain('037_transporter_recipients');
    expect(await db.selectFrom('transporter_profiles').select(['user_id', 'payout_number', 'status', 'payout_recipient_code', 'payout_recipient_for']).execute()).toEqual([
      { user_id: id, payout_number: '0244000001', status: 'VERIFIED', payout_recipient_code: null, payout_recipient_for: null },
    ]);
    await db.updateTable('transporter_profiles').set({ payout_recipient_code: 'RCP_1', payout_recipient_for: 'MOBILE_MONEY|MTN|0244000001|Kwame Driver' }).where('user_id', '=', id).execute();
    expect(await db.selectFrom('transporter_profiles').select('payout_recipient_code').executeTakeFirstOrThrow()).toEqual({ payout_recipient_code: 'RCP_1' });
  });
});
