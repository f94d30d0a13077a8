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

describe('a page of products on PostgreSQL', () => {
  it.runIf(process.env.DATABASE_URL)("reads its pictures, ratings and sellers in the search's own statement, or in one more when browsing", async () => {
    const seeded = await startTestServer();
    try {
      const pageOf = async (query: string) => {
        const recorded = recordStatements();
        const res = await seeded.call(`/products?${query}`).finally(() => recorded.stop());
        const body = (await res.json()) as { data: { images: unknown[]; sellerName: string; rating: { count: number } }[] };
        expect(body.data.length).toBeGreaterThan(0);
        expect(body.data.every((product) => product.images.length > 0 && product.sellerName && product.sellerName !== 'Akuafo seller')).toBe(true);
        return { texts: recorded.texts.filter((text) => /product_images|reviews|seller_profiles/.test(text)), body };
      };
      // A search: the page's statement reads them too (search-terms.ts), no statement after it.
      const search = await pageOf('search=maize&limit=5');
      expect(search.texts).toHaveLength(1);
      expect(search.texts[0]).toMatch(/product_terms[\s\S]*product_images[\s\S]*reviews[\s\S]*seller_profiles/);
      // Browsing: one statement for all three (readAllOffLoop), where there were three.
      const browse = await pageOf('category=Grains&limit=5');
      expect(browse.texts).toHaveLength(1);
      expect(browse.texts[0]).not.toMatch(/product_terms/);
      expect(browse.texts[0]).toMatch(/product_images[\s\S]*reviews[\s\S]*seller_profiles/);
      // The same products either way: what a search's page carries is what toProducts reads.
      const both = await pageOf('search=maize&category=Grains&limit=5&sortBy=name&sortDir=asc');
      const plain = await pageOf('category=Grains&limit=100&sortBy=name&sortDir=asc');
      for (const product of both.body.data) expect(plain.body.data).toContainEqual(product);
      expect(both.body.data.some((product) => product.rating.count > 0)).toBe(true);
    } finally {
      await seeded.close();
    }
  });
});
