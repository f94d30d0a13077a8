import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/shared/schemas/catalogue';
import type { OfflinePackSize } from '../../src/shared/schemas/offline';
import { startTestServer, type TestServer } from '../support/server';
import { recordStatements } from '../support/statements';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const size = async (qs: string) => {
  const res = await server.call(`/offline-packs/size?${qs}`);
  return { status: res.status, body: (await res.json()) as { data: OfflinePackSize; message?: string; code?: string; fieldErrors?: Record<string, string> } };
};

/** The pictures a phone would download for a category: every listed product's, each file once. */
async function downloadedBytes(category: string, width: 320 | 640): Promise<{ products: number; files: number; bytes: number }> {
  const res = await server.call(`/products?category=${encodeURIComponent(category)}&limit=100`);
  const products = ((await res.json()) as { data: Product[] }).data;
  const urls = [...new Set(products.flatMap((p) => p.images.map((i) => i.urls[width])))];
  let bytes = 0;
  for (const url of urls) bytes += (await (await server.call(url)).arrayBuffer()).byteLength;
  return { products: products.length, files: urls.length, bytes };
}

describe('GET /offline-packs/size', () => {
  it('sums the bytes of exactly the pictures a category pack downloads', async () => {
    for (const width of [320, 640] as const) {
      const { status, body } = await size(`category=Grains&width=${width}`);
      expect(status).toBe(200);
      const expected = await downloadedBytes('Grains', width);
      expect(body.data).toEqual({ category: 'Grains', width, productCount: expected.products, imageCount: expected.files, bytes: expected.bytes });
      expect(body.data.bytes).toBeGreaterThan(0);
    }
  });

  it('sizes everything when no category is given, and smaller pictures cost less', async () => {
    const all = (await size('width=320')).body.data;
    const grains = (await size('category=Grains&width=320')).body.data;
    const large = (await size('')).body.data;
    expect(all.category).toBeNull();
    expect(all.productCount).toBeGreaterThan(grains.productCount);
    expect(all.bytes).toBeGreaterThan(grains.bytes);
    expect(large.width).toBe(640);
    expect(large.bytes).toBeGreaterThan(all.bytes);
  });

  it('with a region, sizes only that region\'s pictures (a phone whose mirror holds its region)', async () => {
    const res = await server.call('/products?limit=100');
    const products = ((await res.json()) as { data: Product[] }).data;
    const region = products[0].region;
    const mine = products.filter((p) => p.region === region);
    const sized = await size(`region=${encodeURIComponent(region)}&width=320`);
    expect(sized.status).toBe(200);
    expect(sized.body.data.productCount).toBe(mine.filter((p) => p.images.length > 0).length);
    expect(sized.body.data.productCount).toBeLessThan((await size('width=320')).body.data.productCount);
    const bad = await size('region=Mars');
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors?.region).toBe("region must be one of Ghana's 16 regions");
  });

  it('refuses an unknown category or width with a 400 that names the field', async () => {
    const badCategory = await size('category=Gold');
    expect(badCategory.status).toBe(400);
    expect(badCategory.body.fieldErrors?.category).toBe('Unknown category');
    const badWidth = await size('width=99');
    expect(badWidth.status).toBe(400);
    expect(badWidth.body.fieldErrors?.width).toBe('width must be one of 320, 640, 1280');
  });

  it.runIf(!process.env.DATABASE_URL)("reads the pack's listings on a reader thread, none of them on the event loop (SQLite)", async () => {
    // This thread's statements only: the reader threads prepare their own.
    const recorded = recordStatements();
    let body: Awaited<ReturnType<typeof size>>['body'];
    try {
      ({ body } = await size('category=Vegetables&width=1280'));
    } finally {
      recorded.stop();
    }
    expect(body.data.productCount).toBeGreaterThan(0);
    expect(body.data.imageCount).toBeGreaterThan(0);
    expect(recorded.texts.filter((text) => /from "products"/.test(text))).toEqual([]);
  });
});
