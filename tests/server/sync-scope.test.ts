import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextCatalogueVersion } from '../../src/server/platform/db/catalogue-versions';
import { now } from '../../src/server/platform/db';
import type { CatalogueDelta } from '../../src/shared/schemas/catalogue';
import { startTestServer, type TestServer } from '../support/server';
import { recordStatements } from '../support/statements';

/** GET /sync/catalogue with a mirror scope (issue 25, item 4); without one it is tests/server/sync.test.ts. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function pull(query: string): Promise<CatalogueDelta> {
  const res = await server.call(`/sync/catalogue?${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: CatalogueDelta }).data;
}

async function allOf(query: string): Promise<CatalogueDelta> {
  let since = 0;
  const products: CatalogueDelta['products'] = [];
  const leftIds: number[] = [];
  for (;;) {
    const page = await pull(`${query}&since=${since}&limit=10`);
    products.push(...page.products);
    leftIds.push(...(page.leftIds ?? []));
    since = page.cursor;
    if (!page.hasMore) return { products, deletedIds: [], leftIds, cursor: since, hasMore: false };
  }
}

const rows = () => server.deps.db.selectFrom('products').select(['id', 'region', 'category', 'is_active', 'is_featured']).orderBy('id').execute();

async function change(id: number, set: { region?: string; category?: string; stock_quantity?: number }) {
  await server.deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('products').set({ ...set, version: await nextCatalogueVersion(trx), updated_at: now() } as never).where('id', '=', id).execute();
  });
}

describe('GET /sync/catalogue with a scope', () => {
  it('without a scope answers as before: the whole catalogue and no leftIds', async () => {
    const all = await allOf('limit=10');
    expect(all.products.length).toBe((await rows()).length);
    const page = await pull('since=0');
    expect(page).not.toHaveProperty('leftIds');
  });

  it('sends only the region (of the chosen categories) and the products the phone names', async () => {
    const products = await rows();
    const region = products[0].region;
    const elsewhere = products.find((p) => p.region !== region)!;
    const { products: got, leftIds } = await allOf(`region=${encodeURIComponent(region)}&ids=${elsewhere.id}`);
    const want = products.filter((p) => p.region === region).map((p) => p.id).concat(elsewhere.id).sort((a, b) => a - b);
    expect(got.map((p) => p.id).sort((a, b) => a - b)).toEqual(want);
    expect(want.length).toBeLessThan(products.length);
    expect(leftIds).toEqual([]);

    const category = products[0].category;
    const narrowed = await allOf(`region=${encodeURIComponent(region)}&categories=${encodeURIComponent(category)}`);
    expect(narrowed.products.map((p) => p.id).sort((a, b) => a - b)).toEqual(products.filter((p) => p.region === region && p.category === category).map((p) => p.id));
  });

  it('holds the home shelves whatever the region', async () => {
    const shelf = ((await (await server.call('/products/featured')).json()) as { data: { id: number }[] }).data.map((p) => p.id);
    expect(shelf.length).toBeGreaterThan(0);
    const { products } = await allOf('shelves=1');
    const got = new Set(products.map((p) => p.id));
    for (const id of shelf) expect(got.has(id)).toBe(true);
    expect(got.size).toBeLessThan((await rows()).length);
  });

  it('a delta brings what came into the scope and names in leftIds what went out of it', async () => {
    const products = await rows();
    const region = products[1].region;
    const scope = `region=${encodeURIComponent(region)}`;
    const first = await allOf(scope);
    const leaving = products.find((p) => p.region === region && !p.is_featured)!;
    const arriving = products.find((p) => p.region !== region)!;
    const untouched = products.find((p) => p.region === region && p.id !== leaving.id)!;
    const otherRegion = region === 'Volta' ? 'Ashanti' : 'Volta';
    await change(leaving.id, { region: otherRegion });
    await change(arriving.id, { region });
    await change(untouched.id, { stock_quantity: 3 });

    const next = await pull(`${scope}&since=${first.cursor}`);
    expect(next.products.map((p) => p.id).sort((a, b) => a - b)).toEqual([arriving.id, untouched.id].sort((a, b) => a - b));
    expect(next.leftIds).toEqual([leaving.id]);
    // A phone still catching up on a new scope holds nothing outside it: no leftIds on the way.
    expect((await pull(`${scope}&since=${first.cursor}&fresh=1`)).leftIds).toEqual([]);
    // A phone that names the product it keeps still gets its changes, wherever it moved.
    const named = await pull(`${scope}&ids=${leaving.id}&since=${first.cursor}`);
    expect(named.products.map((p) => p.id)).toContain(leaving.id);
    expect(named.leftIds).toEqual([]);
  });

  it('sends a catalogue that fits in the phone\'s budget whole, scope or not', async () => {
    const count = (await rows()).length;
    const region = encodeURIComponent((await rows())[0].region);
    const fits = await allOf(`region=${region}&budget=${count}`);
    expect(fits.products.length).toBe(count);
    expect((await pull(`region=${region}&budget=${count}&since=0`)).leftIds).toBeUndefined();
    const over = await allOf(`region=${region}&budget=${count - 1}`);
    expect(over.products.length).toBeLessThan(count);
  });

  it('beyond the budget, sends the newest listings of the area, as many as the budget leaves room for', async () => {
    const all = await server.deps.db.selectFrom('products').select(['id', 'region', 'created_at']).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    const region = all[0].region;
    const area = all.filter((p) => p.region === region);
    expect(area.length).toBeGreaterThan(3);
    const { products } = await allOf(`region=${encodeURIComponent(region)}&budget=3`);
    const newest = area.filter((p) => p.created_at >= area[2].created_at).map((p) => p.id).sort((a, b) => a - b);
    expect(products.map((p) => p.id).sort((a, b) => a - b)).toEqual(newest);
  });

  it('refuses a bad scope with a sentence and a 400', async () => {
    for (const [query, message] of [
      ['region=Mars', "region must be one of Ghana's 16 regions"],
      ['categories=Grains,Spaceships', 'categories must be a comma-separated list of known categories'],
      ['ids=1,abc', 'ids must be a comma-separated list of product ids'],
      [`ids=${Array.from({ length: 301 }, (_, i) => i + 1).join(',')}`, 'ids may name at most 300 products'],
      ['shelves=yes', 'shelves must be 0 or 1'],
      ['fresh=2', 'fresh must be 0 or 1'],
      ['budget=0', 'budget must be a whole number from 1 to 1000000'],
    ]) {
      const res = await server.call(`/sync/catalogue?${query}`);
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(message);
    }
  });

  it.runIf(!process.env.DATABASE_URL)('reads a scoped page on a reader thread, none of it on the event loop (SQLite)', async () => {
    const region = (await rows())[0].region;
    // This thread's statements only: the reader threads prepare their own.
    const recorded = recordStatements();
    let page: CatalogueDelta;
    try {
      // A budget below the catalogue's size: the region's newest, the shelves and a named product, all read.
      page = await pull(`region=${encodeURIComponent(region)}&shelves=1&ids=1&budget=11&fresh=1&since=0&limit=9`);
    } finally {
      recorded.stop();
    }
    expect(page.products.length).toBe(9);
    expect(page.products[0].images.length).toBeGreaterThan(0);
    expect(recorded.texts.filter((text) => /from "(products|product_images|deleted_products|reviews|users)"/.test(text))).toEqual([]);
  });
});
