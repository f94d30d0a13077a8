import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/shared/schemas/catalogue';
import { productQuerySchema } from '../../src/shared/schemas/catalogue';
import { parseWith } from '../../src/shared/schemas/parse';
import { nameWordsText, namesEveryWord } from '../../src/shared/search';
import { recordedCatalogue } from '../support/statements';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 37 ("yam" ranks cocoyam leaves first): with the default order, "relevance", a listing
 * whose name has the word at the start of one of its words ("Puna Yam", "Yam tubers") comes
 * before one that holds it only inside a word ("Cocoyam"), each rank newest first; an explicit
 * order (price, newest) keeps its own. SQLite, and PostgreSQL with DATABASE_URL (its exact-terms
 * path; search-terms.test.ts and search-plans.test.ts hold every plan against the plain answer).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const listed = async (query: string) => {
  const res = await server.call(`/products?${query}`);
  expect(res.status, query).toBe(200);
  return ((await res.json()) as { data: Product[] }).data;
};
const names = async (query: string) => (await listed(query)).map((p) => p.name);

/** Index of the last whole-word name and of the first part-of-a-word one. */
function ranks(found: string[], word: string) {
  const whole = found.map((name, i) => (namesEveryWord(name, [word]) ? i : -1)).filter((i) => i >= 0);
  const part = found.map((name, i) => (namesEveryWord(name, [word]) ? -1 : i)).filter((i) => i >= 0);
  return { whole, part };
}

describe('search relevance', () => {
  it('the rule: a word at the start of a name word, not inside one', () => {
    expect(namesEveryWord('Puna Yam (medium tuber)', ['yam'])).toBe(true);
    expect(namesEveryWord('Yam tubers', ['yam'])).toBe(true);
    expect(namesEveryWord('Yams, fresh', ['yam'])).toBe(true);
    expect(namesEveryWord('Cocoyam (medium basket)', ['yam'])).toBe(false);
    expect(namesEveryWord('Cocoyam leaves (kontomire)', ['yam'])).toBe(false);
    expect(namesEveryWord('Fresh (yam) tubers', ['yam'])).toBe(true);
    // Twi: bayerɛ stands for yam (shared/search.ts wordSpellings).
    expect(namesEveryWord('Water Yam (tuber)', ['bayerɛ'])).toBe(true);
  });

  it('"yam" lists every yam before any cocoyam, by default and with sortBy=relevance', async () => {
    // A cocoyam listed after every yam: newest first alone would put it on top.
    const { db } = server.deps;
    const cocoyam = await db.selectFrom('products').select('id').where('name', 'like', 'Cocoyam%').where('is_active', '=', 1).executeTakeFirstOrThrow();
    await db.updateTable('products').set({ created_at: '2099-01-01T00:00:00.000Z', description: 'Cocoyam, fresh from the farm' }).where('id', '=', cocoyam.id).execute();
    await db.updateTable('products').set({ name: 'Yam tubers, Kintampo' }).where('id', '=', (await db.selectFrom('products').select('id').where('name', 'like', '%Water Yam%').executeTakeFirstOrThrow()).id).execute();
    // Written before any search is asked, so no cached answer predates it.
    for (const query of ['search=yam&limit=100', 'search=YAM&sortBy=relevance&limit=100', 'search=bayerɛ&limit=100', 'search=yam&sortBy=relevance&sortDir=asc&limit=100']) {
      const found = await names(query);
      const { whole, part } = ranks(found, 'yam');
      expect(whole.length, query).toBeGreaterThan(0);
      expect(part.length, query).toBeGreaterThan(0);
      expect(Math.max(...whole), query).toBeLessThan(Math.min(...part));
    }
  });

  it('pages of the relevance order join into the one list, with the same count', async () => {
    const all = await listed('search=yam&limit=100');
    const paged: number[] = [];
    let total = 0;
    for (let page = 1; page <= Math.ceil(all.length / 2); page += 1) {
      const res = await server.call(`/products?search=yam&limit=2&page=${page}`);
      const body = (await res.json()) as { data: Product[]; pagination: { totalCount: number } };
      paged.push(...body.data.map((p) => p.id));
      total = body.pagination.totalCount;
    }
    expect(paged).toEqual(all.map((p) => p.id));
    expect(total).toBe(all.length);
  });

  it('an explicit order keeps its own: price, newest', async () => {
    const byPrice = await listed('search=yam&sortBy=price&sortDir=asc&limit=100');
    const prices = byPrice.map((p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const newest = await listed('search=yam&sortBy=createdAt&sortDir=desc&limit=100');
    const times = newest.map((p) => p.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    // Newest first here puts the cocoyam listed last (2099) on top: the order asked for, not the rank.
    expect(newest[0].name).toMatch(/^Cocoyam/);
  });

  it('without a search word, relevance is newest first', async () => {
    const plain = await listed('limit=30');
    const newest = await listed('sortBy=createdAt&sortDir=desc&limit=30');
    expect(plain.map((p) => p.id)).toEqual(newest.map((p) => p.id));
  });

  it('odd input is a search like any other: no crash, no SQL read as syntax', async () => {
    for (const search of ['%', '_', "'", '"yam"', 'yam)', '((((', "yam' or 1=1 --", '\\', 'yam%', ' y_m ', 'ɛɔ', '🍠 yam', 'x'.repeat(100), 'a b c d e f g h', '-yam', 'yam,']) {
      const res = await server.call(`/products?search=${encodeURIComponent(search)}`);
      expect(res.status, search).toBe(200);
    }
    // "%" is a character, not a wildcard: only listings that write it are found.
    const percent = await listed('search=%25&limit=100');
    expect(percent.length).toBeGreaterThan(0);
    for (const p of percent) expect(`${p.name} ${p.description}`).toContain('%');
    expect(await names('search=y_m')).toEqual([]);
    const bad = await server.call('/products?search=yam&sortBy=relevancy');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fieldErrors: Record<string, string> }).fieldErrors.sortBy).toBe('sortBy must be relevance, createdAt, price or name');
  });

  it('a broad search whose sample page ends in the first rank: the page sought newest first within the rank, in two statements, as a broad newest-first search', async () => {
    const parse = (query: Record<string, string>) => {
      const parsed = parseWith(productQuerySchema, query);
      if (!parsed.ok) throw new Error('bad query');
      return parsed.value;
    };
    // A bound of 10 makes "bag" broad here (26 matches, 18 with "bag" as a name's word); the counted service (bound 10,000) is the reference.
    const broad = recordedCatalogue(server.deps, 10);
    const counted = recordedCatalogue(server.deps, 10_000);
    for (const more of [{ page: '1', limit: '5' }, { page: '2', limit: '3' }, { page: '3', limit: '2' }]) {
      const query = parse({ search: 'bag', ...more });
      broad.statements.length = 0;
      const page = await broad.service.listProducts(query);
      const reference = await counted.service.listProducts(query);
      expect(page.data.map((p) => p.id), JSON.stringify(more)).toEqual(reference.data.map((p) => p.id));
      expect(page.data.length).toBe(Number(more.limit));
      for (const p of page.data) expect(namesEveryWord(p.name, ['bag']), p.name).toBe(true);
      // PostgreSQL looks the word's tokens up first (search-terms.ts), unless kept from before.
      const asked = broad.statements.filter((statement) => !/search_vocabulary where term like/.test(statement.sql));
      expect(asked, JSON.stringify(more)).toHaveLength(2);
      if (server.deps.dialect !== 'sqlite') continue;
      // The second walks the creation order's index and stops when the page is full: no sort of every match.
      const plan = await server.deps.db.executeQuery<{ detail: string }>({ ...asked[1], sql: `explain query plan ${asked[1].sql}` });
      const text = plan.rows.map((r) => r.detail).join('\n');
      expect(text).toMatch(/products_listed_(category|created)/);
      expect(text).not.toContain('USE TEMP B-TREE FOR ORDER BY');
    }
  });

  it("SQLite keeps each name's words stored (migration 043): backfilled, and written with every new or renamed listing", async () => {
    if (server.deps.dialect !== 'sqlite') return;
    const { db } = server.deps;
    const stored = async () => (await db.executeQuery<{ id: number; name: string; name_words: string | null }>({ sql: 'select id, name, name_words from products', parameters: [], query: undefined as never, queryId: undefined as never })).rows;
    const before = await stored();
    expect(before.length).toBeGreaterThan(10);
    for (const row of before) expect(row.name_words, row.name).toBe(nameWordsText(row.name));
    const one = before[0];
    await db.updateTable('products').set({ name: 'Puna-Yam (Kintampo), "fresh"' }).where('id', '=', one.id).execute();
    const { id: _id, ...copy } = await db.selectFrom('products').selectAll().where('id', '=', one.id).executeTakeFirstOrThrow();
    const made = await db.insertInto('products').values({ ...copy, name: 'YAM/cassava mix' } as never).returning('id').executeTakeFirstOrThrow();
    const after = new Map((await stored()).map((row) => [row.id, row.name_words]));
    expect(after.get(one.id)).toBe(' puna yam  kintampo    fresh ');
    expect(after.get(made.id)).toBe(' yam cassava mix');
    await db.updateTable('products').set({ stock_quantity: 3 }).where('id', '=', made.id).execute();
    expect((await stored()).find((row) => row.id === made.id)!.name_words).toBe(' yam cassava mix');
    await db.deleteFrom('products').where('id', '=', made.id).execute();
    await db.updateTable('products').set({ name: one.name }).where('id', '=', one.id).execute();
  });

  it('the server ranks as the rule does, also for words with punctuation or regex and LIKE characters', async () => {
    // Each list must hold every name the rule puts first before any it puts second (shared/search.ts namesEveryWord).
    for (const search of ['yam', 'yam)', '(yam', 'puna-yam', 'cocoyam', 'ya', 'kg', 'bag kg', 'y.m', 'yam*', 'a|b', 'bayerɛ', 'aburow']) {
      const found = await names(`search=${encodeURIComponent(search)}&limit=100`);
      const words = search.split(' ');
      const ranks = found.map((name) => (namesEveryWord(name, words) ? 0 : 1));
      expect(ranks, search).toEqual([...ranks].sort((a, b) => a - b));
    }
  });
});
