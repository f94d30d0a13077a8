import Dexie from 'dexie';
import { getHeapStatistics } from 'node:v8';
import { beforeEach, describe, expect, it } from 'vitest';
import { toLocalProduct } from '../../src/local/catalogue';
import { AkuafoDb, type LocalProduct } from '../../src/local/db';
import type { Product, ProductDetail } from '../../src/shared/schemas/catalogue';

function product(id: number): Product {
  const key = id.toString(16).padStart(24, '0');
  const urls = { 320: `/media/products/${key}/320.webp`, 640: `/media/products/${key}/640.webp`, 1280: `/media/products/${key}/1280.webp` };
  return {
    id,
    name: `Maize lot ${id}`,
    description: 'White maize, dried and bagged.',
    price: 120,
    currency: 'GHS',
    category: 'Grains',
    condition: 'organic',
    region: 'Ashanti',
    stockQuantity: 5,
    isActive: true,
    isFeatured: false,
    discountPercentage: null,
    oldPrice: null,
    weeklySpecial: false,
    imagesUrls: [urls[640]],
    images: [{ id, width: 640, height: 480, urls }],
    rating: { average: null, count: 0 },
    sellerName: 'Ama Farms',
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
    version: id,
  };
}

/** The same database as IndexedDB holds it, opened without the app's middleware (Dexie's dynamic mode: its schema as found). */
async function raw(name: string): Promise<Dexie> {
  const plain = new Dexie(name);
  await plain.open();
  return plain;
}

let name: string;
let db: AkuafoDb;
beforeEach(async () => {
  name = `pictures-${Math.random()}`;
  db = new AkuafoDb(name);
  await db.open();
});

describe('pictures in the mirror (stored-pictures.ts)', () => {
  it('are kept under "320w"… and given back as the API gives them, by every way of reading', async () => {
    const written = [1, 2, 3].map((id) => toLocalProduct(product(id)));
    await db.products.bulkPut(written);
    const expected = written.map((p) => JSON.parse(JSON.stringify(p)) as LocalProduct);
    // What was handed to bulkPut is not changed.
    expect(written[0].images[0].urls[320]).toBe('/media/products/000000000000000000000001/320.webp');

    const plain = await raw(name);
    const stored = await plain.table('products').get(1);
    plain.close();
    expect(stored.images[0]).toEqual({ id: 1, width: 640, height: 480, urlsAt: { '320w': expected[0].images[0].urls[320], '640w': expected[0].images[0].urls[640], '1280w': expected[0].images[0].urls[1280] } });

    expect(await db.products.get(1)).toEqual(expected[0]);
    expect(await db.products.bulkGet([3, 1])).toEqual([expected[2], expected[0]]);
    expect(await db.products.toArray()).toEqual(expected);
    expect(await db.products.where('region').equals('Ashanti').sortBy('id')).toEqual(expected);
    expect(await db.products.filter((p) => p.id > 1).toArray()).toEqual(expected.slice(1));
    const seen: LocalProduct[] = [];
    await db.products.each((p) => void seen.push(p));
    expect(seen).toEqual(expected);
    expect(JSON.stringify((await db.products.get(2))!.images[0].urls)).toBe(JSON.stringify(product(2).images[0].urls));
  });

  it('in a detail and its related products, through an update of another field', async () => {
    const detail: ProductDetail & { cachedAt: string } = { ...product(7), reviews: [], relatedProducts: [product(8), product(9)], canReview: true, cachedAt: '2026-11-25T10:00:00.000Z' };
    await db.productDetails.put(detail);
    await db.productDetails.update(7, { canReview: false });
    const read = await db.productDetails.get(7);
    expect(read).toEqual({ ...JSON.parse(JSON.stringify(detail)), canReview: false });
    const plain = await raw(name);
    const stored = await plain.table('productDetails').get(7);
    plain.close();
    expect(stored.relatedProducts[1].images[0].urlsAt['1280w']).toBe(product(9).images[0].urls[1280]);
    expect(stored.relatedProducts[1].images[0].urls).toBeUndefined();
  });

  it('written before they were kept this way are read as they are, and stored anew by the upgrade to version 4', async () => {
    db.close();
    await Dexie.delete(name);
    // The phone's database as version 3 left it: pictures under their widths.
    const older = new Dexie(name);
    older.version(3).stores({ products: 'id, category, price, createdAt, updatedAt, version, isFeatured, region, condition', productDetails: 'id' });
    const old = Array.from({ length: 1_203 }, (_, i) => toLocalProduct(product(i + 1)));
    await older.table('products').bulkPut(old);
    await older.table('productDetails').put({ ...product(5), reviews: [], relatedProducts: [product(6)], canReview: true, cachedAt: '2026-11-25T10:00:00.000Z' });
    const oldRow = await older.table('products').get(4);
    older.close();
    // Read as it was, by the middleware's fallback (what the upgrade reads).
    expect(oldRow.images[0].urls[640]).toBe(product(4).images[0].urls[640]);

    const upgraded = new AkuafoDb(name);
    expect(await upgraded.products.get(4)).toEqual(JSON.parse(JSON.stringify(toLocalProduct(product(4)))));
    expect(await upgraded.products.count()).toBe(1_203);
    upgraded.close();
    const plain = await raw(name);
    const stored = await plain.table('products').toArray();
    const detail = await plain.table('productDetails').get(5);
    plain.close();
    expect(stored.every((row) => row.images[0].urls === undefined && row.images[0].urlsAt['320w'] === product(row.id).images[0].urls[320])).toBe(true);
    expect(detail.images[0].urlsAt['1280w']).toBe(product(5).images[0].urls[1280]);
    expect(detail.relatedProducts[0].images[0].urlsAt['640w']).toBe(product(6).images[0].urls[640]);
  });

  it('read back, take a small part of the memory their ascending keys took', async () => {
    const products = Array.from({ length: 2000 }, (_, i) => toLocalProduct(product(i + 1)));
    await db.products.bulkPut(products);
    const plainName = `${name}-plain`;
    const plain = new Dexie(plainName);
    plain.version(1).stores({ products: 'id' });
    await plain.table('products').bulkPut(products);

    const grown = async (read: () => Promise<unknown[]>) => {
      const before = getHeapStatistics().used_heap_size;
      const kept = await read();
      const after = getHeapStatistics().used_heap_size;
      expect(kept).toHaveLength(2000);
      return after - before;
    };
    const ascending = await grown(() => plain.table('products').toArray());
    const kept = await grown(() => db.products.toArray());
    // About 18 KB a picture read back in node (9.6 KB in Chromium) against under 1 KB (docs/performance.md).
    expect(kept * 3).toBeLessThan(ascending);
    plain.close();
  });
});
