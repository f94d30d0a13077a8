import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordStatements } from '../support/statements';
import { startTestServer, type TestServer } from '../support/server';

/**
 * readAllOffLoop, the reads a search's page needs together (on PostgreSQL one statement, each
 * read's rows gathered as JSON; on SQLite one message to a reader thread): each read's own rows,
 * in order, with its own parameters, and types as the plain query gives them.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
  await server.deps.db.insertInto('counters').values([{ name: 'read-all-a', value: 7 }, { name: 'read-all-$1', value: 8 }]).execute();
});
afterAll(() => server.close());

describe('readAllOffLoop', () => {
  it('answers each read as executing it alone would', async () => {
    const { db, readAllOffLoop } = server.deps;
    const reads = [
      db.selectFrom('counters').select('value').where('name', '=', 'read-all-a'),
      // A parameter that looks like a placeholder, and a second read with parameters of its own.
      db.selectFrom('counters').select(['name', 'value']).where('name', 'in', ['read-all-$1', 'read-all-a']).where('value', '>', 0).orderBy('name'),
      db.selectFrom('counters').select('value').where('name', '=', 'no such counter'),
      db.selectFrom('counters').select(({ fn }) => [fn.countAll<number>().as('n'), fn.avg<number>('value').as('average')]).where('name', 'like', 'read-all-%'),
    ];
    const alone = await Promise.all(reads.map((read) => read.execute()));
    const together = await readAllOffLoop!(reads.map((read) => read.compile()));
    expect(together).toHaveLength(4);
    expect(together.slice(0, 3)).toEqual(alone.slice(0, 3));
    expect(together[1]).toEqual([{ name: 'read-all-$1', value: 8 }, { name: 'read-all-a', value: 7 }]);
    expect(together[2]).toEqual([]);
    // An average comes back as a number on both databases (toProducts rounds it).
    const [{ n, average }] = together[3] as { n: number | string; average: number | string }[];
    expect([Number(n), Number(average)]).toEqual([2, 7.5]);
    // Nulls, fractions and text as they are.
    const nulls = sql<{ missing: null; half: number; word: string }>`select null as missing, 0.5 as half, 'Akwaaba' as word`.compile(db);
    expect(await readAllOffLoop!([nulls])).toEqual([[{ missing: null, half: 0.5, word: 'Akwaaba' }]]);
  });

  it('fails the whole batch on a bad read, and goes on after', async () => {
    const { db, readAllOffLoop } = server.deps;
    const good = db.selectFrom('counters').select('value').where('name', '=', 'read-all-a').compile();
    await expect(readAllOffLoop!([good, sql`select * from no_such_table`.compile(db)])).rejects.toThrow(/no_such_table/);
    expect(await readAllOffLoop!([good])).toEqual([[{ value: 7 }]]);
    expect(await readAllOffLoop!([])).toEqual([]);
  });
});

describe('a search on PostgreSQL', () => {
  it.runIf(process.env.DATABASE_URL)("reads a page's pictures, ratings and sellers in one statement", async () => {
    const seeded = await startTestServer();
    try {
      const recorded = recordStatements();
      const res = await seeded.call('/products?search=maize&limit=5').finally(() => recorded.stop());
      const body = (await res.json()) as { data: { images: unknown[]; sellerName: string }[] };
      expect(body.data.length).toBeGreaterThan(0);
      expect(body.data.every((product) => product.images.length > 0 && product.sellerName)).toBe(true);
      // One statement where there were three (the search's own statements come before it).
      const extras = recorded.texts.filter((text) => /product_images|reviews|seller_profiles/.test(text));
      expect(extras).toHaveLength(1);
      expect(extras[0]).toMatch(/product_images[\s\S]*reviews[\s\S]*seller_profiles/);
    } finally {
      await seeded.close();
    }
  });
});
