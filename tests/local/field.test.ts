import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/local/api';
import { addToCart, pullServerCart, readCart } from '../../src/local/cart';
import { replayOutbox } from '../../src/local/outbox';
import { pullCatalogue } from '../../src/local/catalogue';
import { AkuafoDb } from '../../src/local/db';
import { createPack, estimatePack, listPacks, PACK_NETWORK_ERROR, packPictureUrls, readPack, removePack, savePack, topUpPack } from '../../src/local/packs';
import { freeViewedPictures, otherWidths, PACK_CACHE, savedPicture, VIEWED_PICTURES_CACHE } from '../../src/local/pictures';
import { readDataSaver, setDataSaver } from '../../src/local/settings';
import { lastPersistenceRequest, requestPersistentStorage, storageReport } from '../../src/local/storage';
import { monthOf, recordUsage, responseBytes, usageForMonth } from '../../src/local/usage';
import { createMemoryCacheStorage } from '../support/cache-storage';
import { startTestServer, type TestServer } from '../support/server';
import { phoneApi, roomyProducts, signedInPhone } from './outbox-fixtures';

let server: TestServer;
let mirror: AkuafoDb;
const ORIGIN = 'http://test.local';

beforeAll(async () => {
  server = await startTestServer();
  mirror = new AkuafoDb('field-mirror');
  await pullCatalogue(createApiClient({ origin: ORIGIN, fetch: server.fetch }), mirror);
});
afterAll(() => server.close());

let db: AkuafoDb;
beforeEach(async () => {
  db = new AkuafoDb(`field-${Math.random()}`);
  await db.open();
});

describe('data saver setting', () => {
  it('follows the browser until the user chooses, then keeps the choice', async () => {
    expect(await readDataSaver(db, false)).toBe(false);
    expect(await readDataSaver(db, true)).toBe(true);
    await setDataSaver(false, db);
    expect(await readDataSaver(db, true)).toBe(false);
    await setDataSaver(true, db);
    expect(await readDataSaver(db, false)).toBe(true);
  });
});

describe('data used this month', () => {
  it('adds bytes per kind and per calendar month', async () => {
    const november = new Date(2026, 10, 23);
    await recordUsage('pictures', 1000, db, november);
    await recordUsage('pictures', 500, db, november);
    await recordUsage('data', 300, db, november);
    await recordUsage('data', 0, db, november);
    await recordUsage('pictures', 70, db, new Date(2026, 11, 1));
    expect(await usageForMonth('2026-11', db)).toEqual({ month: '2026-11', pictures: 1500, data: 300 });
    expect(await usageForMonth('2026-12', db)).toEqual({ month: '2026-12', pictures: 70, data: 0 });
    expect(await usageForMonth('2027-01', db)).toEqual({ month: '2027-01', pictures: 0, data: 0 });
    expect(monthOf(november)).toBe('2026-11');
  });

  it('counts concurrent writers (page and service worker) without losing any', async () => {
    await Promise.all(Array.from({ length: 20 }, () => recordUsage('data', 10, db)));
    expect((await usageForMonth(monthOf(), db)).data).toBe(200);
  });

  it('measures a response by its Content-Length, else by its body', async () => {
    expect(await responseBytes(new Response('x'.repeat(10), { headers: { 'content-length': '4' } }))).toBe(4);
    expect(await responseBytes(new Response('x'.repeat(10)))).toBe(10);
    expect(await responseBytes(new Response(null, { status: 304 }))).toBe(0);
  });

  it('the api client reports what each answer weighed', async () => {
    let counted = 0;
    const api = createApiClient({ origin: ORIGIN, fetch: server.fetch, onResponseBytes: (n) => void (counted += n) });
    const body = JSON.stringify(await api.get('products', { searchParams: { limit: 2 } }));
    expect(counted).toBeGreaterThan(body.length - 10);
  });
});

const deps = () => ({ db, cacheStorage: createMemoryCacheStorage(), fetch: server.fetch, origin: ORIGIN });
async function copyMirror() {
  await db.products.bulkPut(await mirror.products.toArray());
}

describe('offline packs', () => {
  it('plans a category pack from the mirror and the server agrees on its size', async () => {
    await copyMirror();
    const urls = await packPictureUrls('Grains', 320, db);
    const grains = (await db.products.where('category').equals('Grains').toArray()).filter((p) => p.isActive);
    expect(urls).toEqual([...new Set(grains.flatMap((p) => p.images.map((i) => i.urls[320])))]);
    const estimate = await estimatePack(createApiClient({ origin: ORIGIN, fetch: server.fetch }), 'Grains', 320);
    expect(estimate.imageCount).toBe(urls.length);
    expect(estimate.productCount).toBe(grains.length);
  });

  it('saves every picture, counts progress and bytes, and pictures then come from the pack cache', async () => {
    await copyMirror();
    const d = deps();
    const estimate = await estimatePack(createApiClient({ origin: ORIGIN, fetch: server.fetch }), 'Grains', 320);
    const planned = await createPack('Grains', 320, estimate.bytes, db);
    expect(planned).toMatchObject({ id: 'Grains', status: 'paused', done: 0, estimatedBytes: estimate.bytes });
    const saved = await savePack('Grains', undefined, d);
    expect(saved).toMatchObject({ status: 'done', done: planned.urls.length, bytes: estimate.bytes });
    const cache = await d.cacheStorage.open(PACK_CACHE);
    expect((await cache.keys()).length).toBe(planned.urls.length);
    expect((await usageForMonth(monthOf(), db)).pictures).toBe(estimate.bytes);
    // A picture asked at another width, with no network, falls back to the saved one.
    const first = `${ORIGIN}${planned.urls[0]}`;
    const wider = otherWidths(first).find((u) => u.endsWith('/640.webp'))!;
    expect(await savedPicture(wider, d.cacheStorage)).toBeUndefined();
    expect((await savedPicture(wider, d.cacheStorage, true))?.status).toBe(200);
  });

  it('pauses, resumes where it stopped without fetching twice, and waits out a dropped network', async () => {
    await copyMirror();
    const d = deps();
    let fetched = 0;
    let online = true;
    const controller = new AbortController();
    const counting: typeof fetch = async (input, init) => {
      if (!online) throw new TypeError('Failed to fetch');
      fetched += 1;
      if (fetched === 2) controller.abort();
      return server.fetch(input, init);
    };
    const planned = await createPack('Vegetables', 640, 0, db);
    expect(planned.urls.length).toBeGreaterThan(3);
    const paused = await savePack('Vegetables', controller.signal, { ...d, fetch: counting });
    expect(paused.status).toBe('paused');
    expect(paused.done).toBeLessThan(planned.urls.length);
    const stoppedAt = paused.done;

    online = false;
    const dropped = await savePack('Vegetables', undefined, { ...d, fetch: counting });
    expect(dropped).toMatchObject({ status: 'paused', error: PACK_NETWORK_ERROR, done: stoppedAt });

    online = true;
    const before = fetched;
    const done = await savePack('Vegetables', undefined, { ...d, fetch: counting });
    expect(done.status).toBe('done');
    expect(done.error).toBeUndefined();
    expect(fetched - before).toBe(planned.urls.length - stoppedAt);
  });

  it('a saved pack takes in the pictures of products listed after it was saved', async () => {
    await copyMirror();
    const d = deps();
    await createPack('Grains', 320, 0, db);
    const saved = await savePack('Grains', undefined, d);
    const grain = (await db.products.where('category').equals('Grains').first())!;
    const newcomer = { ...grain, id: 999_001, images: [{ ...grain.images[0], id: 999_001, urls: { 320: '/media/products/new/320.webp', 640: '/media/products/new/640.webp', 1280: '/media/products/new/1280.webp' } }] };
    await db.products.put(newcomer);
    const grown = (await topUpPack('Grains', db))!;
    expect(grown).toMatchObject({ status: 'saving', done: saved.urls.length });
    expect(grown.urls).toEqual([...saved.urls, '/media/products/new/320.webp']);
    expect(await topUpPack('Grains', db)).toEqual(grown);
  });

  it('removing a pack keeps the pictures another pack still holds', async () => {
    await copyMirror();
    const d = deps();
    await createPack('Grains', 320, 0, db);
    await savePack('Grains', undefined, d);
    await createPack(null, 320, 0, db);
    await savePack('all', undefined, d);
    expect((await listPacks(db)).map((p) => p.id)).toEqual(['all', 'Grains']);
    const cache = await d.cacheStorage.open(PACK_CACHE);
    const everything = (await cache.keys()).length;

    await removePack('Grains', d);
    expect(await readPack('Grains', db)).toBeUndefined();
    expect((await cache.keys()).length).toBe(everything);

    await removePack('all', d);
    expect(await listPacks(db)).toEqual([]);
    expect((await cache.keys()).length).toBe(0);
  });
});

describe('storage that stays', () => {
  it('asks for persistence once not yet granted and remembers the answer', async () => {
    const calls: string[] = [];
    let granted = false;
    const manager = {
      persisted: async () => (calls.push('persisted'), granted),
      persist: async () => (calls.push('persist'), (granted = true)),
      estimate: async () => ({ usage: 1, quota: 2 }),
    };
    expect(await requestPersistentStorage(db, manager)).toBe(true);
    expect(calls).toEqual(['persisted', 'persist']);
    expect(await requestPersistentStorage(db, manager)).toBe(true);
    expect(calls).toEqual(['persisted', 'persist', 'persisted']);
    expect((await lastPersistenceRequest(db))?.granted).toBe(true);
    expect(await requestPersistentStorage(db, undefined)).toBeUndefined();
  });

  it('reports what takes the space, and freeing pictures keeps the packs', async () => {
    await copyMirror();
    const d = deps();
    await db.drafts.add({ kind: 'product', data: { name: 'Yam' }, images: [new Blob([new Uint8Array(5000)])], updatedAt: new Date().toISOString() });
    await db.orders.put({ id: 1, orderNumber: 'AK-1', createdAt: new Date().toISOString(), data: { total: 10 } });
    await createPack('Grains', 320, 0, db);
    const pack = await savePack('Grains', undefined, d);
    const viewed = await d.cacheStorage.open(VIEWED_PICTURES_CACHE);
    await viewed.put(`${ORIGIN}/media/x/640.webp`, new Response(new Uint8Array(1234)));

    const manager = { persisted: async () => true, persist: async () => true, estimate: async () => ({ usage: 9_000_000, quota: 100_000_000 }) };
    const report = await storageReport(db, d.cacheStorage, manager);
    expect(report).toMatchObject({ persisted: true, usage: 9_000_000, quota: 100_000_000, pictureCount: 1, savedPictureCount: pack.urls.length });
    expect(report.parts.pictures).toBe(1234);
    expect(report.parts.savedPictures).toBe(pack.bytes);
    expect(report.parts.drafts).toBeGreaterThan(5000);
    expect(report.parts.orders).toBeGreaterThan(20);
    expect(report.parts.catalogue).toBeGreaterThan(JSON.stringify(await db.products.limit(10).toArray()).length);

    await freeViewedPictures(d.cacheStorage);
    const after = await storageReport(db, d.cacheStorage, manager);
    expect(after.parts.pictures).toBe(0);
    expect(after.parts.savedPictures).toBe(pack.bytes);
  });
  it("reports a total its parts add up to: the app's own files and the browser's bookkeeping are parts too", async () => {
    await copyMirror();
    const d = deps();
    const precache = await d.cacheStorage.open('workbox-precache-v2-http://localhost/');
    await precache.put(`${ORIGIN}/assets/index.js`, new Response(new Uint8Array(300_000)));
    const manager = { persisted: async () => true, persist: async () => true, estimate: async () => ({ usage: 3_500_000, quota: 100_000_000 }) };
    const report = await storageReport(db, d.cacheStorage, manager);
    expect(report.parts.appFiles).toBe(300_000);
    const sum = Object.values(report.parts).reduce((a, b) => a + b, 0);
    expect(report.total).toBe(3_500_000);
    expect(sum).toBe(report.total);
    expect(report.parts.other).toBeGreaterThan(0);
    // A browser that says less than we measured: the total is what we measured, never less than its parts.
    const small = await storageReport(db, d.cacheStorage, { ...manager, estimate: async () => ({ usage: 10, quota: 100_000_000 }) });
    expect(small.parts.other).toBe(0);
    expect(Object.values(small.parts).reduce((a, b) => a + b, 0)).toBe(small.total);
  });
});

describe('freshness at checkout', () => {
  it("the cart takes the server's price and says it changed from the one the phone showed", async () => {
    const [product] = await roomyProducts(server, 1);
    const phone = await signedInPhone(server, 'reviewer2@akuafo.demo');
    await addToCart(product, 1, phone.db); // at the phone's copy of the price
    await replayOutbox(phoneApi(server, phone.db), phone.db);
    expect((await readCart(phone.db))[0].previousPrice).toBeUndefined();

    await server.deps.db.updateTable('products').set({ price_minor: Math.round(product.price * 100) + 250 }).where('id', '=', product.id).execute();
    await pullServerCart(phoneApi(server, phone.db), phone.db);
    const [line] = await readCart(phone.db);
    expect(line.price).toBe(product.price + 2.5);
    expect(line.previousPrice).toBe(product.price);
    // The notice stays with the first price shown until the price goes back to it.
    await pullServerCart(phoneApi(server, phone.db), phone.db);
    expect((await readCart(phone.db))[0].previousPrice).toBe(product.price);
    await server.deps.db.updateTable('products').set({ price_minor: Math.round(product.price * 100) }).where('id', '=', product.id).execute();
    await pullServerCart(phoneApi(server, phone.db), phone.db);
    expect((await readCart(phone.db))[0].previousPrice).toBeUndefined();
  });
});
