import { sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueService } from '../../src/server/modules/catalogue/service';
import { generateCatalogue } from '../../src/server/platform/db/generate-catalogue';
import { toMinor } from '../../src/shared/money';
import { paginate } from '../../src/shared/pagination';
import { productQuerySchema, type ProductQuery } from '../../src/shared/schemas/catalogue';
import { parseWith } from '../../src/shared/schemas/parse';
import { searchWords, wordSpellings, namesEveryWord } from '../../src/shared/search';
import { startTestServer, type TestServer } from '../support/server';
import { recordedCatalogue } from '../support/statements';

/**
 * Issue 25: a search's page and count are planned by how common its words are (one statement
 * for a counted search; a walk of the sort order's index for a broad one). Whatever the plan,
 * the answer must be the one the plain query gives: every word a substring of the haystack,
 * ORDER BY the sort key then id, LIMIT/OFFSET, counted exactly up to the bound. Both plans are
 * reached on a small catalogue by giving the service a small bound. SQLite, and PostgreSQL with
 * DATABASE_URL.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
  await generateCatalogue(server.deps, server.deps.storage, 3_000);
}, 120_000);
afterAll(() => server.close());

const parse = (input: Record<string, string>): ProductQuery => {
  const parsed = parseWith(productQuerySchema, input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

/** The plain query (the meaning, not a plan): a LIKE per word (any of its spellings: a crop's Twi name), an exact count, a sorted page. */
async function plainAnswer(query: ProductQuery, bound: number) {
  const { db, dialect } = server.deps;
  let base = db.selectFrom('products').where('is_active', '=', 1);
  for (const word of searchWords(query.search)) {
    const like = (spelling: string) => sql<boolean>`lower(name || ' ' || category || ' ' || description) like ${`%${spelling.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`} escape '\\'`;
    base = base.where(sql<boolean>`(${sql.join(wordSpellings(word).map(like), sql` or `)})`);
  }
  if (query.category) base = base.where('category', '=', query.category);
  if (query.location) base = base.where('region', '=', query.location);
  if (query.maxPrice !== undefined) base = base.where('price_minor', '<=', toMinor(query.maxPrice));
  const sortKey = query.sortBy === 'price' ? sql`price_minor` : query.sortBy === 'name' ? (dialect === 'postgres' ? sql`lower(name) collate "C"` : sql`lower(name)`) : sql`created_at`;
  const { n } = await base.select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const words = searchWords(query.search);
  if (query.sortBy === 'relevance' && words.length > 0) {
    // Relevance: names holding every word at a word's start, then the others, each newest first (shared/search.ts).
    const all = await base.select(['id', 'name', 'created_at']).execute();
    const rank = (p: { name: string }) => (namesEveryWord(p.name, words) ? 0 : 1);
    all.sort((a, b) => rank(a) - rank(b) || (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id));
    const start = (query.page - 1) * query.limit;
    return { ids: all.slice(start, start + query.limit).map((r) => r.id), pagination: paginate(query.page, query.limit, Number(n), bound), exact: Number(n) };
  }
  const dir = query.sortBy === 'relevance' ? 'desc' : query.sortDir;
  const rows = await base.select('id').orderBy(sortKey, dir).orderBy('id', dir).limit(query.limit).offset((query.page - 1) * query.limit).execute();
  return { ids: rows.map((r) => r.id), pagination: paginate(query.page, query.limit, Number(n), bound), exact: Number(n) };
}

const SEARCHES = ['fresh', 'organic', 'maize', 'region', 'fowl', 'maize fresh', 'rice kg', 'yam a', 'grade a', 'ashanti goat', 'pepper', 'zzq', 'aburow', 'bayere fresh'];
const SORTS: Record<string, string>[] = [{}, { sortBy: 'price', sortDir: 'asc' }, { sortBy: 'price', sortDir: 'desc' }, { sortBy: 'name', sortDir: 'asc' }, { sortBy: 'name', sortDir: 'desc' }, { sortBy: 'createdAt', sortDir: 'asc' }];
const MORE: Record<string, string>[] = [{ page: '1' }, { page: '2', limit: '7' }, { page: '4' }, { page: '60' }, { category: 'Grains' }, { location: 'Ashanti', page: '2', limit: '5' }, { maxPrice: '150' }];

async function answersOf(bound: number) {
  const { service, statements } = recordedCatalogue(server.deps, bound);
  let broad = 0;
  let compared = 0;
  for (const search of SEARCHES)
    for (const sort of SORTS)
      for (const more of MORE) {
        const query = parse({ search, ...sort, ...more });
        const expected = await plainAnswer(query, bound);
        statements.length = 0;
        const page = await service.listProducts(query);
        const label = JSON.stringify({ search, ...sort, ...more });
        expect(page.data.map((p) => p.id), label).toEqual(expected.ids);
        expect(page.pagination, label).toEqual(expected.pagination);
        if (expected.exact > bound) broad += 1;
        if (expected.ids.length > 0) compared += 1;
        // A counted search is one statement with its count, also for a page past its end. On
        // PostgreSQL the words' tokens are looked up first (search-terms.ts); a word no token
        // holds ends the search there.
        const afterTokens = server.deps.dialect === 'postgres' && /search_vocabulary/.test(statements[0]?.sql ?? '') ? statements.slice(1) : statements;
        if (expected.exact <= bound && !(expected.exact === 0 && afterTokens.length === 0)) expect(afterTokens, label).toHaveLength(1);
      }
  return { broad, compared };
}

describe('a search gives the plain query\'s items, order and pages, whatever its plan', () => {
  it('counted searches: page and count from one statement', async () => {
    const { broad, compared } = await answersOf(10_000);
    expect(broad).toBe(0);
    expect(compared).toBeGreaterThan(300);
  }, 120_000);

  it('broad searches (more matches than the bound): the page sought up to the sample page\'s last key', async () => {
    const { broad, compared } = await answersOf(60);
    expect(broad).toBeGreaterThan(100);
    expect(compared).toBeGreaterThan(300);
  }, 120_000);

  it("a search's page lookups (pictures, ratings, sellers) are read together, in one call off the event loop (SQLite)", async () => {
    const batches: string[][] = [];
    const readAll = async (queries: readonly CompiledQuery[]) => {
      batches.push(queries.map((query) => query.sql));
      return server.deps.readAllOffLoop!(queries);
    };
    const service = createCatalogueService(server.deps.db, server.deps.dialect, server.deps.readOffLoop, 10_000, readAll);
    const page = await service.listProducts(parse({ search: 'maize', limit: '5' }));
    expect(page.data.length).toBeGreaterThan(0);
    // PostgreSQL's terms search reads them in its page's own statement (tests/server/read-all.test.ts).
    if (server.deps.dialect === 'postgres') return expect(batches).toHaveLength(0);
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(3);
    expect(batches[0].join('\n')).toMatch(/product_images[\s\S]*reviews[\s\S]*users/);
    // The same products as the lookups on the server's own connection give.
    const plain = createCatalogueService(server.deps.db, server.deps.dialect, server.deps.readOffLoop, 10_000);
    expect(page).toEqual(await plain.listProducts(parse({ search: 'maize', limit: '5' })));
  });

  it("a counted search's matches are taken once and counted, its page picked by a top-N sort: no window function ranks every match (SQLite)", async () => {
    // PostgreSQL keeps the ranking statement: the top-N form measured the same at a million.
    if (server.deps.dialect !== 'sqlite') return;
    const { service, statements } = recordedCatalogue(server.deps, 10_000);
    // A crop's Twi name ("aburow": aburow or maize) is one index lookup too.
    for (const [search, sort] of ['fresh', 'aburow'].flatMap((word) => ([{ sortBy: 'name', sortDir: 'asc' }, { sortBy: 'price', sortDir: 'desc' }, {}] as Record<string, string>[]).map((order) => [word, order] as const))) {
      statements.length = 0;
      const page = await service.listProducts(parse({ search, page: '2', limit: '5', ...sort }));
      expect(page.data).toHaveLength(5);
      expect(statements).toHaveLength(1);
      const plan = await server.deps.db.executeQuery<{ detail: string }>({ ...statements[0], sql: `explain query plan ${statements[0].sql}` });
      const text = plan.rows.map((r) => r.detail).join('\n');
      const label = `${search} ${JSON.stringify(sort)}\n${text}`;
      expect(text, label).toMatch(/MATERIALIZE hits/);
      expect(text.match(/SCAN products_search/g), label).toHaveLength(1);
      // The window functions ran as co-routines over a subquery of every match.
      expect(text, label).not.toMatch(/CO-ROUTINE \(subquery/);
    }
  });

  it("a broad search's page stops walking the sort order's index when full: no sort of every match", async () => {
    if (server.deps.dialect !== 'sqlite') return; // PostgreSQL's planner picks its own walk (scale-plans.test.ts checks it uses an index).
    const { service, statements } = recordedCatalogue(server.deps, 60);
    for (const sort of [{ sortBy: 'price', sortDir: 'asc' }, { sortBy: 'createdAt', sortDir: 'desc' }]) {
      statements.length = 0;
      await service.listProducts(parse({ search: 'fresh', page: '3', ...sort }));
      expect(statements).toHaveLength(2);
      const plan = await server.deps.db.executeQuery<{ detail: string }>({ ...statements[1], sql: `explain query plan ${statements[1].sql}` });
      const text = plan.rows.map((r) => r.detail).join('\n');
      expect(text, JSON.stringify(sort)).toMatch(/SCAN products USING INDEX products_listed_(price|created)|SEARCH products USING (COVERING )?INDEX products_listed_(price|created)/);
      expect(text, JSON.stringify(sort)).not.toContain('USE TEMP B-TREE FOR ORDER BY');
    }
  });
});
