import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/server/app';
import { formatCedis } from '../../src/shared/money';
import { FEATURED_OUTLET, NOTICE_OUTLET, PAGE_DATA_OUTLET, PAGE_OUTLET, PAGE_TEMPLATE_FILE } from '../../src/shared/rendered-pages';
import { ROUTE_PRELOADS_FILE } from '../../src/shared/route-preloads';
import { FAQ } from '../../src/web/pages/info/faq';
import { ARTICLES } from '../../src/web/pages/info/blog/articles';
import { tokenFor } from '../support/sellers';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 39 item 2: every public page is rendered by the server with its content, in the
 * reader's language; the contact form posts without JavaScript. (The product list's own
 * rendering, and its following of writes: rendered-pages.test.ts.)
 */
let server: TestServer;
let pages: ReturnType<typeof createApp>;

function buildFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'akuafo-public-pages-'));
  writeFileSync(join(dir, 'index.html'), `<html lang="en-GH"><head></head><body><div id="root" data-prerendered="home">hero${FEATURED_OUTLET}</div></body></html>`);
  writeFileSync(join(dir, 'shell.html'), `<html lang="en-GH"><head></head><body><div id="root" data-prerendered="shell"><div class="needs-script">Loading…</div>${NOTICE_OUTLET}</div></body></html>`);
  writeFileSync(join(dir, PAGE_TEMPLATE_FILE), `<html lang="en-GH"><head></head><body><div id="root" data-prerendered="page">${PAGE_OUTLET}</div>${PAGE_DATA_OUTLET}</body></html>`);
  writeFileSync(join(dir, ROUTE_PRELOADS_FILE), '[]');
  return dir;
}

beforeAll(async () => {
  server = await startTestServer({ env: { SEED_HISTORY: 'demo' } });
  pages = createApp({ ...server.deps, config: { ...server.deps.config, staticDir: buildFolder() } });
});
afterAll(() => server.close());

const json = async (res: Response) => (await res.json()) as any;
const get = (path: string, headers: Record<string, string> = {}) => pages.request(`http://test.local${path}`, { headers });
async function html(path: string, headers: Record<string, string> = {}): Promise<string> {
  const res = await get(path, headers);
  expect(res.status, path).toBe(200);
  return res.text();
}
/** The page's main text, without tags (what a reader sees, roughly). */
const text = (page: string) => page.replace(/<script[\s\S]*?<\/script>/g, '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('public pages rendered with their content', () => {
  it('draw a product for a visitor: name, price, seller, region, description, reviews and related', async () => {
    const product = (await json(await server.call('/products/25'))).data;
    const page = await html('/product/25');
    expect(page).toContain('data-prerendered="page"');
    const shown = text(page);
    for (const part of [product.name, formatCedis(product.price), product.sellerName, product.region]) expect(shown).toContain(part);
    expect(shown).toContain(product.description.split('\n')[0]);
    expect(shown).not.toContain('Loading');
    if (product.relatedProducts.length) expect(shown).toContain(product.relatedProducts[0].name);
  });

  it('say a missing product is not found, without "Loading…"', async () => {
    const shown = text(await html('/product/999999'));
    expect(shown).toContain('Product Not Found');
    expect(shown).not.toContain('Loading');
  });

  it('draw the information pages, the blog and each article', async () => {
    expect(text(await html('/faq'))).toContain(FAQ[0]!.questions[0]!.q);
    for (const [path, heading] of [['/about', 'About Us'], ['/shipping-returns', 'Shipping'], ['/terms', 'Terms of Service'], ['/privacy', 'Privacy Policy'], ['/contact', 'Send us a message']]) {
      expect(text(await html(path)), path).toContain(heading);
    }
    const blog = text(await html('/blog'));
    for (const article of ARTICLES) expect(blog).toContain(article.title);
    expect(text(await html(`/blog/${ARTICLES[0]!.id}`))).toContain(ARTICLES[0]!.body.find((b) => b.type === 'p')!.text);
  });

  it('fill the home’s featured products in for a browser without JavaScript', async () => {
    const featured = (await json(await server.call('/products/featured'))).data;
    const page = await html('/');
    const plain = /<noscript data-plain="featured">([\s\S]*?)<\/noscript>/.exec(page)?.[1] ?? '';
    for (const product of featured) {
      expect(plain).toContain(`href="/product/${product.id}"`);
      expect(plain).toContain(formatCedis(product.price));
    }
    expect(text(await html('/', { cookie: 'akuafo-lang=ak' }))).toContain('Nneɛma a yɛkamfo');
  });

  it('say on a page behind sign-in, in plain HTML, to sign in and come back', async () => {
    const orders = await html('/orders/12?tab=all');
    const notice = /<noscript data-plain="notice">([\s\S]*?)<\/noscript>/.exec(orders)?.[1] ?? '';
    expect(notice).toContain('Sign in to see this page');
    expect(notice).toContain(`href="/signin?next=${encodeURIComponent('/orders/12?tab=all')}"`);
    const cart = /<noscript data-plain="notice">([\s\S]*?)<\/noscript>/.exec(await html('/cart'))?.[1] ?? '';
    expect(cart).toContain('This page needs JavaScript');
    expect(cart).not.toContain('/signin');
  });

  it('give a product’s Add to Cart a plain form to the sign-in page, which says why and links back (only to a page of this site)', async () => {
    const product = await html('/product/25');
    const form = /<form[^>]*action="\/signin"[^>]*>([\s\S]*?)<\/form>/.exec(product)?.[0] ?? '';
    expect(form).toContain('method="get"');
    for (const [name, value] of [['next', '/product/25'], ['for', 'cart'], ['product', '25']]) expect(form).toContain(`name="${name}" value="${value}"`);
    expect(form).toMatch(/<button type="submit"[^>]*>[\s\S]*Add to Cart/);

    const notice = async (path: string, headers: Record<string, string> = {}) => /<noscript data-plain="notice">([\s\S]*?)<\/noscript>/.exec(await html(path, headers))?.[1] ?? '';
    const signIn = await notice('/signin?next=%2Fproduct%2F25&for=cart&product=25');
    expect(signIn).toContain('Sign in to add this to your cart');
    expect(signIn).toContain('Signing in needs JavaScript');
    expect(signIn).toContain('href="/product/25"');
    expect(await notice('/signin?next=%2Fproduct%2F25&for=cart&product=25', { cookie: 'akuafo-lang=ak' })).toContain('Hyɛn mu na fa yei gu wo kɛntɛn mu');
    // Another site's address, or a script, is never the way back.
    for (const next of ['//evil.example/x', 'https://evil.example', 'javascript:alert(1)', '/\\evil.example']) {
      const page = await notice(`/signin?next=${encodeURIComponent(next)}&for=cart`);
      expect(page, next).toContain('href="/products"');
      expect(page, next).not.toContain('evil');
      expect(page, next).not.toContain('javascript:');
    }
  });

  it('send /help and /support on to the page that answers them', async () => {
    for (const [from, to] of [['/help', '/faq'], ['/support', '/contact']]) {
      const res = await get(from);
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe(to);
    }
  });

  it('draw a search with its results', async () => {
    const api = (await json(await server.call('/products?search=maize&page=1&limit=20&sortBy=relevance&sortDir=desc'))).data;
    expect(api.length).toBeGreaterThan(0);
    const shown = text(await html('/search?q=maize'));
    expect(shown).toContain(api[0].name);
    expect(shown).not.toContain('Searching');
  });

  it('draw the market prices with their charts, and a commodity with a table of each chart’s figures', async () => {
    const list = (await json(await server.call('/market-prices'))).data;
    const page = await html('/prices');
    expect(page).toContain('<svg');
    expect(text(page)).toContain(list[0].name);
    const regional = (await json(await server.call('/market-prices?region=Ashanti'))).data;
    const inAshanti = text(await html('/prices?region=Ashanti'));
    const priced = regional.find((c: any) => c.paid !== null || c.asking !== null);
    expect(inAshanti).toContain(formatCedis(priced.paid ?? priced.asking));

    const detail = (await json(await server.call(`/market-prices/${list[0].id}`))).data;
    const region = detail.regions.find((r: any) => r.weeks.some((w: any) => w.paid !== null || w.asking !== null));
    const week = region.weeks.findLast((w: any) => w.paid !== null || w.asking !== null);
    const commodity = await html(`/prices/${list[0].id}`);
    expect(commodity).toContain('<svg');
    const row = new RegExp(`<th scope="row"[^>]*>${week.week}</th><td>(?:<span[^>]*>)?${formatCedis(week.paid ?? week.asking)}`);
    expect(row.test(commodity), `${week.week} ${formatCedis(week.paid ?? week.asking)} in the table`).toBe(true);
  });

  it('say "No prices yet." for a commodity without figures (200) or one that does not exist (404), in the reader’s language', async () => {
    // A commodity the index knows, with no sale or listing yet (a new line of the list).
    await server.deps.db.insertInto('commodities').values({ id: 'baobab-leaves', name: 'Baobab leaves', unit: 'bag', category: 'vegetables', words: 'baobab', position: 999 }).execute();
    const known = await get('/prices/baobab-leaves');
    expect(known.status).toBe(200);
    const knownText = text(await known.text());
    expect(knownText).toContain('Baobab leaves, bag');
    expect(knownText).toContain('No prices yet.');
    expect(knownText).not.toContain('Loading');

    for (const [headers, sentence, back] of [[{}, 'No prices yet.', 'All market prices'], [{ cookie: 'akuafo-lang=ak' }, 'Bo biara nni hɔ mprempren.', 'Dwam bo nyinaa']] as const) {
      const unknown = await get('/prices/no-such-crop', headers);
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get('content-type')).toContain('text/html');
      const page = await unknown.text();
      expect(text(page)).toContain(sentence);
      expect(text(page)).not.toMatch(/Loading|reba…/);
      expect(page).toMatch(new RegExp(`<a [^>]*href="/prices"[^>]*>${back}</a>`));
      // Kept and sent again: still a 404, never a 304 standing for a page.
      const again = await get('/prices/no-such-crop', { ...headers, 'if-none-match': unknown.headers.get('etag') ?? '' });
      expect(again.status).toBe(404);
    }
    // An id no commodity can have (longer than the API takes) is a 404 too, never "Loading…".
    const tooLong = await get(`/prices/${'a'.repeat(50)}`);
    expect(tooLong.status).toBe(404);
    expect(text(await tooLong.text())).toContain('No prices yet.');
  });

  it('come in the reader’s language: the cookie first, then Accept-Language', async () => {
    const twi = await html('/faq', { 'accept-language': 'ak,en;q=0.5' });
    expect(twi).toContain('<html lang="ak"');
    expect(twi).toContain('>Nneɛma<');
    const cookieWins = await html('/faq', { 'accept-language': 'ak', cookie: 'akuafo-lang=en' });
    expect(cookieWins).toContain('<html lang="en-GH"');
    expect(cookieWins).toContain('>Products<');
    expect(await html('/faq', { cookie: 'akuafo-lang=ak' })).toContain('<html lang="ak"');
  });

  it('show a product’s new price to the next visitor (the kept page is rendered again)', async () => {
    const kofi = await tokenFor(server, 'kofi.farms@akuafo.demo');
    const mine = (await json(await server.call('/product-submissions/seller/me', { token: kofi }))).data;
    const listing = mine.find((s: any) => s.status === 'approved' && s.productId) ?? mine[0];
    const path = `/product/${listing.productId}`;
    const before = text(await html(path));
    // A small change goes live at once (a big one waits for the operator).
    const price = listing.price + 1.25;
    expect(before).toContain(formatCedis(listing.price));
    expect(before).not.toContain(formatCedis(price));
    const edit = await server.call(`/product-submissions/my-submissions/${listing.id}`, { method: 'PATCH', token: kofi, json: { price } });
    expect(edit.status).toBe(200);
    await seen(path, formatCedis(price));
    expect(text(await html(path))).not.toContain(formatCedis(listing.price));
  });
});

describe('the contact form posted without JavaScript', () => {
  const post = (fields: Record<string, string>, headers: Record<string, string> = { origin: 'http://test.local' }) =>
    pages.request('http://test.local/contact', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields).toString() });
  const stored = async (subject: string) => server.deps.db.selectFrom('contact_messages').select(['id', 'email']).where('subject', '=', subject).execute();
  const valid = { name: 'Ama Mensah', email: 'ama@example.com', subject: 'Rendered form', message: 'Do you deliver yams to Tamale?' };

  it('stores the message and answers with a page saying it was sent, with its reference', async () => {
    const res = await post(valid);
    expect(res.status).toBe(201);
    const rows = await stored('Rendered form');
    expect(rows).toHaveLength(1);
    const page = await res.text();
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(text(page)).toContain(`Thank you! Your message has been sent. Your reference: #${rows[0]!.id}.`);
    // The same e-mails as the API's: the support inbox and the sender's receipt.
    const mails = await server.deps.db.selectFrom('messages').select('recipient').where('topic', '=', 'contact').execute();
    expect(mails.map((m) => m.recipient)).toEqual(expect.arrayContaining(['ama@example.com']));
  });

  it('gives bad input the form again with what to correct and what was typed (400), in the reader’s language', async () => {
    const res = await post({ ...valid, subject: 'Bad form', email: 'not-an-address', message: '' });
    expect(res.status).toBe(400);
    const page = await res.text();
    expect(page).toContain('Please enter a valid email address');
    expect(page).toContain('Message is required');
    expect(page).toContain('value="Ama Mensah"');
    expect(page).toContain('value="not-an-address"');
    expect(page).toContain('aria-invalid="true"');
    expect(await stored('Bad form')).toHaveLength(0);
    const twi = await post({ ...valid, subject: 'Bad form', message: '' }, { origin: 'http://test.local', 'accept-language': 'ak' });
    expect(twi.status).toBe(400);
    expect(await twi.text()).not.toContain('Message is required');
  });

  it('refuses a form posted from another site (403), storing nothing', async () => {
    const elsewhere: Record<string, string>[] = [{ origin: 'https://spam.example' }, { referer: 'https://spam.example/page' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of elsewhere) {
      const res = await post({ ...valid, subject: 'Cross-site' }, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.text()).toContain('Requests from other sites are not allowed.');
    }
    expect(await stored('Cross-site')).toHaveLength(0);
  });

  it('spends the API’s allowance: past it, the page says to wait (429)', async () => {
    let last: Response | undefined;
    for (let i = 0; i < 8 && last?.status !== 429; i++) last = await post({ ...valid, subject: `Flood ${i}` });
    expect(last!.status).toBe(429);
    expect(await last!.text()).toContain('Please wait a few minutes');
  });
});

/** A change made through the API shows on the page within the head's freshness (head.ts); how long it took. */
async function seen(path: string, wanted: string, ms = 5000): Promise<void> {
  const started = Date.now();
  while (!text(await (await get(path)).text()).includes(wanted)) {
    if (Date.now() - started > ms) throw new Error(`${wanted} not on ${path} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
