import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SQLITE_READERS, loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/platform/db';

const dataDir = mkdtempSync(join(tmpdir(), 'akuafo-readers-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Issue 38.6: the SQLite reader threads are a setting (each costs memory: docs/performance.md). */
describe('SQLITE_READERS', () => {
  it('defaults to two, takes 0 to 16, and refuses anything else naming the setting', () => {
    expect(DEFAULT_SQLITE_READERS).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir }).sqliteReaders).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir, SQLITE_READERS: '0' }).sqliteReaders).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir, SQLITE_READERS: '1' }).sqliteReaders).toBe(1);
    for (const bad of ['-1', '1.5', 'two', '17']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, SQLITE_READERS: bad })).toThrow(/SQLITE_READERS must be a whole number from 0 to 16/);
    }
  });

  it('reads off the loop on a file with readers, and on the main connection with none', async () => {
    for (const sqliteReaders of [0, 1]) {
      const handle = await openDatabase({ dataDir, sqliteFile: `readers-${sqliteReaders}.sqlite`, sqliteReaders });
      try {
        await sql`create table t (n integer)`.execute(handle.db);
        await sql`insert into t values (1), (2)`.execute(handle.db);
        const query = sql<{ n: number }>`select n from t order by n`.compile(handle.db);
        expect(await handle.readOffLoop<{ n: number }>(query)).toEqual([{ n: 1 }, { n: 2 }]);
        expect(await handle.readAllOffLoop([query, query])).toEqual([[{ n: 1 }, { n: 2 }], [{ n: 1 }, { n: 2 }]]);
      } finally {
        await handle.close();
      }
    }
  });
});
