import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/local/api';
import { evictBeyondBudget, pullCatalogue, SCOPED_KEY } from '../../src/local/catalogue';
import { fetchProductDetail } from '../../src/local/catalogue-detail';
import { queryLocalProducts } from '../../src/local/catalogue-query';
import { AkuafoDb, getMeta, setMeta } from '../../src/local/db';
import { estimatePack, packPictureUrls } from '../../src/local/packs';
import { keptIds, MIRROR_BUDGET_DATA_SAVER, setMirrorCategories, setMirrorRegion } from '../../src/local/mirror-scope';
import { setDataSaver } from '../../src/local/settings';
import { nextCatalogueVersion } from '../../src/server/platform/db/catalogue-versions';
import { now } from '../../src/server/platform/db';
import { productQuerySchema } from '../../src/shared/schemas/catalogue';
import { parseWith } from '../../src/shared/schemas/parse';
import { fillBigCatalogue } from '../support/big-catalogue';
import { startTestServer, type TestServer } from '../support/server';

/**
 * The phone keeps what matters to its owner (issue 25, item 4). The server holds 1,600
 * listings (100 a region), more than the Data saver budget of 1,000, so the scope applies.
 */
const LISTINGS = 1_600;
let server: TestServer;
let db: AkuafoDb;
const api = () => createApiClient({ origin: 'http://test.local', fetch: server.fetch });

beforeAll(async () => {
  server = await startTestServer({ seed: false });
  // Generated listings: maize (every 20th) is listed in Ahafo, Central, Northern and Upper West.
  await fillBigCatalogue(server.deps, LISTINGS);
}, 60_000);
afterAll(() => server.close());
beforeEach(async () => {
  db = new AkuafoDb(`scope-${Math.random()}`);
  await db.open();
  await setDataSaver(true, db);
});

const serverRows = () => server.deps.db.selectFrom('products').select(['id', 'region', 'category', 'is_active']).orderBy('id').execute();
async function moveTo(id: number, region: string) {
  await server.deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('products').set({ region: region as never, version: await nextCatalogueVersion(trx), updated_at: now() }).where('id', '=', id).execute();
  });
}
const search = (term: string, location?: string) => {
  const parsed = parseWith(productQuerySchema, { search: term, location });
  if (!parsed.ok) throw new Error(parsed.error.message);
  return queryLocalProducts(parsed.value, db);
};

describe('the mirror follows its scope', () => {
  it('holds the chosen region and the shelves, not the rest of Ghana', async () => {
    await setMirrorRegion('Central', db);
    await pullCatalogue(api(), db);
    expect(await getMeta(SCOPED_KEY, db)).toBe(true);
    const rows = await serverRows();
    const ashanti = rows.filter((r) => r.region === 'Central').map((r) => r.id);
    const held = await db.products.toArray();
    expect(held.filter((p) => p.region === 'Central').map((p) => p.id).sort((a, b) => a - b)).toEqual(ashanti);
    // Other regions' listings are there only for the home shelves.
    const others = held.filter((p) => p.region !== 'Central');
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((p) => p.isFeatured || p.discountPercentage !== null || p.oldPrice !== null)).toBe(true);
    expect(held.length).toBeLessThan(rows.length / 4);
    // Offline search finds maize of the region.
    const maize = await search('maize', 'Central');
    expect(maize.pagination.totalCount).toBeGreaterThan(0);
    expect(maize.data.every((p) => p.region === 'Central' && /maize/i.test(p.name))).toBe(true);
  });

  it('narrows to the chosen categories', async () => {
    await setMirrorRegion('Upper West', db);
    await setMirrorCategories(['Grains'], db);
    await pullCatalogue(api(), db);
    const volta = (await db.products.toArray()).filter((p) => p.region === 'Upper West');
    expect(volta.length).toBeGreaterThan(0);
    expect(volta.every((p) => p.category === 'Grains' || p.isFeatured || p.discountPercentage !== null || p.oldPrice !== null)).toBe(true);
  });

  it('drops what left the scope in a delta, but keeps what its owner carted, wishlisted or opened', async () => {
    await setMirrorRegion('Northern', db);
    await pullCatalogue(api(), db);
    const northern = (await db.products.toArray()).filter((p) => p.region === 'Northern' && !p.isFeatured && p.discountPercentage === null && p.oldPrice === null);
    const [leaves, carted, wished, opened] = northern;
    await db.cart.put({ productId: carted.id, quantity: 1, name: carted.name, imageUrl: null, price: carted.price, updatedAt: now() });
    await setMeta('wishlist', [wished.id], db);
    await fetchProductDetail(api(), opened.id, db);
    for (const p of [leaves, carted, wished, opened]) await moveTo(p.id, 'Upper East');

    const delta = await pullCatalogue(api(), db);
    expect(delta.deleted).toBe(1);
    expect(await db.products.get(leaves.id)).toBeUndefined();
    for (const p of [carted, wished, opened]) expect((await db.products.get(p.id))?.region).toBe('Upper East');
    expect((await keptIds(db)).sort()).toEqual([carted.id, wished.id, opened.id].sort());
  });

  it('an opened listing outside the scope joins the mirror, so offline search finds it', async () => {
    await setMirrorRegion('Oti', db);
    await pullCatalogue(api(), db);
    const far = (await serverRows()).find((r) => r.region === 'Western' && r.is_active && !(r.id % 50 === 1))!;
    expect(await db.products.get(far.id)).toBeUndefined();
    const detail = await fetchProductDetail(api(), far.id, db);
    const found = await search(detail.name);
    expect(found.data.map((p) => p.id)).toContain(far.id);
  });

  it('a new region drops the old one (but what is kept) and pulls the new one', async () => {
    await setMirrorRegion('Ashanti', db);
    await pullCatalogue(api(), db);
    const kept = (await db.products.toArray()).find((p) => p.region === 'Ashanti')!;
    await setMeta('wishlist', [kept.id], db);
    await setMirrorRegion('Bono', db);
    await pullCatalogue(api(), db);
    const held = await db.products.toArray();
    expect(held.filter((p) => p.region === 'Ashanti').map((p) => p.id)).toEqual(
      held.filter((p) => p.region === 'Ashanti' && (p.id === kept.id || p.isFeatured || p.discountPercentage !== null || p.oldPrice !== null)).map((p) => p.id),
    );
    expect(held.some((p) => p.id === kept.id)).toBe(true);
    expect(held.filter((p) => p.region === 'Bono').length).toBe((await serverRows()).filter((r) => r.region === 'Bono').length);
    expect((await search('', 'Bono')).pagination.totalCount).toBeGreaterThan(0);
  });

  it('a region chosen while the first pull is still out is pulled when it ends (the pull asked for then does not just join)', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const regions: (string | null)[] = [];
    const slow = createApiClient({
      origin: 'http://test.local',
      fetch: (async (...args: Parameters<typeof fetch>) => {
        regions.push(new URL(args[0] instanceof Request ? args[0].url : String(args[0])).searchParams.get('region'));
        const response = await server.fetch(...args);
        await held;
        return response;
      }) as typeof fetch,
    });
    const first = pullCatalogue(slow, db); // the app's first pull: no region yet
    await expect.poll(() => regions.length).toBe(1);
    await setMirrorRegion('Central', db);
    const asked = pullCatalogue(slow, db); // what the region prompt does
    release();
    await first;
    await asked;
    expect(regions[0]).toBeNull();
    expect(regions.at(-1)).toBe('Central');
    expect(await getMeta('catalogue.scope', db)).toBe('Central|');
    const rows = await serverRows();
    const central = (await db.products.toArray()).filter((p) => p.region === 'Central');
    expect(central.length).toBe(rows.filter((r) => r.region === 'Central').length);
  });

  it('a catalogue that fits in the budget is kept whole, as before scopes', async () => {
    await setDataSaver(false, db); // budget 5,000 > 1,600 listings
    await setMirrorRegion('Ashanti', db);
    await pullCatalogue(api(), db);
    expect(await db.products.count()).toBe(LISTINGS);
    expect(await getMeta(SCOPED_KEY, db)).toBe(false);
  });
});

describe('offline packs within the scope', () => {
  it('plan the pictures of the mirror and are sized for the owner\'s region', async () => {
    await setMirrorRegion('Central', db);
    await pullCatalogue(api(), db);
    const size = await estimatePack(api(), 'Grains', 320, db);
    const central = (await serverRows()).filter((r) => r.region === 'Central' && r.category === 'Grains' && r.is_active);
    expect(size.productCount).toBe(central.length);
    const urls = await packPictureUrls('Grains', 320, db);
    const mirrored = await db.products.filter((p) => p.category === 'Grains' && p.isActive).toArray();
    expect(urls.sort()).toEqual([...new Set(mirrored.flatMap((p) => p.images.map((i) => i.urls[320])))].sort());
  });
});

describe('the budget', () => {
  it('evicts beyond it, the least recently changed first, never what is kept', async () => {
    await setDataSaver(false, db);
    await pullCatalogue(api(), db); // the whole 1,600 fit in 5,000
    const all = await db.products.toArray();
    const byAge = all.filter((p) => p.isActive).sort((a, b) => (a.updatedAt < b.updatedAt ? -1 : a.updatedAt > b.updatedAt ? 1 : a.id - b.id));
    const oldest = byAge[0];
    const evicted = await evictBeyondBudget(MIRROR_BUDGET_DATA_SAVER, new Set([oldest.id]), db);
    expect(evicted).toBe(LISTINGS - MIRROR_BUDGET_DATA_SAVER);
    expect(await db.products.count()).toBe(MIRROR_BUDGET_DATA_SAVER);
    expect(await db.products.get(oldest.id)).toBeDefined();
    // Unlisted ones went first, then the oldest changes; the newest are all there.
    expect(await db.products.filter((p) => !p.isActive).count()).toBe(0);
    const newest = byAge.slice(-(MIRROR_BUDGET_DATA_SAVER - 1)).map((p) => p.id);
    expect((await db.products.bulkGet(newest)).every(Boolean)).toBe(true);
    // The query copy follows the eviction (the cursor did not move).
    expect((await search('')).pagination.totalCount).toBe(MIRROR_BUDGET_DATA_SAVER);
  });

  it('a scoped pull stays within the Data saver budget', async () => {
    // No region: nine of the twelve categories in all Ghana, 1,200 listings.
    await setMirrorCategories(['Grains', 'Tubers', 'Vegetables', 'Fruits', 'Herbs', 'Livestock', 'Poultry', 'Fertilizers', 'Seeds'], db);
    const result = await pullCatalogue(api(), db);
    // The server sends the area's newest, leaving room for the shelves: nothing to evict.
    expect(result.changed).toBeGreaterThan(MIRROR_BUDGET_DATA_SAVER * 0.8);
    expect(result.changed).toBeLessThanOrEqual(MIRROR_BUDGET_DATA_SAVER);
    expect(await db.products.count()).toBe(result.changed - result.evicted);
    const grains = await db.products.filter((p) => p.category === 'Grains').toArray();
    const newestGrains = (await server.deps.db.selectFrom('products').select('id').where('category', '=', 'Grains').orderBy('created_at', 'desc').limit(10).execute()).map((r) => r.id);
    expect(newestGrains.every((id) => grains.some((p) => p.id === id))).toBe(true);
  });
});
