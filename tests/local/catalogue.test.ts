import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/local/api';
import { pullCatalogue } from '../../src/local/catalogue';
import { localShelf, queryLocalProducts } from '../../src/local/catalogue-query';
import { AkuafoDb } from '../../src/local/db';
import { nextCatalogueVersion } from '../../src/server/modules/catalogue/versions';
import { productQuerySchema, type ProductQueryInput } from '../../src/shared/schemas/catalogue';
import { parseWith } from '../../src/shared/schemas/parse';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let db: AkuafoDb;
const api = () => createApiClient({ origin: 'http://test.local', fetch: server.fetch });

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  db = new AkuafoDb(`test-${Math.random()}`);
  await db.open();
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

  it('has the same shelves', async () => {
    await pullCatalogue(api(), db);
    for (const shelf of ['featured', 'discounted', 'weekly-specials'] as const) {
      const remote = (await (await server.call(`/products/${shelf}`)).json()) as any;
      expect((await localShelf(shelf, 12, db)).map((p) => p.id)).toEqual(remote.data.map((p: { id: number }) => p.id));
    }
  });
});
