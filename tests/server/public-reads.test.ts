import { randomBytes } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { BEST, createAnswerCache, QUICK } from '../../src/server/http/answer-cache';
import { HEAD_FRESH_MS } from '../../src/server/modules/catalogue/head';
import { adminToken, pngImage, productForm, tokenFor, VALID_PRODUCT } from '../support/sellers';
import { startTestServer, type TestServer } from '../support/server';
import { firstWarehouseId, makeUser } from '../support/shop';

let server: TestServer;
let kofi: string;
let admin: string;
let png: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  [kofi, admin] = await Promise.all([tokenFor(server, 'kofi.farms@akuafo.demo'), adminToken(server)]);
  png = await pngImage();
});
afterAll(() => server.close());

const json = async (res: Response) => (await res.json()) as any;
const PUBLIC_READS = [
  '/products',
  '/products?category=Grains&sortBy=price&sortDir=asc&limit=5&page=1',
  '/products?search=maize',
  '/products/featured',
  '/products/discounted',
  '/products/weekly-specials',
  '/products/25',
  '/products/25/reviews',
  '/categories',
  '/warehouses',
  '/sync/catalogue',
  '/sync/catalogue?since=0&limit=10',
];

/** A second app instance over the same database, as another server of a fleet would be. */
function otherInstance() {
  const app = createApp(server.deps);
  return async (path: string) => app.request(`http://test.local/api/v1${path}`);
}

async function approvedProduct(name: string, price = '20') {
  const created = await server.call('/product-submissions', { method: 'POST', token: kofi, body: productForm({ ...VALID_PRODUCT, name, price }, [{ name: 'p.png', data: png }]) });
  const submission = (await json(created)).data;
  const approved = (await json(await server.call(`/admin/submissions/${submission.id}/approve`, { method: 'POST', token: admin }))).data;
  return { submissionId: submission.id as number, productId: approved.productId as number };
}

/** Polls until check passes; returns how long that took. */
async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not seen within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return Date.now() - started;
}

describe('public catalogue reads', () => {
  it('carry an ETag and answer 304 to it, bodiless', async () => {
    for (const path of PUBLIC_READS) {
      const res = await server.call(path);
      expect(res.status, path).toBe(200);
      const etag = res.headers.get('etag')!;
      expect(etag, path).toMatch(/^W\/".+"$/);
      expect(res.headers.get('cache-control'), path).toMatch(/public/);
      const again = await server.call(path, { headers: { 'if-none-match': `"other", ${etag}` } });
      expect(again.status, path).toBe(304);
      expect(await again.text(), path).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
    }
  });

  it('are sent precompressed, brotli or gzip, once compressed, and plain to a client that takes neither', async () => {
    for (const path of PUBLIC_READS) {
      const plain = await server.call(path);
      expect(plain.headers.get('content-encoding'), path).toBeNull();
      const text = await plain.text();
      const gz = await server.call(path, { headers: { 'accept-encoding': 'gzip, deflate' } });
      expect(gz.headers.get('content-encoding'), path).toBe('gzip');
      expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString(), path).toBe(text);
      const br = await server.call(path, { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
      expect(br.headers.get('content-encoding'), path).toBe('br');
      expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString(), path).toBe(text);
      expect(br.headers.get('vary'), path).toContain('Accept-Encoding');
    }
    const refused = await server.call('/products', { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(refused.headers.get('content-encoding')).toBe('gzip');
  });

  it('keep the answers of bad queries what they were: 400 with the field, 404 for no such product', async () => {
    const bad = await server.call('/products?sortBy=colour');
    expect(bad.status).toBe(400);
    expect((await json(bad)).fieldErrors).toEqual({ sortBy: 'sortBy must be relevance, createdAt, price or name' });
    expect((await server.call('/products/999999')).status).toBe(404);
  });

  it('let browsers keep sync pages below the head for good, and revalidate the page at the head', async () => {
    const below = await server.call('/sync/catalogue?since=0&limit=10');
    expect((await json(below)).data.hasMore).toBe(true);
    expect(below.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const head = await server.call('/sync/catalogue?since=0&limit=1000');
    expect((await json(head)).data.hasMore).toBe(false);
    expect(head.headers.get('cache-control')).toBe('public, no-cache');
    expect((await server.call('/products')).headers.get('cache-control')).toBe('public, max-age=5, stale-while-revalidate=25');
  });
});

describe('a change', () => {
  it('shows on the very next request of the instance that made it, and within a second on another', async () => {
    const other = otherInstance();
    const { submissionId, productId } = await approvedProduct('Cached Garden Eggs Basket', '20');
    const paths = ['/products?search=Cached%20Garden', `/products/${productId}`, '/sync/catalogue?since=0&limit=1000', '/products/featured'];
    for (const path of paths) {
      await server.call(path);
      await other(path);
    }
    const priceIn = async (res: Response) => {
      const { data } = await json(res);
      if (Array.isArray(data)) return data.find((p: any) => p.id === productId)?.price;
      return data.products ? data.products.find((p: any) => p.id === productId)?.price : data.price;
    };
    expect(await priceIn(await server.call(paths[0]))).toBe(20);

    // Price and stock: an edit of the approved listing.
    const edit = await server.call(`/product-submissions/my-submissions/${submissionId}`, { method: 'PATCH', token: kofi, json: { price: 23.5, stockQuantity: 3 } });
    expect(edit.status).toBe(200);
    for (const path of paths.slice(0, 3)) expect(await priceIn(await server.call(path)), path).toBe(23.5);
    const seenAfter = await within(1000, async () => (await priceIn(await other(paths[1]))) === 23.5);
    expect(seenAfter).toBeLessThanOrEqual(HEAD_FRESH_MS + 200);
    expect(await priceIn(await other(paths[0]))).toBe(23.5);

    // Deletion: gone from lists and details at once here, within a second there.
    expect((await server.call(`/product-submissions/my-submissions/${submissionId}`, { method: 'DELETE', token: kofi })).status).toBe(200);
    expect((await json(await server.call(paths[0]))).data).toEqual([]);
    expect((await json(await server.call('/sync/catalogue?since=0&limit=1000'))).data.deletedIds).toContain(productId);
    await within(1000, async () => (await json(await other(paths[0]))).data.length === 0);
  });

  it('of a new listing shows in the list it joins and in the categories count at once', async () => {
    const before = (await json(await server.call('/categories'))).data.find((c: any) => c.name === 'Vegetables').productCount;
    await server.call('/products?category=Vegetables&limit=100');
    const { productId } = await approvedProduct('Cached Okra Crate');
    const list = (await json(await server.call('/products?category=Vegetables&limit=100'))).data;
    expect(list.map((p: any) => p.id)).toContain(productId);
    expect((await json(await server.call('/categories'))).data.find((c: any) => c.name === 'Vegetables').productCount).toBe(before + 1);
  });

  it('to what the catalogue counter does not count (warehouses, names) still changes the answers', async () => {
    const other = otherInstance();
    const names = async (read: (p: string) => Promise<Response>) => (await json(await read('/warehouses'))).data.map((w: any) => w.name);
    await names(server.call);
    await names(other);
    // Written straight to the database, as an operator's tool or another instance would.
    const id = await firstWarehouseId(server);
    await server.deps.db.updateTable('warehouses').set({ name: 'Techiman Market Depot' }).where('id', '=', id).execute();
    await within(1000, async () => (await names(server.call)).includes('Techiman Market Depot'));
    await within(1000, async () => (await names(other)).includes('Techiman Market Depot'));

    // A seller's new business name shows on the products they sell.
    const sellerName = async () => (await json(await server.call('/products?search=Shallots&limit=1'))).data[0]?.sellerName;
    await approvedProduct('Renamed Seller Shallots');
    expect(await sellerName()).toBe('Boateng Family Farms');
    const kofiId = (await server.deps.db.selectFrom('users').select('id').where('email', '=', 'kofi.farms@akuafo.demo').executeTakeFirstOrThrow()).id;
    await server.deps.db.updateTable('seller_profiles').set({ business_name: 'Boateng & Sons Farms' }).where('user_id', '=', kofiId).execute();
    await within(1000, async () => (await sellerName()) === 'Boateng & Sons Farms');
  });
});

describe('canReview', () => {
  it('is answered for the user who asks, never from another user\'s answer', async () => {
    const productId = 25;
    const buyer = await makeUser(server);
    const stranger = await makeUser(server);
    const db = server.deps.db;
    const at = new Date().toISOString();
    const { id: orderId } = await db
      .insertInto('orders')
      .values({
        order_number: `ORD-C-${Date.now()}`, user_id: buyer.id, status: 'DELIVERED', payment_status: 'PAID', pickup_warehouse_id: await firstWarehouseId(server),
        subtotal_minor: 500, discount_minor: 0, tax_minor: 0, shipping_minor: 0, total_minor: 500, currency: 'GHS', notes: null, agent_code: null,
        payment_method: 'MOBILE_MONEY', mobile_money_network: 'MTN', mobile_money_number: '0241234567', reservation_expires_at: null,
        estimated_delivery: null, delivered_at: at, created_at: at, updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('order_items').values({ order_id: orderId, product_id: productId, product_name: 'x', unit_price_minor: 500, quantity: 1, total_minor: 500 }).execute();

    const mine = await server.call(`/products/${productId}`, { token: buyer.token });
    expect((await json(mine)).data.canReview).toBe(true);
    expect(mine.headers.get('cache-control')).toBe('private, no-cache');
    expect(mine.headers.get('vary')).toContain('Authorization');
    const anonymous = await server.call(`/products/${productId}`);
    expect((await json(anonymous)).data.canReview).toBe(false);
    expect(anonymous.headers.get('vary')).toContain('Authorization');
    expect((await json(await server.call(`/products/${productId}`, { token: stranger.token }))).data.canReview).toBe(false);
    // The buyer's own answer turns false the moment their review is in.
    const review = await server.call('/reviews', { method: 'POST', token: buyer.token, json: { productId, rating: 4, comment: 'Good yam.' } });
    expect(review.status).toBe(201);
    const after = (await json(await server.call(`/products/${productId}`, { token: buyer.token }))).data;
    expect(after.canReview).toBe(false);
    expect(after.reviews.map((r: any) => r.comment)).toContain('Good yam.');
    expect((await json(await server.call(`/products/${productId}/reviews`))).data.map((r: any) => r.comment)).toContain('Good yam.');
  });
});

describe('the answer cache', () => {
  it('stays under its byte cap, dropping the least recently used answer first', async () => {
    const cache = createAnswerCache(8_000);
    // Random text compresses badly, so each answer takes some hundreds of bytes.
    const noisy = async () => ({ json: JSON.stringify({ data: randomBytes(300).toString('base64') }), cacheControl: 'public' });
    const mustBeKept = async (): Promise<never> => {
      throw new Error('asked again for an answer the cache should hold');
    };
    await cache.get('a', noisy);
    await cache.get('b', noisy);
    for (let i = 0; cache.stats().entries === i + 2; i++) {
      await cache.get('a', mustBeKept); // a stays the most recently used
      await cache.get(`k${i}`, noisy);
      expect(cache.stats().bytes).toBeLessThanOrEqual(8_000);
    }
    await cache.get('a', mustBeKept);
    let refilled = false;
    await cache.get('b', async () => {
      refilled = true;
      return noisy();
    });
    expect(refilled).toBe(true);
  });

  it('computes an answer asked for by many at once only once', async () => {
    const cache = createAnswerCache(1_000_000);
    let loads = 0;
    const fill = async () => {
      loads += 1;
      return { json: JSON.stringify({ data: 'x'.repeat(100) }), cacheControl: 'public' };
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get('same', fill)));
    expect(loads).toBe(1);
    expect(new Set(answers.map((a) => a.etag)).size).toBe(1);
    expect(cache.stats()).toMatchObject({ entries: 1, misses: 1 });
  });
});

describe('the answer cache\'s compression', () => {
  const JSON_TEXT = JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Fresh maize ${i}`, region: 'Ashanti' })) });
  const raw = Buffer.from(JSON_TEXT);
  const fill = async () => ({ json: JSON_TEXT, cacheControl: 'public' });
  const mustBeKept = async (): Promise<never> => {
    throw new Error('asked again for an answer the cache should hold');
  };
  const brotli = (quality: number) => brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength } });

  it('compresses a new answer only in the encoding its request takes, at the quick level', async () => {
    const cache = createAnswerCache(1_000_000);
    const gz = await cache.get('g', fill, 'gzip');
    expect(gz.br).toBeUndefined();
    expect(Buffer.from(gz.gzip!)).toEqual(gzipSync(raw, { level: QUICK.gzip }));
    expect(gz.best).toBe(false);
    const br = await cache.get('b', fill, 'br');
    expect(br.gzip).toBeUndefined();
    expect(Buffer.from(br.br!)).toEqual(brotli(QUICK.br));
    expect(cache.stats()).toMatchObject({ entries: 2, bytes: gz.gzip!.byteLength + br.br!.byteLength, upgrades: 0 });
  });

  it('keeps the plain JSON, compressing nothing, for a first request that takes no compression', async () => {
    const cache = createAnswerCache(1_000_000);
    const plain = await cache.get('p', fill, 'identity');
    expect(plain.gzip).toBeUndefined();
    expect(plain.br).toBeUndefined();
    expect(Buffer.from(plain.identity!).toString()).toBe(JSON_TEXT);
    // Asked again: both encodings at the best level, and the plain copy is given back.
    await cache.get('p', mustBeKept, 'identity');
    await cache.settled();
    const better = await cache.get('p', mustBeKept, 'br');
    expect(better.identity).toBeUndefined();
    expect(gunzipSync(better.gzip!).toString()).toBe(JSON_TEXT);
    expect(cache.stats().bytes).toBe(better.gzip!.byteLength + better.br!.byteLength);
  });

  it('sends an answer asked again at once as it is, and both encodings at the best level after', async () => {
    const cache = createAnswerCache(1_000_000);
    const first = await cache.get('k', fill, 'gzip');
    expect(cache.get('k', mustBeKept, 'gzip')).toBe(first); // not a promise: nothing waited for
    await cache.settled();
    const better = cache.get('k', mustBeKept, 'br');
    expect(better).not.toBeInstanceOf(Promise);
    const answer = better as Exclude<typeof better, Promise<unknown>>;
    expect(answer.best).toBe(true);
    expect(answer.etag).toBe(first.etag);
    expect(Buffer.from(answer.gzip!)).toEqual(gzipSync(raw, { level: BEST.gzip }));
    expect(Buffer.from(answer.br!)).toEqual(brotli(BEST.br));
    expect(cache.stats()).toMatchObject({ entries: 1, upgrades: 1, bytes: answer.gzip!.byteLength + answer.br!.byteLength });
    await cache.get('k', mustBeKept, 'gzip');
    await cache.settled();
    expect(cache.stats().upgrades).toBe(1); // once per answer
  });

  it('gives a second request in the other encoding that encoding, waiting for it, and peek leaves it to the caller', async () => {
    const cache = createAnswerCache(1_000_000);
    const first = await cache.get('k', fill, 'br');
    expect(cache.peek('k', 'br')).toBe(first);
    await cache.settled();
    const cache2 = createAnswerCache(1_000_000);
    await cache2.get('k', fill, 'br');
    expect(cache2.peek('k', 'gzip')).toBeUndefined(); // not held yet: the caller goes the long way
    const gz = await cache2.get('k', mustBeKept, 'gzip');
    expect(gunzipSync(gz.gzip!).toString()).toBe(JSON_TEXT);
    expect(cache2.peek('k', 'gzip')).toBe(gz);
  });

  it('does not bring back an answer dropped while it was being compressed again', async () => {
    const cache = createAnswerCache(1_000_000);
    await cache.get('v1|k', fill, 'gzip');
    await cache.get('v1|k', mustBeKept, 'gzip'); // starts the better compression
    cache.keepOnly('v2|');
    await cache.settled();
    expect(cache.stats()).toMatchObject({ entries: 0, bytes: 0 });
  });
});

describe('public reads over HTTP', () => {
  it('send a new answer in the encoding asked for, then the other encoding and plain JSON to later clients, with one ETag', async () => {
    for (const [path, firstEncoding] of [
      ['/products?search=maize&sortBy=price&sortDir=desc', 'gzip'],
      ['/products?search=tomato&page=1&limit=7', 'br'],
      ['/products?category=Grains&limit=3', null],
    ] as const) {
      const first = await server.call(path, firstEncoding ? { headers: { 'accept-encoding': firstEncoding } } : {});
      expect(first.headers.get('content-encoding'), path).toBe(firstEncoding);
      const firstBody = Buffer.from(await first.arrayBuffer());
      expect(Number(first.headers.get('content-length')), path).toBe(firstBody.byteLength);
      const text = firstEncoding === 'gzip' ? gunzipSync(firstBody).toString() : firstEncoding === 'br' ? brotliDecompressSync(firstBody).toString() : firstBody.toString();
      for (const encoding of ['br', 'gzip', null, 'br', 'gzip', null]) {
        const res = await server.call(path, encoding ? { headers: { 'accept-encoding': encoding } } : {});
        const body = Buffer.from(await res.arrayBuffer());
        expect(res.headers.get('content-encoding'), `${path} ${encoding}`).toBe(encoding);
        expect(Number(res.headers.get('content-length')), `${path} ${encoding}`).toBe(body.byteLength);
        expect(res.headers.get('etag'), path).toBe(first.headers.get('etag'));
        expect(res.headers.get('vary'), path).toBe('Accept-Encoding');
        const decoded = encoding === 'gzip' ? gunzipSync(body).toString() : encoding === 'br' ? brotliDecompressSync(body).toString() : body.toString();
        expect(decoded, `${path} ${encoding}`).toBe(text);
      }
    }
  });
});

describe('an anonymous read already answered at the head', () => {
  /** The app behind the real Node adapter, as `npm start` serves it (its own header parse included). */
  async function overNode() {
    const { serve } = await import('@hono/node-server');
    const app = createApp(server.deps);
    const listening = await new Promise<{ close(): void; url: string }>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve({ close: () => s.close(), url: `http://127.0.0.1:${info.port}/api/v1` }));
    });
    return listening;
  }
  const headersOf = (res: Response) => Object.fromEntries([...res.headers].filter(([name]) => name !== 'date'));

  it('is sent again with the same body and every header, the security headers included, and 304 to its ETag', async () => {
    const node = await overNode();
    try {
      for (const path of ['/categories', '/products?category=Grains&limit=5', '/products/25']) {
        const first = await fetch(`${node.url}${path}`, { headers: { 'accept-encoding': 'gzip' } });
        const again = await fetch(`${node.url}${path}`, { headers: { 'accept-encoding': 'gzip' } });
        expect(again.status).toBe(200);
        expect(headersOf(again)).toEqual(headersOf(first));
        expect(await again.text()).toBe(await first.text());
        expect(again.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
        expect(again.headers.get('x-content-type-options')).toBe('nosniff');
        const notModified = await fetch(`${node.url}${path}`, { headers: { 'if-none-match': first.headers.get('etag')! } });
        expect(notModified.status).toBe(304);
        expect(notModified.headers.get('x-frame-options')).toBe('DENY');
      }
    } finally {
      node.close();
    }
  });

  it('is sent in another encoding than its first request\'s, or plain, only once it holds that form', async () => {
    const node = await overNode();
    try {
      const path = '/products?search=yam&sortBy=name&sortDir=desc&limit=4';
      const first = await fetch(`${node.url}${path}`, { headers: { 'accept-encoding': 'gzip' } });
      const text = await first.text();
      for (const encoding of ['br', 'gzip', 'identity', 'br']) {
        // Node's fetch decodes the body and keeps the header: check both.
        const res = await fetch(`${node.url}${path}`, { headers: { 'accept-encoding': encoding } });
        expect(res.headers.get('content-encoding'), encoding).toBe(encoding === 'identity' ? null : encoding);
        expect(res.headers.get('etag')).toBe(first.headers.get('etag'));
        expect(await res.text(), encoding).toBe(text);
      }
    } finally {
      node.close();
    }
  });

  it('is not given to a signed-in user, another site, or after a change', async () => {
    const node = await overNode();
    try {
      const { submissionId, productId } = await approvedProduct('Known Answer Cassava', '20');
      const path = `/products/${productId}`;
      const priceNow = async () => (await json(await fetch(`${node.url}${path}`))).data.price;
      expect(await priceNow()).toBe(20);
      expect((await fetch(`${node.url}${path}`)).headers.get('cache-control')).toBe('public, max-age=5, stale-while-revalidate=25');
      const signedIn = await fetch(`${node.url}${path}`, { headers: { authorization: `Bearer ${kofi}` } });
      expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');
      expect((await fetch(`${node.url}${path}`, { headers: { origin: 'https://evil.example' } })).status).toBe(403);
      // A change through this instance shows on the very next read of the same URL.
      const edit = await fetch(`${node.url}/product-submissions/my-submissions/${submissionId}`, {
        method: 'PATCH',
        headers: { authorization: `Bearer ${kofi}`, 'content-type': 'application/json' },
        body: JSON.stringify({ price: 21.5 }),
      });
      expect(edit.status).toBe(200);
      expect(await priceNow()).toBe(21.5);
    } finally {
      node.close();
    }
  });
});
