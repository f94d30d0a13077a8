import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/platform/db';
import { StaticMigrationProvider } from '../../src/server/platform/db/migrations';
import { DEMO_ACCOUNTS } from '../../src/server/platform/db/seed';
import { SEED_PRODUCTS } from '../../src/server/platform/db/seed-data';
import { RUN_DIR_VARIABLE, copyPrefix, runIdOf } from '../support/db-templates';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Test servers start from a copy of the run's migrated and seeded template (db-templates.ts).
 * The copies must be what a fresh start makes (every migration run, the demo seeded) and must
 * not share a write. On SQLite always; on PostgreSQL when DATABASE_URL is set (CI's second pass).
 */
const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

async function startOn(databaseUrl: string | undefined): Promise<TestServer> {
  const before = process.env.DATABASE_URL;
  if (databaseUrl) process.env.DATABASE_URL = databaseUrl;
  else delete process.env.DATABASE_URL;
  try {
    const server = await startTestServer();
    servers.push(server);
    return server;
  } finally {
    if (before === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = before;
  }
}

/** A second connection of its own to the server's database, as another process would open it. */
async function openSeparately(server: TestServer): Promise<DatabaseHandle> {
  return openDatabase({ databaseUrl: server.deps.config.databaseUrl, dataDir: server.deps.config.dataDir, sqliteReaders: 0 });
}

const dialects = [
  { name: 'SQLite', url: undefined },
  { name: 'PostgreSQL', url: process.env.DATABASE_URL || undefined },
] as const;

describe.each(dialects)('test databases copied from the run template on $name', ({ name, url }) => {
  const runs = name === 'SQLite' || Boolean(url);

  it.runIf(runs)('a copy has every migration and the demo seed, from the template the run made once', async () => {
    const server = await startOn(url);
    const runDir = process.env[RUN_DIR_VARIABLE];
    expect(runDir, 'the server projects set a run folder (tests/support/db-run.ts)').toBeTruthy();
    expect(existsSync(join(runDir!, `${url ? 'postgres' : 'sqlite'}-demo.ready`))).toBe(true);
    if (url) expect(server.deps.config.databaseUrl).toContain(`/${copyPrefix(url, runIdOf(runDir!))}`);
    else expect(server.deps.config.databaseUrl).toBeUndefined();

    const migrations = Object.keys(await new StaticMigrationProvider(server.deps.dialect).getMigrations());
    const ran = await server.deps.db.selectFrom('kysely_migration' as never).select('name' as never).execute();
    expect((ran as { name: string }[]).map((r) => r.name).sort()).toEqual(migrations.sort());

    const products = await server.deps.db.selectFrom('products').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(products.n)).toBe(SEED_PRODUCTS.length);
    const customer = await server.deps.db.selectFrom('users').select('email').where('email', '=', DEMO_ACCOUNTS.customer.email).executeTakeFirst();
    expect(customer?.email).toBe(DEMO_ACCOUNTS.customer.email);
    // The copy answers through the app like a freshly seeded server.
    const listed = await server.call('/products?limit=2');
    expect(listed.status).toBe(200);
  });

  it.runIf(runs)('two copies are independent: a write in one is in neither the other nor the next copy', async () => {
    const first = await startOn(url);
    const second = await startOn(url);
    expect(first.deps.config.databaseUrl ?? first.deps.config.dataDir).not.toBe(second.deps.config.databaseUrl ?? second.deps.config.dataDir);
    const countOf = async (server: TestServer) =>
      Number((await server.deps.db.selectFrom('warehouses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const seeded = await countOf(first);
    await first.deps.db.insertInto('warehouses').values({ name: 'Only in the first copy', address: 'Tamale', region: 'Northern', is_active: 1 }).execute();

    expect(await countOf(first)).toBe(seeded + 1);
    expect(await countOf(second)).toBe(seeded);
    // A connection of its own to the second copy (not the server's) sees the same.
    const separate = await openSeparately(second);
    try {
      const names = await separate.db.selectFrom('warehouses').select('name').execute();
      expect(names.map((w) => w.name)).not.toContain('Only in the first copy');
    } finally {
      await separate.close();
    }
    const startedAt = new Date().toISOString();
    const third = await startOn(url);
    expect(await countOf(third)).toBe(seeded);
    // Its migrations ran before it started (in the template), not during its start.
    const ran = (await third.deps.db.selectFrom('kysely_migration' as never).select('timestamp' as never).execute()) as { timestamp: string }[];
    expect(ran.length).toBeGreaterThan(0);
    for (const { timestamp } of ran) expect(timestamp < startedAt, `${timestamp} before ${startedAt}`).toBe(true);
  });
});
