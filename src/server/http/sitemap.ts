import { Hono } from 'hono';
import { sql } from 'kysely';
import { COMMODITY_NAMES } from '../../shared/reference/commodity-names';
import type { Db } from '../platform/db';
import type { AppEnv } from './context';
import { notFound } from './errors';

/**
 * /sitemap.xml, its children and /robots.txt (issue 39), for a catalogue of a million listings.
 * Child N of the listings holds the live listings with ids in ((N-1)·50,000, N·50,000]: never
 * more than the protocol's 50,000 URLs, each read by its primary key's range (keyset, no
 * OFFSET), and a listing keeps its child as others come and go. The index is one grouped pass,
 * kept for SITEMAP_FRESH_MS: crawlers come now and then, and a sitemap a few minutes old is fine.
 */
export const SITEMAP_CHILD_SIZE = 50_000;
const SITEMAP_FRESH_MS = 10 * 60_000;
/** Rows read per step of a child, so a child of 50,000 is not one big result held at once. */
const CHILD_STEP = 5_000;

/** The public pages (the app's publicPages in src/web/app/routes.tsx that are pages of content, not forms). */
const STATIC_PAGES = ['/', '/products', '/prices', '/search', '/faq', '/about', '/contact', '/shipping-returns', '/blog', '/terms', '/privacy', '/help', '/support', '/track-order'];
/** Private areas: a crawler has nothing to read there, and the API is not pages. */
const DISALLOWED = ['/account', '/seller', '/admin', '/api/', '/checkout', '/cart', '/orders', '/profile', '/wishlist', '/signin', '/signup'];

const XML = { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

interface Child {
  n: number;
  lastmod: string;
}

export function sitemapRoutes(db: Db, publicUrl: string) {
  const origin = publicUrl.replace(/\/$/, '');
  const app = new Hono<AppEnv>();
  let index: { at: number; children: Promise<Child[]> } | undefined;

  /** One pass over the live listings: each child's number and its newest change. */
  function children(): Promise<Child[]> {
    if (index && Date.now() - index.at < SITEMAP_FRESH_MS) return index.children;
    const bucket = sql<number>`(id - 1) / ${sql.lit(SITEMAP_CHILD_SIZE)}`;
    const read = db
      .selectFrom('products')
      .select([bucket.as('bucket'), (eb) => eb.fn.max('updated_at').as('lastmod')])
      .where('is_active', '=', 1)
      .groupBy(bucket)
      .orderBy(bucket)
      .execute()
      .then((rows) => rows.map((row) => ({ n: Number(row.bucket) + 1, lastmod: String(row.lastmod) })));
    index = { at: Date.now(), children: read };
    read.catch(() => (index = undefined));
    return read;
  }

  app.get('/sitemap.xml', async (c) => {
    const entries = [`<sitemap><loc>${origin}/sitemaps/pages.xml</loc></sitemap>`].concat(
      (await children()).map((child) => `<sitemap><loc>${origin}/sitemaps/products-${child.n}.xml</loc><lastmod>${escapeXml(child.lastmod)}</lastmod></sitemap>`),
    );
    return c.body(`<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</sitemapindex>\n`, 200, XML);
  });

  app.get('/sitemaps/pages.xml', (c) => {
    const paths = [...STATIC_PAGES, ...Object.keys(COMMODITY_NAMES).map((id) => `/prices/${encodeURIComponent(id)}`)];
    return c.body(urlset(paths.map((path) => `<url><loc>${escapeXml(origin + path)}</loc></url>`)), 200, XML);
  });

  app.get('/sitemaps/:file', async (c) => {
    const match = /^products-(\d{1,7})\.xml$/.exec(c.req.param('file'));
    const n = match ? Number(match[1]) : 0;
    if (n < 1 || !(await children()).some((child) => child.n === n)) throw notFound('Not found');
    const urls: string[] = [];
    const last = n * SITEMAP_CHILD_SIZE;
    for (let after = (n - 1) * SITEMAP_CHILD_SIZE; ; ) {
      const rows = await db
        .selectFrom('products')
        .select(['id', 'updated_at'])
        .where('is_active', '=', 1)
        .where('id', '>', after)
        .where('id', '<=', last)
        .orderBy('id')
        .limit(CHILD_STEP)
        .execute();
      for (const row of rows) urls.push(`<url><loc>${origin}/product/${row.id}</loc><lastmod>${escapeXml(row.updated_at)}</lastmod></url>`);
      if (rows.length < CHILD_STEP) break;
      after = rows[rows.length - 1].id;
    }
    return c.body(urlset(urls), 200, XML);
  });

  app.get('/robots.txt', (c) =>
    c.body(['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`), 'Allow: /', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n'), 200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    }),
  );
  return app;
}

const urlset = (urls: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('')}</urlset>\n`;
