import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/local/api';
import { CATALOGUE_WRITE_SLICE, pullCatalogue } from '../../src/local/catalogue';
import { fetchProductDetail, localRelated } from '../../src/local/catalogue-detail';
import { localCategories, localShelf, queryLocalProducts } from '../../src/local/catalogue-query';
import { AkuafoDb } from '../../src/local/db';
import { nextCatalogueVersion } from '../../src/server/platform/db/catalogue-versions';
import { startNewFeedEpoch } from '../../src/server/platform/db/feed-epoch';
import { CATEGORIES } from '../../src/shared/catalogue';
import { productQuerySchema, type ProductDetail, type ProductQueryInput } from '../../src/shared/schemas/catalogue';
import { parseWith } from '../../src/shared/schemas/parse';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let db: AkuafoDb;
const api = () => createApiClient({ origin: 'http://test.local', fetch: server.fetch });

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
async function freshDb(): Promise<AkuafoDb> {
  const fresh = new AkuafoDb(`test-${Math.random()}`);
  await fresh.open();
  return fresh;
}
beforeEach(async () => {
  db = await freshDb();
});

describe('pullCatalogue', () => {
  it('mirrors the whole catalogue, then only what changed', async () => {
    const first = await pullCatalogue(api(), db);
    const total = ((await (await server.call('/products?limit=1')).json()) as any).pagination.totalCount;
    expect(await db.products.count()).toBe(total);
    expect(first.changed).toBe(total);

    const again = await pullCatalogue(api(), db);
    expect(again.changed).toBe(0);

    const someone = await db.products.toCollection().first();
    await server.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ stock_quantity: 0, version: await nextCatalogueVersion(trx) }).where('id', '=', someone!.id).execute();
    });
    const delta = await pullCatalogue(api(), db);
    expect(delta.changed).toBe(1);
    expect((await db.products.get(someone!.id))?.stockQuantity).toBe(0);
  });

  it('sends If-None-Match, so an unchanged catalogue costs a bodiless 304', async () => {
    const seen: { status: number; ifNoneMatch: string | null; bytes: number }[] = [];
    const recording = createApiClient({
      origin: 'http://test.local',
      fetch: async (input, init) => {
        const request = new Request(input, init);
        const response = await server.fetch(request);
        const bytes = (await response.clone().arrayBuffer()).byteLength;
        seen.push({ status: response.status, ifNoneMatch: request.headers.get('if-none-match'), bytes });
        return response;
      },
    });
    await pullCatalogue(recording, db);
    // The first check after a full pull asks for the new cursor: one small answer with its ETag.
    await pullCatalogue(recording, db);
    seen.length = 0;
    const unchanged = await pullCatalogue(recording, db);
    expect(unchanged.changed).toBe(0);
    expect(seen).toHaveLength(1);
    expect(seen[0].ifNoneMatch).toMatch(/^W\/".+"$/);
    expect(seen[0].status).toBe(304);
    expect(seen[0].bytes).toBe(0);

    // A change makes the ETag stale: the next pull gets the product, not a 304.
    const someone = await db.products.toCollection().first();
    await server.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ stock_quantity: 3, version: await nextCatalogueVersion(trx) }).where('id', '=', someone!.id).execute();
    });
    seen.length = 0;
    const changed = await pullCatalogue(recording, db);
    expect(changed.changed).toBe(1);
    expect(seen[0].status).toBe(200);
  });

  it('writes a large page in slices and moves the cursor only with the last, so a pull stopped halfway skips nothing', async () => {
    // Count the writes to products, and fail the third one (a full disk, a closed tab).
    let writes = 0;
    let failAt = 3;
    const sliced = new AkuafoDb(`test-${Math.random()}`);
    sliced.use({
      stack: 'dbcore',
      name: 'count-product-writes',
      create: (down) => ({
        ...down,
        table: (name) => {
          const table = down.table(name);
          if (name !== 'products') return table;
          return { ...table, mutate: (req) => (++writes === failAt ? Promise.reject(new Error('disk full')) : table.mutate(req)) };
        },
      }),
    });
    const total = ((await (await server.call('/products?limit=1')).json()) as any).pagination.totalCount;
    expect(total).toBeGreaterThan(3 * CATALOGUE_WRITE_SLICE); // at least four slices

    await expect(pullCatalogue(api(), sliced)).rejects.toThrow('disk full');
    expect(await sliced.products.count()).toBe(2 * CATALOGUE_WRITE_SLICE); // two slices landed
    expect(await sliced.meta.get('catalogue.cursor')).toBeUndefined();

    failAt = 0;
    writes = 0;
    const again = await pullCatalogue(api(), sliced);
    expect(again.changed).toBe(total);
    expect(await sliced.products.count()).toBe(total);
    expect(writes).toBe(Math.ceil(total / CATALOGUE_WRITE_SLICE));
    expect((await sliced.meta.get('catalogue.cursor'))?.value).toBe(again.cursor);
    sliced.close();
  });

  it('joins a pull already running rather than asking the server twice', async () => {
    let requests = 0;
    const counting = createApiClient({ origin: 'http://test.local', fetch: (input, init) => (requests++, server.fetch(new Request(input, init))) });
    const [first, second] = await Promise.all([pullCatalogue(counting, db), pullCatalogue(counting, db)]);
    expect(second).toBe(first);
    const alone = requests;
    requests = 0;
    await pullCatalogue(counting, await freshDb());
    expect(alone).toBe(requests);
  });

  it('never lets a late answer put back an older product or move the cursor back', async () => {
    await pullCatalogue(api(), db);
    const someone = (await db.products.toCollection().first())!;
    const setStock = (stock: number) =>
      server.deps.db.transaction().execute(async (trx) => {
        await trx.updateTable('products').set({ stock_quantity: stock, version: await nextCatalogueVersion(trx) }).where('id', '=', someone.id).execute();
      });
    // Another tab asks for the changes after our cursor and is slow to hear back...
    const since = (await db.meta.get('catalogue.cursor'))!.value as number;
    await setStock(7);
    const late = await (await server.call(`/sync/catalogue?since=${since}`)).text();
    // ...while this tab pulls a newer change.
    await setStock(2);
    await pullCatalogue(api(), db);
    const cursor = (await db.meta.get('catalogue.cursor'))!.value as number;

    const slowTab = createApiClient({ origin: 'http://test.local', fetch: async () => new Response(late, { headers: { 'content-type': 'application/json' } }) });
    await pullCatalogue(slowTab, db);
    expect((await db.products.get(someone.id))?.stockQuantity).toBe(2);
    expect((await db.meta.get('catalogue.cursor'))?.value).toBe(cursor);
  });

  it('keeps the mirror and its cursor when the network fails', async () => {
    await pullCatalogue(api(), db);
    const before = await db.products.count();
    const offline = createApiClient({ origin: 'http://test.local', fetch: () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(pullCatalogue(offline, db)).rejects.toMatchObject({ status: 0 });
    expect(await db.products.count()).toBe(before);
  });
});

describe('the mirror answers like the server', () => {
  const queries: ProductQueryInput[] = [
    {},
    { search: 'maize' },
    { search: 'Fresh TOMATOES' },
    { category: 'Livestock', sortBy: 'price', sortDir: 'asc' },
    { condition: 'organic', sortBy: 'name', sortDir: 'asc', limit: '7', page: '2' },
    { location: 'Ashanti' },
    { minPrice: '20', maxPrice: '300', sortBy: 'price', sortDir: 'desc' },
    { search: 'bag', page: '2', limit: '5' },
    { search: 'a', sortBy: 'name', sortDir: 'desc', page: '3' },
    { search: 'organic fresh', sortBy: 'price', sortDir: 'asc' },
    { search: 'grains' },
    { category: 'Grains', condition: 'premium', location: 'Northern' },
    { category: 'Vegetables', minPrice: '0', maxPrice: '10000', sortBy: 'createdAt', sortDir: 'asc' },
    { minPrice: '100', sortBy: 'name', sortDir: 'asc', limit: '100' },
    { maxPrice: '50.5', sortBy: 'price', sortDir: 'desc', page: '2', limit: '3' },
    { page: '2' },
    { page: '5' },
    { page: '99' },
    { search: 'zzqqxx' },
    // Relevance (issue 37): whole-word names first, on both sides; Twi and two words too; an explicit order keeps its own.
    { search: 'yam' },
    { search: 'yam', limit: '3', page: '2' },
    { search: 'bayerɛ', sortBy: 'relevance', sortDir: 'asc' },
    { search: 'maize bag' },
    { search: 'yam', sortBy: 'createdAt', sortDir: 'desc' },
    { search: 'yam', sortBy: 'price', sortDir: 'asc' },
    ...CATEGORIES.map((category) => ({ category, sortBy: 'price' as const, sortDir: 'asc' as const })),
  ];

  it.each(queries)('same page for %j', async (input) => {
    await pullCatalogue(api(), db);
    const parsed = parseWith(productQuerySchema, input);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const local = await queryLocalProducts(parsed.value, db);
    const qs = new URLSearchParams(input as Record<string, string>).toString();
    const remote = (await (await server.call(`/products?${qs}`)).json()) as any;
    expect(local.data.map((p) => p.id)).toEqual(remote.data.map((p: { id: number }) => p.id));
    expect(local.pagination).toEqual(remote.pagination);
  });

  it('has the same category tabs', async () => {
    await pullCatalogue(api(), db);
    const remote = (await (await server.call('/categories')).json()) as any;
    expect(await localCategories(db)).toEqual(remote.data);
  });

  it('suggests the same related products as the server', async () => {
    await pullCatalogue(api(), db);
    const some = (await db.products.limit(10).toArray()).filter((_, i) => i % 3 === 0);
    for (const product of some) {
      const remote = ((await (await server.call(`/products/${product.id}`)).json()) as { data: ProductDetail }).data;
      expect((await localRelated(product, db)).map((p) => p.id)).toEqual(remote.relatedProducts.map((p) => p.id));
    }
  });

  it('has the same shelves', async () => {
    await pullCatalogue(api(), db);
    for (const shelf of ['featured', 'discounted', 'weekly-specials'] as const) {
      const remote = (await (await server.call(`/products/${shelf}`)).json()) as any;
      expect((await localShelf(shelf, 12, db)).map((p) => p.id)).toEqual(remote.data.map((p: { id: number }) => p.id));
    }
  });
});

describe('product detail cache', () => {
  it('keeps a fetched detail for offline use and refreshes it from the delta', async () => {
    await pullCatalogue(api(), db);
    const product = (await db.products.toArray()).find((p) => p.rating.count > 0)!;
    const detail = await fetchProductDetail(api(), product.id, db);
    expect(detail.reviews.length).toBe(product.rating.count);
    expect((await db.productDetails.get(product.id))?.reviews).toHaveLength(product.rating.count);

    await server.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ price_minor: 4321, version: await nextCatalogueVersion(trx) }).where('id', '=', product.id).execute();
    });
    await pullCatalogue(api(), db);
    const cached = await db.productDetails.get(product.id);
    expect(cached?.price).toBe(43.21);
    expect(cached?.reviews).toHaveLength(product.rating.count);
  });

  it('forgets a product the server no longer has', async () => {
    await pullCatalogue(api(), db);
    await db.productDetails.put({ ...(await db.products.toCollection().first())!, id: 987654, reviews: [], relatedProducts: [], canReview: false, cachedAt: '' });
    await expect(fetchProductDetail(api(), 987654, db)).rejects.toMatchObject({ status: 404 });
    expect(await db.productDetails.get(987654)).toBeUndefined();
  });
});

describe('pullCatalogue after the server database is restored from a backup', () => {
  /** A listing change as the catalogue makes one, with the next catalogue version. */
  const change = (id: number, values: { stock_quantity?: number; price_minor?: number }) =>
    server.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ ...values, version: await nextCatalogueVersion(trx) }).where('id', '=', id).execute();
    });
  /** The backup's state: the counter and the listings as they were at `version`. */
  async function restoreTo(version: number, listings: { id: number; version: number; stock_quantity: number; price_minor: number }[]) {
    await server.deps.db.updateTable('counters').set({ value: version }).where('name', '=', 'catalogue').execute();
    for (const { id, ...was } of listings) await server.deps.db.updateTable('products').set(was).where('id', '=', id).execute();
  }

  it('sees a head below its cursor and pulls again from the start, taking the restored listings and the new history', async () => {
    await pullCatalogue(api(), db);
    const [one, two] = await server.deps.db.selectFrom('products').select(['id', 'version', 'stock_quantity', 'price_minor']).where('is_active', '=', 1).orderBy('id').limit(2).execute();
    const backup = Number((await server.deps.db.selectFrom('counters').select('value').where('name', '=', 'catalogue').executeTakeFirstOrThrow()).value);
    // Lost with the database: three changes, one of them a listing the phone shows.
    await change(one!.id, { stock_quantity: 0 });
    await change(one!.id, { stock_quantity: 1 });
    await change(two!.id, { price_minor: two!.price_minor + 100 });
    const ahead = (await pullCatalogue(api(), db)).cursor;
    expect(ahead).toBe(backup + 3);
    expect((await db.products.get(one!.id))!.stockQuantity).toBe(1);

    await restoreTo(backup, [one!, two!]);
    // The new history's first change takes a version the phone has already passed.
    await change(two!.id, { price_minor: two!.price_minor + 700 });
    const after = await pullCatalogue(api(), db);
    expect(after.cursor).toBe(backup + 1);
    expect((await db.products.get(one!.id))!.stockQuantity).toBe(one!.stock_quantity);
    expect((await db.products.get(two!.id))!.price).toBe((two!.price_minor + 700) / 100);
    const total = ((await (await server.call('/products?limit=1')).json()) as { pagination: { totalCount: number } }).pagination.totalCount;
    expect(await db.products.filter((p) => p.isActive).count()).toBe(total);
  });

  it('starts again on a new feed epoch (npm run feeds:restart), even once the new history has passed its cursor', async () => {
    await pullCatalogue(api(), db);
    const [one] = await server.deps.db.selectFrom('products').select(['id', 'version', 'stock_quantity', 'price_minor']).where('is_active', '=', 1).orderBy('id').limit(1).execute();
    const backup = Number((await server.deps.db.selectFrom('counters').select('value').where('name', '=', 'catalogue').executeTakeFirstOrThrow()).value);
    await change(one!.id, { stock_quantity: 0 });
    await pullCatalogue(api(), db);
    expect((await db.products.get(one!.id))!.stockQuantity).toBe(0);
    await restoreTo(backup, [one!]);
    await startNewFeedEpoch(server.deps.db);
    // More trade after the restore than was lost: the head passes the phone's cursor before it asks.
    const others = await server.deps.db.selectFrom('products').select('id').where('id', '!=', one!.id).where('is_active', '=', 1).orderBy('id').limit(3).execute();
    for (const other of others) await change(other.id, { stock_quantity: 7 });
    await pullCatalogue(api(), db);
    expect((await db.products.get(one!.id))!.stockQuantity).toBe(one!.stock_quantity);
    expect((await db.products.get(others[0]!.id))!.stockQuantity).toBe(7);
  });
});
