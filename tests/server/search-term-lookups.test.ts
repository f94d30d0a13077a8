import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTermLookups } from '../../src/server/modules/catalogue/term-lookups';
import { nextCatalogueVersion } from '../../src/server/platform/db/catalogue-versions';
import { recordStatements } from '../support/statements';
import { startTestServer, type TestServer } from '../support/server';

/**
 * PostgreSQL keeps a word's vocabulary lookup per catalogue head (term-lookups.ts): asked
 * again at the same head, a word costs no lookup; a listing that brings a new term holding
 * the word moves the head, and the next search finds it.
 */
let server: TestServer;
beforeAll(async () => {
  if (process.env.DATABASE_URL) server = await startTestServer();
});
afterAll(() => server?.close());

const lookupsOf = (texts: string[]) => texts.filter((text) => text.includes('search_vocabulary')).length;
const idsFound = async (query: string) => ((await (await server.call(`/products?${query}`)).json()) as { data: { id: number }[] }).data.map((p) => p.id);

describe.runIf(process.env.DATABASE_URL)('word lookups kept per catalogue head (PostgreSQL)', () => {
  it('asks the vocabulary once for a word at one head, and again after a listing brings a new term', async () => {
    const first = recordStatements();
    const before = await idsFound('search=maize&limit=100').finally(() => first.stop());
    expect(before.length).toBeGreaterThan(0);
    expect(lookupsOf(first.texts)).toBe(1);

    // Other pages, sorts and filters of the same word: distinct answers, no lookup of "maize".
    const again = recordStatements();
    await idsFound('search=maize&limit=2&page=2').finally(() => again.stop());
    await idsFound('search=maize&sortBy=price&sortDir=asc').finally(() => again.stop());
    expect(lookupsOf(again.texts)).toBe(0);

    // A listing renamed to a word no listing held, that holds "maize": a new vocabulary term.
    const renamed = (await server.deps.db.selectFrom('products').select('id').where('is_active', '=', 1).where('id', 'not in', before).orderBy('id').executeTakeFirstOrThrow()).id;
    await server.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ name: 'Supermaizeflour from Techiman', version: await nextCatalogueVersion(trx) }).where('id', '=', renamed).execute();
    });
    const after = recordStatements();
    const found = await idsFound('search=maize&limit=100').finally(() => after.stop());
    expect(lookupsOf(after.texts)).toBe(1);
    expect(found).toContain(renamed);
    expect(found.length).toBe(before.length + 1);
  });
});

describe('createTermLookups', () => {
  it('forgets at a new head, ignores a lookup that finished after the head moved, and holds a bounded number of ids', () => {
    const lookups = createTermLookups();
    const old = lookups.at('1.0.0.1');
    old.set('w:%maize%', [1, 2]);
    expect(lookups.at('1.0.0.1').get('w:%maize%')).toEqual([1, 2]);
    const now = lookups.at('2.0.0.1');
    expect(now.get('w:%maize%')).toBeUndefined();
    old.set('w:%rice%', [3]);
    expect(now.get('w:%rice%')).toBeUndefined();
    // Words by the thousand: the kept ids stay under the bound (100,000).
    for (let i = 0; i < 3_000; i++) now.set(`w:%word${i}%`, Array.from({ length: 50 }, (_, n) => n));
    const kept = Array.from({ length: 3_000 }, (_, i) => now.get(`w:%word${i}%`)).filter(Boolean).length;
    expect(kept * 50).toBeLessThanOrEqual(100_000);
    expect(now.get('w:%word2999%')).toHaveLength(50);
    // Words no listing holds keep an empty entry each: their number is bounded too.
    for (let i = 0; i < 250_000; i++) now.set(`w:%nosuch${i}%`, []);
    const empty = Array.from({ length: 250_000 }, (_, i) => now.get(`w:%nosuch${i}%`)).filter(Boolean).length;
    expect(empty).toBeLessThanOrEqual(100_000);
    expect(now.get('w:%nosuch249999%')).toEqual([]);
  });
});
