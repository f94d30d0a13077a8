import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type DatabaseHandle } from '../../src/server/platform/db';
import { cacheStatements } from '../../src/server/platform/db/statement-cache';

/** The SQLite statement cache (platform/db/statement-cache.ts), on a real better-sqlite3 connection. */
interface T {
  t: { id: Generated<number>; a: string };
}

const opened: { close(): unknown }[] = [];
afterEach(async () => {
  for (const thing of opened.splice(0)) await thing.close();
});

function kyselyOver(max?: number) {
  const sqlite = new BetterSqlite3(':memory:');
  const cache = cacheStatements(sqlite, max);
  const db = new Kysely<T>({ dialect: new SqliteDialect({ database: cache }) });
  opened.push({ close: () => db.destroy() });
  return { db, cache, sqlite };
}

describe('the SQLite statement cache', () => {
  it('prepares a query once and reuses it, with fresh parameters each time', async () => {
    const { db, cache } = kyselyOver();
    await sql`create table t (id integer primary key, a text not null)`.execute(db);
    for (const a of ['x', 'y', 'z']) await db.insertInto('t').values({ a }).execute();
    const before = cache.stats();
    const rows = [];
    for (const id of [1, 2, 3]) rows.push(await db.selectFrom('t').select('a').where('id', '=', id).executeTakeFirst());
    expect(rows).toEqual([{ a: 'x' }, { a: 'y' }, { a: 'z' }]);
    // The insert was prepared once for three rows; the select once for three reads.
    expect(cache.stats().prepared - before.prepared).toBe(1);
    expect(cache.stats().reused).toBeGreaterThanOrEqual(4);
  });

  it('keeps at most its size, dropping the statement used longest ago', () => {
    const sqlite = new BetterSqlite3(':memory:');
    opened.push(sqlite);
    const cache = cacheStatements(sqlite, 2);
    const one = cache.prepare('select 1');
    cache.prepare('select 2');
    expect(cache.prepare('select 1')).toBe(one); // now the newest
    cache.prepare('select 3'); // drops "select 2"
    expect(cache.stats().size).toBe(2);
    expect(cache.prepare('select 1')).toBe(one);
    const prepared = cache.stats().prepared;
    cache.prepare('select 2');
    expect(cache.stats().prepared).toBe(prepared + 1);
  });

  it('starts afresh after a schema change, and a kept query sees the new column', async () => {
    const { db, cache } = kyselyOver();
    await sql`create table t (id integer primary key, a text not null)`.execute(db);
    await db.insertInto('t').values({ a: 'x' }).execute();
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([{ id: 1, a: 'x' }]);
    expect(cache.stats().size).toBeGreaterThan(0);
    await sql`alter table t add column b text`.execute(db);
    expect(cache.stats().size).toBe(0);
    expect(await db.selectFrom('t').selectAll().execute()).toEqual([{ id: 1, a: 'x', b: null }]);
  });

  it('is safe in transactions: a rolled-back or failed statement is reused cleanly', async () => {
    const { db } = kyselyOver();
    await sql`create table t (id integer primary key, a text not null unique)`.execute(db);
    const add = (trx: Kysely<T>, a: string) => trx.insertInto('t').values({ a }).execute();
    await expect(
      db.transaction().execute(async (trx) => {
        await add(trx, 'kept?');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await add(db, 'one');
    // The same cached insert fails on the unique rule inside a transaction, which rolls back...
    await expect(
      db.transaction().execute(async (trx) => {
        await add(trx, 'two');
        await add(trx, 'one');
      }),
    ).rejects.toThrow(/UNIQUE/);
    // ...and the statement still works afterwards, in and out of transactions, at once.
    await Promise.all([add(db, 'three'), db.transaction().execute((trx) => add(trx, 'four')), add(db, 'five')]);
    expect((await db.selectFrom('t').select('a').orderBy('id').execute()).map((r) => r.a)).toEqual(['one', 'three', 'four', 'five']);
  });

  it('never hands out a statement that is still being iterated', () => {
    const sqlite = new BetterSqlite3(':memory:');
    opened.push(sqlite);
    sqlite.exec('create table t (a integer); insert into t values (1), (2), (3);');
    const cache = cacheStatements(sqlite);
    const seen: number[] = [];
    for (const row of cache.prepare('select a from t order by a').iterate([]) as Iterable<{ a: number }>) {
      // The same SQL while the first is mid-way: a second statement, not "this statement is busy".
      seen.push(row.a, (cache.prepare('select a from t order by a').all([]) as unknown[]).length);
    }
    expect(seen).toEqual([1, 3, 2, 3, 3, 3]);
  });

  it('backs the server database: migrations leave it empty, and queries then reuse their statements', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'akuafo-statements-'));
    opened.push({ close: () => rmSync(dir, { recursive: true, force: true }) });
    const handle: DatabaseHandle = await openDatabase({ dataDir: dir });
    opened.unshift({ close: () => handle.close() });
    expect(handle.statements).toBeDefined();
    await migrate(handle);
    expect(handle.statements!.stats().size).toBe(0);
    const read = () => handle.db.selectFrom('warehouses').select('id').where('is_active', '=', 1).execute();
    await read();
    const before = handle.statements!.stats();
    await read();
    expect(handle.statements!.stats().reused).toBe(before.reused + 1);
    // The reader threads keep their own statements and see what this connection wrote.
    await handle.db.insertInto('counters').values({ name: 'statement-cache-test', value: 7 }).execute();
    const query = handle.db.selectFrom('counters').select('value').where('name', '=', 'statement-cache-test').compile();
    expect(await handle.readOffLoop(query)).toEqual([{ value: 7 }]);
    expect(await handle.readOffLoop(query)).toEqual([{ value: 7 }]);
    // Several reads in one message: each one's rows, in order, text, numbers and nulls as they are.
    const text = handle.db.selectFrom('counters').select(['name', 'value']).where('name', '=', 'statement-cache-test').compile();
    const none = handle.db.selectFrom('counters').select('value').where('name', '=', 'no such counter').compile();
    const nulls = sql<{ missing: null; half: number; word: string }>`select null as missing, 0.5 as half, 'Akwaaba' as word`.compile(handle.db);
    expect(await handle.readAllOffLoop([query, text, none, nulls])).toEqual([[{ value: 7 }], [{ name: 'statement-cache-test', value: 7 }], [], [{ missing: null, half: 0.5, word: 'Akwaaba' }]]);
    // A bad statement fails its batch with the database's message, and the reader goes on.
    await expect(handle.readAllOffLoop([query, sql`select * from no_such_table`.compile(handle.db)])).rejects.toThrow(/no such table/);
    expect(await handle.readAllOffLoop([query])).toEqual([[{ value: 7 }]]);
    // They read the file through a mapping (the pages a search walks are not copied into each
    // reader's small cache; issue 25), while the writing connection keeps SQLite's default.
    expect(await handle.readOffLoop(sql`pragma mmap_size`.compile(handle.db))).toEqual([{ mmap_size: 256 * 1024 * 1024 }]);
    expect((await sql<{ mmap_size: number }>`pragma mmap_size`.execute(handle.db)).rows).toEqual([{ mmap_size: 0 }]);
    // On Linux the readers run at nice 10, so the event loop gets a CPU first; the thread that asked keeps its own.
    if (process.platform === 'linux') {
      const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      const tasks = readdirSync('/proc/self/task').map((tid) => niceOf(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8')));
      expect(tasks).toContain(10);
      expect(niceOf(readFileSync('/proc/thread-self/stat', 'utf8'))).toBe(0);
    }
  });
});
