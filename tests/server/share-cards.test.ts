import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { SITEMAP_CHILD_SIZE } from '../../src/server/http/sitemap';
import { formatCedis } from '../../src/shared/money';
import { PAGE_DATA_OUTLET, PAGE_OUTLET, PAGE_TEMPLATE_FILE } from '../../src/shared/rendered-pages';
import { ROUTE_PRELOADS_FILE } from '../../src/shared/route-preloads';
import { adminToken, pngImage, productForm, tokenFor, VALID_PRODUCT } from '../support/sellers';
import { startTestServer, type TestServer } from '../support/server';

/** Issue 39 item 3: the card a shared link shows, read from the HTML the server sends (crawlers run no JavaScript). */
let server: TestServer;
let pages: ReturnType<typeof createApp>;
let kofi: string;
let admin: string;
const ORIGIN = 'https://market.example.gh';
const HOSTILE_NAME = 'Yam "</script><script>alert(1)</script><!--';

function buildFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'akuafo-cards-'));
  const head = '<head><meta charset="UTF-8" /><meta name="description" content="The build’s description." /><title>Akuafo Market</title></head>';
  writeFileSync(join(dir, 'index.html'), `<html lang="en-GH">${head}<body>home</body></html>`);
  writeFileSync(join(dir, 'shell.html'), `<html lang="en-GH">${head}<body><div id="root" data-prerendered="shell">Loading…</div></body></html>`);
  writeFileSync(join(dir, PAGE_TEMPLATE_FILE), `<html lang="en-GH">${head}<body><div id="root" data-prerendered="page">${PAGE_OUTLET}</div>${PAGE_DATA_OUTLET}</body></html>`);
  writeFileSync(join(dir, ROUTE_PRELOADS_FILE), '[]');
  return dir;
}

beforeAll(async () => {
  server = await startTestServer();
  pages = createApp({ ...server.deps, config: { ...server.deps.config, staticDir: buildFolder(), publicUrl: ORIGIN } });
  [kofi, admin] = await Promise.all([tokenFor(server, 'kofi.farms@akuafo.demo'), adminToken(server)]);
});
afterAll(() => server.close());

const json = async (res: Response) => (await res.json()) as any;
/** Asked as a crawler would, through any host name it was given (a forged Host must not change the links). */
const get = (path: string, headers: Record<string, string> = {}) => pages.request(`http://forged.example${path}`, { headers });

const decode = (text: string) => text.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
interface Head {
  meta: Record<string, string>;
  title: string | undefined;
  canonical: string | undefined;
  jsonLd: any[];
  raw: string;
}
/** The document's head as a crawler reads it: its meta tags, title, canonical link and JSON-LD blocks. */
function headOf(html: string): Head {
  const raw = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? '';
  const meta: Record<string, string> = {};
  const counts: Record<string, number> = {};
  for (const [, , key, value] of raw.matchAll(/<meta (property|name)="([^"]+)" content="([^"]*)" \/>/g)) {
    meta[key] = decode(value);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  // One of each: the build's own description gives way to the card's.
  expect(Object.values(counts).every((n) => n === 1), JSON.stringify(counts)).toBe(true);
  const titles = [...raw.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => decode(m[1]));
  expect(titles.length).toBeLessThanOrEqual(1);
  const jsonLd = [...raw.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
  return { meta, title: titles[0], canonical: /<link rel="canonical" href="([^"]*)" \/>/.exec(raw)?.[1], jsonLd, raw };
}

async function listed(name: string, picture: Buffer, extra: Record<string, string> = {}): Promise<number> {
  const created = await server.call('/product-submissions', { method: 'POST', token: kofi, body: productForm({ ...VALID_PRODUCT, name, price: '45.5', ...extra }, [{ name: 'p.png', data: picture }]) });
  expect(created.status).toBe(201);
  const approved = await server.call(`/admin/submissions/${(await json(created)).data.id}/approve`, { method: 'POST', token: admin });
  expect(approved.status).toBe(200);
  return (await json(approved)).data.productId;
}

describe('a product page’s head', () => {
  it('carries Open Graph and Twitter tags and Product JSON-LD with its Offer, with absolute links from PUBLIC_URL', async () => {
    const id = await listed('Share Card Plantain Bunch', await pngImage('#2E8B57', 800, 600), { commodityId: 'maize-50kg' });
    const product = (await json(await server.call(`/products/${id}`))).data;
    const res = await get(`/product/${id}`, { host: 'forged.example' });
    expect(res.status).toBe(200);
    const head = headOf(await res.text());
    const url = `${ORIGIN}/product/${id}`;
    expect(head.canonical).toBe(url);
    expect(head.title).toBe(`${product.name} | Akuafo Market`);
    expect(head.meta).toMatchObject({
      'og:type': 'product',
      'og:title': `${product.name} | Akuafo Market`,
      'og:url': url,
      'og:image': `${ORIGIN}${product.images[0].urls[640]}`,
      'og:image:width': '640',
      'og:image:height': '480',
      'twitter:card': 'summary_large_image',
    });
    // The price in cedis with the commodity's unit, and the region.
    expect(head.meta['og:description']).toContain(`${formatCedis(45.5)} per 50 kg bag`);
    expect(head.meta['og:description']).toContain(product.region);
    expect(head.meta.description).toBe(head.meta['og:description']);
    expect(head.raw).not.toContain('forged.example');

    expect(head.jsonLd).toHaveLength(1);
    expect(head.jsonLd[0]).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      sku: String(id),
      image: [`${ORIGIN}${product.images[0].urls[1280]}`],
      offers: { '@type': 'Offer', price: 45.5, priceCurrency: 'GHS', availability: 'https://schema.org/InStock', url },
    });
    expect(typeof head.jsonLd[0].offers.price).toBe('number');
  });

  it('in Twi for a Twi reader; sold out says OutOfStock; a small picture gives way to one at least 600 px wide', async () => {
    const id = await listed('Share Card Small Picture Yam', await pngImage('#8B4513', 300, 200), { stockQuantity: '1' });
    await server.deps.db.updateTable('products').set({ stock_quantity: 0 }).where('id', '=', id).execute();
    // A write the catalogue head sees (the answer cache follows it): the listing's price changes through the API.
    const submission = (await json(await server.call('/product-submissions/seller/me?limit=50', { token: kofi }))).data.find((s: any) => s.productId === id);
    expect((await server.call(`/product-submissions/my-submissions/${submission.id}`, { method: 'PATCH', token: kofi, json: { price: 46 } })).status).toBe(200);
    let head: Head;
    const started = Date.now();
    do head = headOf(await (await get(`/product/${id}`, { cookie: 'akuafo-lang=ak' })).text());
    while (head.jsonLd[0]?.offers.price !== 46 && Date.now() - started < 5000);
    expect(head.jsonLd[0].offers).toMatchObject({ price: 46, availability: 'https://schema.org/OutOfStock' });
    expect(head.meta['og:locale']).toBe('ak_GH');
    expect(head.meta['og:description']).toContain(`${formatCedis(46)} wɔ `);
    expect(Number(head.meta['og:image:width'])).toBeGreaterThanOrEqual(600);
    expect(head.meta['og:image']).toMatch(new RegExp(`^${ORIGIN}/`));
  });

  it('escapes everything: a name with "</script><script> stays text in the tags and data in the JSON-LD', async () => {
    const id = await listed(HOSTILE_NAME, await pngImage('#2E8B57', 800, 600));
    const product = (await json(await server.call(`/products/${id}`))).data;
    const html = await (await get(`/product/${id}`)).text();
    const head = headOf(html);
    expect(head.raw).not.toContain('<script><script>');
    expect(head.raw).not.toContain('alert(1)</script>');
    expect(head.raw.match(/<script/g)).toHaveLength(1);
    expect(head.meta['og:title']).toBe(`${product.name} | Akuafo Market`);
    expect(head.jsonLd[0].name).toBe(product.name);
    expect(product.name).toContain('</script>');
  });

  it('a missing listing gets no product card (and still its page)', async () => {
    const res = await get('/product/999999999');
    expect(res.status).toBe(200);
    const head = headOf(await res.text());
    expect(head.jsonLd).toEqual([]);
    expect(head.meta['og:type']).toBeUndefined();
  });
});

describe('the home, the product list and the prices', () => {
  it('carry their own title, description, canonical URL and a picture', async () => {
    for (const [path, title] of [['/', 'Akuafo Market: farm produce from Ghanaian farmers'], ['/products', 'Farm produce for sale | Akuafo Market'], ['/prices', 'Market prices this week | Akuafo Market']]) {
      const head = headOf(await (await get(path)).text());
      expect(head.title, path).toBe(title);
      expect(head.canonical, path).toBe(`${ORIGIN}${path}`);
      expect(head.meta, path).toMatchObject({ 'og:type': 'website', 'og:title': title, 'og:url': `${ORIGIN}${path}`, 'twitter:card': 'summary_large_image' });
      expect(Number(head.meta['og:image:width']), path).toBeGreaterThanOrEqual(600);
      expect(head.jsonLd, path).toEqual([]);
    }
    // With its filters, the list's canonical URL is still the list.
    expect(headOf(await (await get('/products?category=Vegetables')).text()).canonical).toBe(`${ORIGIN}/products`);
  });
});

describe('/sitemap.xml and /robots.txt', () => {
  it('the index names the static pages and a child per 50,000 ids with its lastmod; a child lists live listings by id', async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const index = await res.text();
    expect(index).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<sitemapindex xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locs = [...index.matchAll(/<sitemap><loc>([^<]+)<\/loc>(?:<lastmod>([^<]+)<\/lastmod>)?<\/sitemap>/g)].map((m) => ({ loc: m[1], lastmod: m[2] }));
    expect(locs[0].loc).toBe(`${ORIGIN}/sitemaps/pages.xml`);
    const live = await server.deps.db.selectFrom('products').select(['id', 'updated_at']).where('is_active', '=', 1).orderBy('id').execute();
    expect(live.length).toBeGreaterThan(0);
    const children = [...new Set(live.map((row) => Math.ceil(row.id / SITEMAP_CHILD_SIZE)))];
    expect(locs.slice(1).map((l) => l.loc)).toEqual(children.map((n) => `${ORIGIN}/sitemaps/products-${n}.xml`));
    const newest = live.map((row) => row.updated_at).sort().at(-1);
    expect(locs[1].lastmod).toBe(newest);

    const child = await (await get('/sitemaps/products-1.xml')).text();
    const urls = [...child.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)].map((m) => m[1]);
    expect(urls).toEqual(live.filter((row) => row.id <= SITEMAP_CHILD_SIZE).map((row) => `${ORIGIN}/product/${row.id}`));
    const inactive = await server.deps.db.selectFrom('products').select('id').where('is_active', '=', 0).executeTakeFirst();
    if (inactive) expect(urls).not.toContain(`${ORIGIN}/product/${inactive.id}`);

    const statics = await (await get('/sitemaps/pages.xml')).text();
    for (const path of ['/', '/products', '/prices', '/faq', '/prices/maize-50kg']) expect(statics).toContain(`<loc>${ORIGIN}${path}</loc>`);
    // A child past the listings, or a name that is not one, is not found.
    expect((await get('/sitemaps/products-999.xml')).status).toBe(404);
    expect((await get('/sitemaps/products-0.xml')).status).toBe(404);
    expect((await get('/sitemaps/products-x.xml')).status).toBe(404);
  });

  it('robots.txt points at the sitemap (absolute) and keeps crawlers out of private areas', async () => {
    const res = await get('/robots.txt');
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await res.text()).split('\n');
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    for (const path of ['/account', '/seller', '/admin', '/api/']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain('Disallow: /product');
    expect(lines).not.toContain('Disallow: /');
  });
});
