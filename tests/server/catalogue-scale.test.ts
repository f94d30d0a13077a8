import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalogueService } from '../../src/server/modules/catalogue/service';
import { generateCatalogue } from '../../src/server/platform/db/generate-catalogue';
import { CATALOGUE_COUNT_BOUND, CATEGORIES, GHANA_REGIONS } from '../../src/shared/catalogue';
import { productQuerySchema, type ProductQueryInput } from '../../src/shared/schemas/catalogue';
import { parseWith } from '../../src/shared/schemas/parse';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 25 at a scale a test can afford: the generator's catalogue, search on the trigram
 * indexes (kept current in the writing transaction), the bounded total and the bounded pages.
 * Runs on SQLite, and on PostgreSQL with DATABASE_URL.
 */
const COUNT = 12_000;
let server: TestServer;
/** Search's GIN indexes (PostgreSQL), as migrated and as the generator leaves them. */
const ginIndexes = async () =>
  server.deps.dialect === 'postgres'
    ? (await sql<{ definition: string }>`select indexdef as definition from pg_indexes where schemaname = current_schema() and indexdef like '% USING gin %' order by indexname`.execute(server.deps.db)).rows.map((r) => r.definition)
    : [];
let migratedGinIndexes: string[] = [];
beforeAll(async () => {
  server = await startTestServer({ seed: false });
  migratedGinIndexes = await ginIndexes();
  await generateCatalogue(server.deps, server.deps.storage, COUNT);
}, 240_000);
afterAll(() => server.close());

const query = (input: ProductQueryInput) => {
  const parsed = parseWith(productQuerySchema, input);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
const getJson = async (path: string) => {
  const res = await server.call(path);
  return { status: res.status, body: (await res.json()) as any };
};

describe('the generated catalogue', () => {
  it('spans every category and region, many sellers, spread prices and stock, reused pictures', async () => {
    const db = server.deps.db;
    const products = await db.selectFrom('products').select(['category', 'region', 'seller_id', 'price_minor', 'stock_quantity', 'version']).execute();
    expect(products.length).toBe(COUNT - COUNT / 100); // 1% wait in the review queue instead
    expect(new Set(products.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(products.map((p) => p.region)).size).toBe(GHANA_REGIONS.length);
    const sellers = new Map<number, number>();
    for (const p of products) sellers.set(p.seller_id, (sellers.get(p.seller_id) ?? 0) + 1);
    expect(sellers.size).toBeGreaterThan(40);
    expect(Math.max(...sellers.values())).toBeGreaterThan(300); // a big co-operative
    const prices = products.map((p) => p.price_minor).sort((a, b) => a - b);
    expect(prices[Math.floor(prices.length * 0.9)] / prices[Math.floor(prices.length * 0.1)]).toBeGreaterThan(10);
    expect(products.some((p) => p.stock_quantity === 0) && products.some((p) => p.stock_quantity > 500)).toBe(true);
    const keys = await db.selectFrom('product_images').select('storage_key').distinct().execute();
    expect(keys.length).toBeLessThanOrEqual(24);
    // The catalogue counter is the newest version, so a phone's sync sees every listing.
    const counter = await db.selectFrom('counters').select('value').where('name', '=', 'catalogue').executeTakeFirstOrThrow();
    expect(Number(counter.value)).toBe(Math.max(...products.map((p) => p.version)));
    const waiting = await db.selectFrom('product_submissions').select('id').where('status', '=', 'PENDING').execute();
    expect(waiting.length).toBe(COUNT / 100);
  });

  it.runIf(process.env.DATABASE_URL)('leaves the search indexes it built after the rows as migrated, and searches use them (PostgreSQL)', async () => {
    expect(migratedGinIndexes.length).toBeGreaterThan(0);
    expect(await ginIndexes()).toEqual(migratedGinIndexes);
    const plan = await sql<{ 'QUERY PLAN': string }>`explain select id from products where lower(name || ' ' || category || ' ' || description) like '%maize%'`.execute(server.deps.db);
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Bitmap Index Scan on products_search_trgm/);
  });

  it('is served: listed, searched and opened through the API', async () => {
    const listed = await getJson('/products?limit=5');
    expect(listed.status).toBe(200);
    expect(listed.body.data).toHaveLength(5);
    const one = await getJson(`/products/${listed.body.data[0].id}`);
    expect(one.status).toBe(200);
    expect(one.body.data.images[0].urls[320]).toMatch(/^\/media\/products\//);
    const maize = await getJson('/products?search=maize&location=Ashanti');
    expect(maize.body.data.length).toBeGreaterThan(0);
    for (const p of maize.body.data) {
      expect(`${p.name} ${p.category} ${p.description}`.toLowerCase()).toContain('maize');
      expect(p.region).toBe('Ashanti');
    }
  });
});

describe('search over the index', () => {
  it('finds exactly the listings holding every word, short words included', async () => {
    const service = createCatalogueService(server.deps.db, server.deps.dialect, server.deps.readOffLoop);
    const all = await server.deps.db.selectFrom('products').select(['id', 'name', 'category', 'description']).where('is_active', '=', 1).execute();
    for (const search of ['maize', 'YAM tuber', 'organic kg', 'fowl ho', 'a', 'ze', '50 kg', 'tamale', 'grade a', '15-15', '%', 'zzq']) {
      const words = search.toLowerCase().split(' ');
      const expected = all.filter((p) => words.every((w) => `${p.name} ${p.category} ${p.description}`.toLowerCase().includes(w))).length;
      const page = await service.listProducts(query({ search, limit: '100' }));
      expect(page.pagination.totalCount, search).toBe(Math.min(expected, CATALOGUE_COUNT_BOUND));
      expect(page.pagination.totalIsLowerBound, search).toBe(expected > CATALOGUE_COUNT_BOUND);
    }
  });

  it('follows every listing change in the same transaction, and forgets a rolled-back one', async () => {
    const db = server.deps.db;
    const service = createCatalogueService(db, server.deps.dialect, server.deps.readOffLoop);
    const found = async (search: string) => (await service.listProducts(query({ search }))).data.map((p) => p.id);
    const { id } = await db.selectFrom('products').select('id').where('is_active', '=', 1).orderBy('id').limit(1).executeTakeFirstOrThrow();
    await db.updateTable('products').set({ name: 'Kwahu Blackcurrant Jam' }).where('id', '=', id).execute();
    expect(await found('blackcurrant')).toEqual([id]);
    await db.updateTable('products').set({ description: 'Sweet zobolo leaves from Navrongo' }).where('id', '=', id).execute();
    expect(await found('navrongo zobolo')).toEqual([id]);
    expect(await found('blackcurrant')).toEqual([id]);
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('products').set({ name: 'Quixotic Jollof' }).where('id', '=', id).execute();
        throw new Error('changed my mind');
      })
      .catch(() => undefined);
    expect(await found('quixotic')).toEqual([]);
    expect(await found('blackcurrant')).toEqual([id]);
    await db.deleteFrom('product_images').where('product_id', '=', id).execute();
    await db.deleteFrom('product_submissions').where('product_id', '=', id).execute();
    await db.deleteFrom('products').where('id', '=', id).execute();
    expect(await found('blackcurrant')).toEqual([]);
    const [{ id: newId }] = await db
      .insertInto('products')
      .values({ seller_id: (await db.selectFrom('users').select('id').limit(1).executeTakeFirstOrThrow()).id, name: 'Blackcurrant Cordial', description: 'Bottled in Aburi', price_minor: 2500, category: 'Other', condition: 'standard', region: 'Eastern', stock_quantity: 3, is_active: 1, is_featured: 0, discount_percentage: null, old_price_minor: null, version: 0, created_at: new Date().toISOString(), updated_at: new Date().toISOString() })
      .returning('id')
      .execute();
    expect(await found('blackcurrant aburi')).toEqual([newId]);
  });
});

describe('a broad search at scale', () => {
  it('counts exactly up to 10,000 and then says 10,000+', async () => {
    const { body } = await getJson('/products?search=region');
    expect(body.pagination).toMatchObject({ totalCount: CATALOGUE_COUNT_BOUND, totalIsLowerBound: true, totalPages: CATALOGUE_COUNT_BOUND / 20, hasNextPage: true });
    const narrow = await getJson('/products?search=region&category=Tools');
    expect(narrow.body.pagination.totalIsLowerBound).toBe(false);
    expect(narrow.body.pagination.totalCount).toBeGreaterThan(0);
  });

  it("a broad search's pages, in every order, are the plain query's (the sample-bounded plan)", async () => {
    const { db, dialect } = server.deps;
    const haystack = sql<string>`lower(name || ' ' || category || ' ' || description)`;
    const nameKey = dialect === 'postgres' ? sql`lower(name) collate "C"` : sql`lower(name)`;
    for (const [sortBy, key] of [['price', sql`price_minor`], ['name', nameKey], ['createdAt', sql`created_at`]] as const)
      for (const sortDir of ['asc', 'desc'] as const)
        for (const page of [1, 3, 40]) {
          const { body } = await getJson(`/products?search=region&sortBy=${sortBy}&sortDir=${sortDir}&page=${page}`);
          const plain = await db.selectFrom('products').select('id').where('is_active', '=', 1).where(haystack, 'like', '%region%').orderBy(key, sortDir).orderBy('id', sortDir).limit(20).offset((page - 1) * 20).execute();
          expect(body.data.map((p: { id: number }) => p.id), `${sortBy} ${sortDir} ${page}`).toEqual(plain.map((r) => r.id));
          expect(body.pagination.totalIsLowerBound).toBe(true);
        }
  });

  it('pages to the bound and refuses past it with a sentence', async () => {
    const last = await getJson(`/products?search=region&page=${CATALOGUE_COUNT_BOUND / 20}`);
    expect(last.status).toBe(200);
    expect(last.body.data).toHaveLength(20);
    expect(last.body.pagination.hasNextPage).toBe(false);
    const past = await getJson(`/products?page=${CATALOGUE_COUNT_BOUND / 20 + 1}`);
    expect(past.status).toBe(400);
    expect(JSON.stringify(past.body)).toContain('Only the first 10,000 results can be paged through');
  });
});

describe('npm run catalogue:generate', () => {
  it('migrates an empty DATA_DIR, fills it, and the server then serves it with SEED=none', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'akuafo-generate-'));
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/generate-catalogue.ts', '300'], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' });
      expect(run.stderr).toBe('');
      expect(run.stdout).toMatch(/297 live listings, 3 waiting for review/);
      const served = await startTestServer({ seed: false, env: { DATA_DIR: dataDir, DATABASE_URL: '' } });
      try {
        const res = await served.call('/products');
        expect(((await res.json()) as any).pagination.totalCount).toBe(297 - (await served.deps.db.selectFrom('products').select('id').where('is_active', '=', 0).execute()).length);
      } finally {
        await served.close();
      }
      const refused = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/cli/generate-catalogue.ts', 'lots'], { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' });
      expect(refused.status).toBe(2);
      expect(refused.stderr).toContain('Usage: npm run catalogue:generate -- <how many listings');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
