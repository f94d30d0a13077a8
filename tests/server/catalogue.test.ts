import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '../../src/shared/schemas/catalogue';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const getJson = async (path: string) => {
  const res = await server.call(path);
  return { status: res.status, body: (await res.json()) as any };
};

describe('health', () => {
  it('answers ok once the database answers', async () => {
    const { status, body } = await getJson('/healthz');
    expect(status).toBe(200);
    expect(body).toEqual({ status: 'ok' });
  });
});

describe('GET /products', () => {
  it('lists the seeded catalogue with the pagination shape', async () => {
    const { status, body } = await getJson('/products');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(20);
    expect(body.pagination).toMatchObject({ currentPage: 1, pageSize: 20, hasPreviousPage: false, hasNextPage: true });
    expect(body.pagination.totalCount).toBeGreaterThanOrEqual(60);
    const p: Product = body.data[0];
    expect(p.currency).toBe('GHS');
    expect(typeof p.price).toBe('number');
    expect(p.images[0].urls[320]).toMatch(/^\/media\/products\/[a-f0-9]{24}\/320\.webp$/);
  });

  it('searches name, category and description without regard to case, word by word', async () => {
    const { body } = await getJson('/products?search=MAIZE');
    expect(body.data.length).toBeGreaterThan(0);
    for (const p of body.data as Product[]) expect(`${p.name} ${p.category} ${p.description}`.toLowerCase()).toContain('maize');
    const none = await getJson('/products?search=zzqqxx');
    expect(none.body.data).toEqual([]);
    expect(none.body.pagination.totalCount).toBe(0);
  });

  it('treats % and _ in a search as plain characters', async () => {
    const { status, body } = await getJson('/products?search=%25');
    expect(status).toBe(200);
    for (const p of body.data as Product[]) expect(`${p.name} ${p.category} ${p.description}`).toContain('%');
  });

  it('filters by category, condition, location and price', async () => {
    const { body } = await getJson('/products?category=Grains&limit=100');
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.every((p: Product) => p.category === 'Grains')).toBe(true);
    const organic = await getJson('/products?condition=organic&limit=100');
    expect(organic.body.data.every((p: Product) => p.condition === 'organic')).toBe(true);
    const region = await getJson(`/products?location=${encodeURIComponent('Greater Accra')}&limit=100`);
    expect(region.body.data.length).toBeGreaterThan(0);
    expect(region.body.data.every((p: Product) => p.region === 'Greater Accra')).toBe(true);
    const priced = await getJson('/products?minPrice=50&maxPrice=200&limit=100');
    expect(priced.body.data.every((p: Product) => p.price >= 50 && p.price <= 200)).toBe(true);
  });

  it('sorts by price, name and date in both directions', async () => {
    const asc = (await getJson('/products?sortBy=price&sortDir=asc&limit=100')).body.data as Product[];
    expect(asc.map((p) => p.price)).toEqual([...asc.map((p) => p.price)].sort((a, b) => a - b));
    const byName = (await getJson('/products?sortBy=name&sortDir=asc&limit=100')).body.data as Product[];
    const names = byName.map((p) => p.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const newest = (await getJson('/products?limit=100')).body.data as Product[];
    const dates = newest.map((p) => p.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('pages without overlap', async () => {
    const one = (await getJson('/products?limit=10&page=1')).body;
    const two = (await getJson('/products?limit=10&page=2')).body;
    expect(two.pagination.hasPreviousPage).toBe(true);
    const ids = new Set(one.data.map((p: Product) => p.id));
    expect(two.data.some((p: Product) => ids.has(p.id))).toBe(false);
  });

  it.each([
    ['page=-1', 'page'],
    ['page=0', 'page'],
    ['limit=abc', 'limit'],
    ['limit=100000', 'limit'],
    ['minPrice=x', 'minPrice'],
    ['maxPrice=-5', 'maxPrice'],
    ['sortBy=evil', 'sortBy'],
    ['sortDir=sideways', 'sortDir'],
    ['category=Spaceships', 'category'],
    ['location=Texas', 'location'],
    ['minPrice=500&maxPrice=10', '_'],
  ])('answers %s with a 400 that names the problem', async (query, field) => {
    const { status, body } = await getJson(`/products?${query}`);
    expect(status).toBe(400);
    expect(body.code).toBe('validation_failed');
    expect(body.message).toBeTruthy();
    expect(Object.keys(body.fieldErrors)).toContain(field);
  });
});

describe('GET /products/{id}', () => {
  it('shows one product with reviews, a real rating and related products', async () => {
    const list = (await getJson('/products?limit=100')).body.data as Product[];
    const reviewed = list.find((p) => p.rating.count > 0)!;
    const { status, body } = await getJson(`/products/${reviewed.id}`);
    expect(status).toBe(200);
    expect(body.data.reviews).toHaveLength(reviewed.rating.count);
    const average = body.data.reviews.reduce((s: number, r: { rating: number }) => s + r.rating, 0) / body.data.reviews.length;
    expect(body.data.rating.average).toBeCloseTo(average, 1);
    expect(body.data.canReview).toBe(false);
    expect(body.data.relatedProducts.every((p: Product) => p.category === reviewed.category && p.id !== reviewed.id)).toBe(true);
  });

  it.each(['999999', 'abc', '-1', '1.5'])('answers id %s with 404', async (id) => {
    const { status, body } = await getJson(`/products/${id}`);
    expect(status).toBe(404);
    expect(body.message).toBe('Product Not Found');
  });
});

describe('shelves, categories and warehouses', () => {
  it('serves featured, discounted and weekly specials', async () => {
    const featured = (await getJson('/products/featured')).body.data as Product[];
    expect(featured.length).toBeGreaterThan(0);
    expect(featured.every((p) => p.isFeatured)).toBe(true);
    const discounted = (await getJson('/products/discounted')).body.data as Product[];
    expect(discounted.every((p) => (p.discountPercentage ?? 0) > 0)).toBe(true);
    const specials = (await getJson('/products/weekly-specials')).body.data as Product[];
    expect(specials.every((p) => p.oldPrice !== null && p.oldPrice > p.price)).toBe(true);
  });

  it('lists categories with counts that add up to the catalogue', async () => {
    const categories = (await getJson('/categories')).body.data as { name: string; productCount: number }[];
    const total = (await getJson('/products?limit=1')).body.pagination.totalCount;
    expect(categories.reduce((s, c) => s + c.productCount, 0)).toBe(total);
    expect(categories.map((c) => c.name)).toContain('Livestock');
  });

  it('lists at least five warehouses across Ghana', async () => {
    const warehouses = (await getJson('/warehouses')).body.data;
    expect(warehouses.length).toBeGreaterThanOrEqual(5);
    expect(warehouses.map((w: { region: string }) => w.region)).toEqual(expect.arrayContaining(['Greater Accra', 'Ashanti', 'Northern']));
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const { status, body } = await getJson('/nothing-here');
    expect(status).toBe(404);
    expect(body.code).toBe('not_found');
  });
});

describe('product images', () => {
  it('serves each width as WebP with a year-long immutable cache', async () => {
    const product = (await getJson('/products?limit=1')).body.data[0] as Product;
    for (const width of [320, 640, 1280] as const) {
      const res = await server.call(product.images[0].urls[width]);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect(res.headers.get('cache-control')).toContain('immutable');
      // A picture carries nosniff and same-origin only, not the document policies (http/security.ts).
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('content-security-policy')).toBeNull();
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(new TextDecoder().decode(bytes.slice(8, 12))).toBe('WEBP');
    }
  });

  it('refuses paths that are not stored images', async () => {
    for (const path of ['/media/products/zzz/320.webp', '/media/products/0123456789abcdef01234567/999.webp', '/media/etc/0123456789abcdef01234567/320.webp']) {
      expect((await server.call(path)).status).toBe(404);
    }
  });
});
