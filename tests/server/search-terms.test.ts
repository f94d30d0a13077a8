import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueService } from '../../src/server/modules/catalogue/service';
import { generateCatalogue } from '../../src/server/platform/db/generate-catalogue';
import { toMinor } from '../../src/shared/money';
import { paginate } from '../../src/shared/pagination';
import { productQuerySchema, type ProductQuery } from '../../src/shared/schemas/catalogue';
import { parseWith } from '../../src/shared/schemas/parse';
import { matchesSearch, searchHaystack, searchWords, namesEveryWord } from '../../src/shared/search';
import { startTestServer, type TestServer } from '../support/server';
import { recordedCatalogue } from '../support/statements';

/**
 * Issue 25: PostgreSQL searches by exact terms (migration 024, search-terms.ts), kept by a
 * trigger on products. Whatever the path, a search must give the plain query's answer (every
 * word a substring of lower(haystack), ORDER BY key then id, exact count up to the bound), in
 * the very next search after any change of a listing, at the edges of the sort keys' buckets,
 * and for hostile words. SQLite (its FTS5 path) must give the same; PostgreSQL with DATABASE_URL.
 */
let server: TestServer;
let ids: number[];
beforeAll(async () => {
  server = await startTestServer({ seed: false });
  await generateCatalogue(server.deps, server.deps.storage, 600);
  ids = (await server.deps.db.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('id').execute()).map((r) => r.id);
}, 120_000);
afterAll(() => server.close());

type Asked = Record<string, string | undefined>;
const parse = (input: Asked): ProductQuery => {
  const parsed = parseWith(productQuerySchema, Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};

async function plainAnswer(query: ProductQuery, bound: number) {
  const { db, dialect } = server.deps;
  // The words matched as the phone's mirror matches them (JavaScript's lower case folds Twi's
  // letters; SQLite's lower() would not), the rest in SQL: the sort order is the database's.
  const words = searchWords(query.search);
  const listed = await db.selectFrom('products').select(['id', 'name', 'category', 'description']).where('is_active', '=', 1).execute();
  const matched = listed.filter((p) => matchesSearch(searchHaystack(p), words)).map((p) => p.id);
  let base = db.selectFrom('products').where('is_active', '=', 1).where('id', 'in', [0, ...matched]);
  if (query.category) base = base.where('category', '=', query.category);
  if (query.condition) base = base.where('condition', '=', query.condition);
  if (query.location) base = base.where('region', '=', query.location);
  if (query.minPrice !== undefined) base = base.where('price_minor', '>=', toMinor(query.minPrice));
  if (query.maxPrice !== undefined) base = base.where('price_minor', '<=', toMinor(query.maxPrice));
  const sortKey = query.sortBy === 'price' ? sql`price_minor` : query.sortBy === 'name' ? (dialect === 'postgres' ? sql`lower(name) collate "C"` : sql`lower(name)`) : sql`created_at`;
  const { n } = await base.select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
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
  return { ids: rows.map((r) => r.id), pagination: paginate(query.page, query.limit, Number(n), bound) };
}

/** Every query with the real bound and with a small one (the broad path), against the plain query. */
async function expectPlain(queries: Asked[], bounds = [10_000, 3]) {
  for (const bound of bounds) {
    const service = createCatalogueService(server.deps.db, server.deps.dialect, server.deps.readOffLoop, bound);
    for (const input of queries) {
      const query = parse(input);
      const page = await service.listProducts(query);
      const expected = await plainAnswer(query, bound);
      const label = JSON.stringify({ bound, ...input });
      expect(page.data.map((p) => p.id), label).toEqual(expected.ids);
      expect(page.pagination, label).toEqual(expected.pagination);
    }
  }
}

const SORTS: Record<string, string>[] = [{}, { sortBy: 'price', sortDir: 'asc' }, { sortBy: 'price', sortDir: 'desc' }, { sortBy: 'name', sortDir: 'asc' }, { sortBy: 'name', sortDir: 'desc' }, { sortBy: 'createdAt', sortDir: 'asc' }];
const everySort = (input: Record<string, string>) => SORTS.flatMap((sort) => [1, 2, 3].map((page) => ({ ...input, ...sort, page: String(page), limit: '4' })));
const setProduct = (id: number, values: Record<string, unknown>) => server.deps.db.updateTable('products').set(values).where('id', '=', id).execute();

describe('search by exact terms (PostgreSQL; SQLite must agree)', () => {
  it('PostgreSQL: the generator leaves product_terms in name order (a search\'s matches on few pages), every listing once', async () => {
    if (server.deps.dialect !== 'postgres') return;
    // Physical order: ctid. The first test below changes listings, so this runs first.
    const rows = (await sql<{ id: number; name_key: string }>`select id, name_key from product_terms order by ctid`.execute(server.deps.db)).rows;
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(ids);
    const inNameOrder = (await sql<{ id: number }>`select id from product_terms order by name_key, id`.execute(server.deps.db)).rows;
    expect(rows.map((r) => r.id)).toEqual(inNameOrder.map((r) => r.id));
  });

  it('a listing renamed, repriced, moved, deactivated, listed again or deleted is found as it is now in the very next search', async () => {
    const [a, b, c] = ids.slice(0, 3);
    await setProduct(a, { name: 'Qwertyfruit Special', description: 'A fruit like no other, qwertyfruit.' });
    await expectPlain([{ search: 'qwertyfruit' }, { search: 'qwertyfr special' }]);
    await setProduct(b, { name: 'Qwertyfruit Basket', price_minor: 1_234 });
    await expectPlain(everySort({ search: 'qwertyfruit' }));
    await setProduct(a, { price_minor: 99_999_00, region: 'Volta', condition: 'organic', category: 'Fruits' });
    await expectPlain([...everySort({ search: 'qwertyfruit' }), { search: 'qwertyfruit', location: 'Volta' }, { search: 'qwertyfruit', location: 'Ashanti' }, { search: 'qwertyfruit', condition: 'organic', category: 'Fruits' }]);
    await setProduct(a, { is_active: 0 });
    await expectPlain([{ search: 'qwertyfruit' }, { search: 'qwertyfruit', location: 'Volta' }]);
    await setProduct(a, { is_active: 1 });
    await expectPlain([{ search: 'qwertyfruit' }]);
    // Renamed away: the old word finds it no more (its token stays in the vocabulary, matching nothing).
    await setProduct(b, { name: 'Plain Basket' });
    await expectPlain([{ search: 'qwertyfruit' }, { search: 'plain basket' }]);
    // A stock change is no search change, and leaves it found.
    await setProduct(a, { stock_quantity: 3 });
    await expectPlain([{ search: 'qwertyfruit' }]);
    await server.deps.db.deleteFrom('products').where('id', '=', c).execute();
    await expectPlain([{ search: 'maize' }, { search: 'fresh', sortBy: 'price', sortDir: 'asc' }]);
  });

  it("PostgreSQL: a listing's terms go straight into the GIN index, leaving no pending list for every search to read (026)", async () => {
    if (server.deps.dialect !== 'postgres') return;
    await setProduct(ids[3], { name: 'Pendingfruit Crate', price_minor: 4_321 });
    await expectPlain([{ search: 'pendingfruit' }]);
    // The number of pending pages it merges: with PostgreSQL's default (fastupdate on) the edit waits there.
    const { rows } = await sql<{ pages: string }>`select gin_clean_pending_list('product_terms_terms') as pages`.execute(server.deps.db);
    expect(Number(rows[0].pages)).toBe(0);
  });

  it('listings given the same new word at once, from separate transactions, are all found (the vocabulary takes the word once)', async () => {
    const burst = ids.slice(60, 100);
    await Promise.all(burst.map((id, i) => server.deps.db.transaction().execute((trx) => trx.updateTable('products').set({ name: `Zyxburst ${i}`, description: `Zyxburst${i % 3} listing.` }).where('id', '=', id).execute())));
    await expectPlain([...everySort({ search: 'zyxburst' }), { search: 'zyxburst1' }, { search: 'zyxburst 2', limit: '50' }]);
    const found = await createCatalogueService(server.deps.db, server.deps.dialect).listProducts(parse({ search: 'zyxburst', limit: '50' }));
    expect(found.pagination.totalCount).toBe(burst.length);
  });

  it('a price filter at the edge of a price bucket stays exact, and pages cross the buckets in order', async () => {
    // Buckets are floor(20 ln price): find an edge and put listings on both sides of it and on it.
    const bucket = (minor: number) => Math.floor(Math.log(minor) * 20);
    let edge = 5_000;
    while (bucket(edge - 1) === bucket(edge)) edge += 1;
    const prices = [edge - 2, edge - 1, edge - 1, edge, edge, edge + 1, edge + 2, edge * 2, Math.floor(edge / 2)];
    const around = ids.slice(10, 10 + prices.length);
    for (const [i, id] of around.entries()) await setProduct(id, { name: `Edgeberry ${i}`, price_minor: prices[i] });
    const cedis = (minor: number) => (minor / 100).toFixed(2);
    await expectPlain([
      ...everySort({ search: 'edgeberry' }),
      ...[edge - 1, edge, edge + 1].flatMap((p) => [{ search: 'edgeberry', minPrice: cedis(p) }, { search: 'edgeberry', maxPrice: cedis(p) }, { search: 'edgeberry', minPrice: cedis(p), maxPrice: cedis(p) }]),
      ...everySort({ search: 'edgeberry', minPrice: cedis(edge - 1), maxPrice: cedis(edge + 1) }),
    ]);
  });

  it('name buckets follow the name order: one letter, shared first letters, letters beyond ASCII', async () => {
    const names = ['A', 'Ab', 'Abc', 'Ac', 'B', 'Ɛkuo', 'Ɔdɔ', 'ab ', 'Zz', '1 bag'];
    const named = ids.slice(30, 30 + names.length);
    for (const [i, id] of named.entries()) await setProduct(id, { name: names[i], description: `Namebucket listing ${i}.` });
    await expectPlain(everySort({ search: 'namebucket' }));
  });

  it('names sharing long beginnings page in name order across the three levels of name buckets (2, 5, 64 characters)', async () => {
    const long = `bulk certified ${'x'.repeat(49)}`; // 64 characters: the finest bucket's length
    const names = [
      'Bulk certified maize seed (50 kg)', 'bulk certified maize seed (50 kg)', 'Bulk certified maize seed (5 kg)', 'Bulk certified maize',
      'Bulk certified', 'Bulk', 'Bulk certified millet', 'Bulk certifies', 'Bulk cert', 'Bulkier', 'Bul', 'Bu',
      long, `${long}b`, `${long}a`, `${long.toUpperCase()}A`, `${long.slice(0, 63)}y`, `${long.slice(0, 63)}w`, 'Bulk certified maize seed (50 kg)',
    ];
    const named = ids.slice(50, 50 + names.length);
    for (const [i, id] of named.entries()) await setProduct(id, { name: names[i], description: `Longshared listing ${i}.` });
    const pages = (sortDir: string) => [1, 2, 3, 4, 5, 6].map((page) => ({ search: 'longshared', sortBy: 'name', sortDir, page: String(page), limit: '3' }));
    // Bounds below the match count but above a page's end: the broad path seeks pages past the first.
    await expectPlain([...pages('asc'), ...pages('desc'), ...pages('asc').map((q) => ({ ...q, search: 'longshared certified' }))], [10_000, 3, 9, 14]);
  });

  it('hostile and unusual words: LIKE characters, quotes, a backslash, very long words, Twi letters, a word in many tokens', async () => {
    const long = 'x'.repeat(450);
    const odd = ids.slice(50, 56);
    await setProduct(odd[0], { description: `Sold at 100% with 5_kg "quoted" it's back\\slash ${long.slice(0, 150)}needle${long.slice(0, 290)}` });
    await setProduct(odd[1], { description: `Ɛnnɛ Ɔbaa aduane ${'y'.repeat(199)}z ${'w'.repeat(301)}` });
    await setProduct(odd[2], { name: 'ƐKUO ƆDƆ', description: 'Twi letters in capitals.' });
    const words = ['%', '_', '100%', '5_kg', '"quoted"', "it's", 'back\\slash', '\\', 'needle', `${'x'.repeat(94)}needle`, `needle${'x'.repeat(94)}`, 'x'.repeat(100), `${'y'.repeat(99)}z`, 'w'.repeat(100), 'ɛnnɛ', 'ƐNNƐ', 'ɔbaa', 'ɛkuo ɔdɔ', 'e', 'a', 'kg', 'a e', 'maize a', "'", '%%', 'ñ'];
    await expectPlain(words.flatMap((search) => [{ search }, { search, sortBy: 'name', sortDir: 'asc', page: '2', limit: '3' }]));
  });

  it("words at punctuation: a plain word looks among the tokens' cores, a word that begins or ends with punctuation among every token", async () => {
    const odd = ids.slice(60, 63);
    await setProduct(odd[0], { description: 'Sold by the (sack). Each sack, 50kg.' });
    await setProduct(odd[1], { description: 'sack sacks; "sackcloth" ...sack... -- . ɛsack,' });
    await setProduct(odd[2], { name: 'Sack-of-rice', description: 'Rice, sacked!' });
    const words = ['sack', '(sack', 'sack)', 'sack).', '(sack).', 'sack.', 'sack,', '50kg', '50kg.', 'kg.', '.', '-', '--', '...sack', 'sack...', '"sackcloth"', 'sackcloth', 'sack-of', 'rice,', 'sacked!', '!', 'ɛsack', 'sack rice', 'sack. rice'];
    await expectPlain(words.flatMap((search) => [{ search }, { search, sortBy: 'price', sortDir: 'asc', page: '2', limit: '2' }]));
    if (server.deps.dialect !== 'postgres') return;
    // "sack": the cores holding it, none of the punctuated tokens ("(sack).", "sack,").
    const { service, statements } = recordedCatalogue(server.deps, 10_000);
    // Newest first: the statement's first parameter is the word's terms (relevance's key comes before them).
    await service.listProducts(parse({ search: 'sack', sortBy: 'createdAt' }));
    const page = statements.find((statement) => /with hits as materialized/.test(statement.sql))!;
    const looked = await sql<{ term: string }>`select term from search_vocabulary where id = any(${page.parameters[0]}::int[])`.execute(server.deps.db);
    const terms = looked.rows.map((row) => row.term);
    expect(terms).toEqual(expect.arrayContaining(['w:sack', 'w:sacks', 'w:sackcloth', 'w:ɛsack', 'w:sack-of-rice']));
    expect(terms.filter((term) => /^w:[!-/:-@[-`{-~]|[!-/:-@[-`{-~]$/.test(term))).toEqual([]);
  });

  it('PostgreSQL: a search is answered from the exact terms, with no haystack rechecked', async () => {
    if (server.deps.dialect !== 'postgres') return;
    const { service, statements } = recordedCatalogue(server.deps, 10_000);
    await service.listProducts(parse({ search: 'maize fresh', sortBy: 'price', sortDir: 'asc' }));
    expect(statements[0].sql).toMatch(/search_vocabulary/);
    const texts: string[] = [];
    for (const statement of statements.slice(1)) {
      // The plan a million listings get: the index, not a scan of this small table.
      const plan = await server.deps.db.connection().execute(async (db) => {
        await sql`set enable_seqscan = off`.execute(db);
        const rows = await db.executeQuery<{ 'QUERY PLAN': string }>({ ...statement, sql: `explain ${statement.sql}` });
        await sql`reset enable_seqscan`.execute(db);
        return rows.rows.map((r) => r['QUERY PLAN']).join('\n');
      });
      texts.push(plan);
    }
    const text = texts.join('\n');
    expect(text, text).toMatch(/product_terms_terms/);
    expect(text, text).not.toMatch(/products_search_trgm|~~/);
  });
});

describe("a search's GIN conditions (PostgreSQL)", () => {
  // The lone condition is repeated so the planner takes a word held by up to ~20% of listings
  // from the index; with two indexed conditions the repeat only costs the GIN scan more.
  const indexed = async (input: Asked) => {
    const { service, statements } = recordedCatalogue(server.deps, 10_000);
    await service.listProducts(parse(input));
    const page = statements.find((statement) => /with hits as materialized/.test(statement.sql));
    return page?.sql.match(/terms (&&|@>) \$\d+::int\[\]/g)?.length;
  };

  it('a lone word is asked of the index twice; two words, or a word and a filter, once each', async () => {
    if (server.deps.dialect !== 'postgres') return;
    expect(await indexed({ search: 'maize' })).toBe(2);
    expect(await indexed({ search: 'maize fresh' })).toBe(2);
    expect(await indexed({ search: 'maize fresh bag' })).toBe(3);
    expect(await indexed({ search: 'maize', location: 'Ashanti' })).toBe(2);
    const asked: Record<string, string>[] = [{ search: 'maize' }, { search: 'maize fresh' }, { search: 'maize', location: 'Ashanti' }];
    await expectPlain(asked.flatMap(everySort));
  });

  it("a broad search's page reads its sort key's buckets in its own statement: the words, the sample, the page", async () => {
    if (server.deps.dialect !== 'postgres') return;
    const { service, statements } = recordedCatalogue(server.deps, 3);
    const page = await service.listProducts(parse({ search: 'maize', sortBy: 'price', sortDir: 'asc', page: '2', limit: '2' }));
    expect(page.pagination.totalIsLowerBound).toBe(true);
    expect(page.data).toHaveLength(2);
    expect(statements).toHaveLength(3);
    expect(statements[2].sql).toMatch(/product_terms[\s\S]*search_vocabulary/);
  });
});
