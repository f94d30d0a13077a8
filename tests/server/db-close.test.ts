import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/platform/db';

const url = process.env.DATABASE_URL || undefined;

describe.runIf(url)('closing a PostgreSQL database that was never queried', () => {
  it('ends its pool at once: no connection is left for the idle timeout to end', async () => {
    // The schema is made on a connection of the pool's own, outside Kysely: Kysely alone never
    // ended such a pool, and its idle connection held the process for 10 s.
    const schema = `close_${process.pid}_${Date.now().toString(36)}`;
    const handle = await openDatabase({ databaseUrl: url, dataDir: '', pgSchema: schema });
    expect(handle.poolStats!().total).toBe(1);
    const started = Date.now();
    await handle.close();
    expect(handle.poolStats!()).toEqual({ total: 0, idle: 0, waiting: 0 });
    expect(Date.now() - started).toBeLessThan(2_000);
    const cleanup = await openDatabase({ databaseUrl: url, dataDir: '' });
    await cleanup.db.schema.dropSchema(schema).ifExists().cascade().execute();
    await cleanup.close();
  });

  it('ends a pool that never opened a connection, and one that ran queries, each once', async () => {
    const unused = await openDatabase({ databaseUrl: url, dataDir: '' });
    await unused.close();
    expect(unused.poolStats!().total).toBe(0);
    const used = await openDatabase({ databaseUrl: url, dataDir: '' });
    await used.db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
    await used.close();
    expect(used.poolStats!().total).toBe(0);
  });

  it('outlives an idle connection the server ends (a restart, a terminate): the next query opens another', async () => {
    const handle = await openDatabase({ databaseUrl: url, dataDir: '' });
    const pidOf = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(handle.db)).rows[0].pid;
    const first = await pidOf();
    const other = await openDatabase({ databaseUrl: url, dataDir: '' });
    // Unheard, the idle client's error event ended the process (vitest reports it as an error).
    await sql`select pg_terminate_backend(${first})`.execute(other.db);
    await other.close();
    await expect.poll(() => handle.poolStats!().total, { timeout: 5_000 }).toBe(0);
    expect(await pidOf()).not.toBe(first);
    await handle.close();
  });
});
