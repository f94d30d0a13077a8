import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { formatCedis } from '../../src/shared/money';
import type { MarketPriceDetail, MarketPriceSummary } from '../../src/shared/schemas/market-prices';
import type { Product } from '../../src/shared/schemas/catalogue';
import { ARTICLES } from '../../src/web/pages/info/blog/articles';
import { FAQ } from '../../src/web/pages/info/faq';
import { join } from 'node:path';
import { launchBrowser, launchChromium } from '../support/browser';
import { startApp, type RunningApp } from '../support/start-app';
import { e2eServer } from './servers';

const baseUrl = e2eServer().baseUrl;

async function api<T>(path: string, base = baseUrl): Promise<T> {
  const res = await fetch(`${base}/api/v1${path}`);
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

interface Demo {
  product: Product;
  commodity: MarketPriceSummary;
  detail: MarketPriceDetail;
}

/** Every public route with what it must show (issue 39 item 2), from the demo's real ids. */
function routes({ product, commodity, detail }: Demo): [path: string, mustShow: string[]][] {
  const region = detail.regions.find((r) => r.weeks.some((w) => w.asking !== null || w.paid !== null))!;
  const article = ARTICLES[0]!;
  return [
    ['/', ['Welcome to Akuafo Market Places', 'Featured Products']],
    ['/products', ['Show products']],
    [`/product/${product.id}`, [product.name, formatCedis(product.price), product.sellerName, product.region]],
    ['/search?q=maize', ['maize']],
    ['/prices', ['Market prices', commodity.name]],
    [`/prices/${commodity.id}`, [detail.name, region.region]],
    ['/faq', [FAQ[0]!.questions[0]!.q]],
    ['/about', ['About Us']],
    ['/shipping-returns', ['Shipping']],
    ['/blog', [article.title]],
    [`/blog/${article.id}`, [article.title, article.summary]],
    ['/terms', ['Terms of Service']],
    ['/privacy', ['Privacy Policy']],
    ['/help', [FAQ[0]!.questions[0]!.q]],
    ['/support', ['Send us a message']],
    ['/contact', ['Send us a message']],
  ];
}

/**
 * A commodity the index knows with no sale or listing yet (every demo commodity has listings):
 * a new line of the list, written into the e2e server's database as a fixture.
 */
function unpricedCommodity(): { id: string; name: string } {
  const fixture = { id: 'baobab-leaves', name: 'Baobab leaves' };
  const sqlite = new Database(join(e2eServer().dataDir, 'akuafo.sqlite'));
  try {
    sqlite.pragma('busy_timeout = 5000');
    sqlite.prepare("insert or ignore into commodities (id, name, unit, category, words, position) values (?, ?, 'bag', 'vegetables', 'baobab', 999)").run(fixture.id, fixture.name);
  } finally {
    sqlite.close();
  }
  return fixture;
}

/** What the reader sees: the page's visible text (a hidden spinner is not in it; an opened <noscript> is). */
const shown = (page: Page) => page.locator('body').innerText();

describe.skipIf(!baseUrl)('every public page with JavaScript off', () => {
  let context: BrowserContext;
  let demo: Demo;
  beforeAll(async () => {
    context = await launchBrowser({ javaScriptEnabled: false });
    const [products, prices] = await Promise.all([api<Product[]>('/products?limit=1'), api<MarketPriceSummary[]>('/market-prices')]);
    const commodity = prices.find((c) => c.asking !== null || c.paid !== null)!;
    demo = { product: products[0]!, commodity, detail: await api<MarketPriceDetail>(`/market-prices/${commodity.id}`) };
  });
  afterAll(async () => {
    await context?.close();
  });

  it('shows its content, never "Loading…"', async () => {
    const page = await context.newPage();
    for (const [path, mustShow] of routes(demo)) {
      const res = await page.goto(`${baseUrl}${path}`);
      expect(res?.status(), path).toBe(200);
      const text = await shown(page);
      expect(text, path).not.toMatch(/Loading|Searching/);
      for (const part of mustShow) expect(text, `${path} shows ${part}`).toContain(part);
    }
    await page.close();
  });

  it('is navigable by its links: the home’s featured product, the blog’s article', async () => {
    const page = await context.newPage();
    await page.goto(baseUrl);
    const featured = page.locator('section[aria-labelledby="featured-plain-title"] li a').first();
    const name = (await featured.textContent())!;
    await featured.click();
    await page.waitForURL(/\/product\/\d+$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(name);

    await page.goto(`${baseUrl}/blog`);
    const article = ARTICLES[1]!;
    await page.getByRole('link', { name: article.title, exact: true }).click();
    await page.waitForURL(`${baseUrl}/blog/${article.id}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(article.title);
    await page.close();
  });

  it('filters the product list with its plain form', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/products`);
    const form = page.getByRole('form', { name: 'Filters' });
    await form.getByLabel('Search').fill('maize');
    await form.getByLabel('Sort by').selectOption('price-asc');
    await form.getByRole('button', { name: 'Show products' }).click();
    await page.waitForURL(/\/products\?.*search=maize.*sort=price-asc/);
    const expected = await api<Product[]>('/products?search=maize&sortBy=price&sortDir=asc&page=1&limit=20');
    expect(expected.length).toBeGreaterThan(0);
    expect(await page.locator('[data-testid="product-grid"] article h3').allTextContents()).toEqual(expected.map((p) => p.name));
    await page.close();
  });

  it('sends the contact form, and says what to correct first', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/contact`);
    await page.getByLabel('Name', { exact: true }).fill('Yaw Boateng');
    await page.getByLabel('Email', { exact: true }).fill('not-an-address');
    await page.getByLabel('Subject', { exact: true }).fill('Yams for Kumasi');
    await page.getByLabel('Message', { exact: true }).fill('Can I collect 20 tubers in Kumasi on Friday?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    // What was typed is kept.
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('Can I collect 20 tubers in Kumasi on Friday?');
    await page.getByLabel('Email', { exact: true }).fill('yaw@example.com');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText(/Your message has been sent\. Your reference: #\d+\./).waitFor();
    await page.close();
  });

  it('says "No prices yet." for a commodity without figures (200) or none by that name (404), with the way back to every price', async () => {
    const unpriced = unpricedCommodity();
    const page = await context.newPage();
    for (const [path, status, heading] of [[`/prices/${unpriced.id}`, 200, unpriced.name], ['/prices/no-such-crop', 404, 'Market prices']] as const) {
      const res = await page.goto(`${baseUrl}${path}`);
      expect(res?.status(), path).toBe(status);
      const text = await shown(page);
      expect(text, path).toContain('No prices yet.');
      expect(text, path).not.toMatch(/Loading/);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), path).toContain(heading);
      await page.getByRole('link', { name: 'All market prices' }).click();
      await page.waitForURL(`${baseUrl}/prices`);
      expect(await shown(page)).toContain(demo.commodity.name);
    }
    await page.close();
  });

  it('takes a product’s Add to Cart to the sign-in page, which says why and leads back to the product', async () => {
    const page = await context.newPage();
    const path = `/product/${demo.product.id}`;
    await page.goto(`${baseUrl}${path}`);
    const button = page.getByRole('button', { name: 'Add to Cart' });
    expect(await button.isEnabled()).toBe(true);
    await button.click();
    await page.waitForURL(/\/signin\?/);
    const asked = new URL(page.url());
    expect([asked.searchParams.get('next'), asked.searchParams.get('for'), asked.searchParams.get('product')]).toEqual([path, 'cart', String(demo.product.id)]);
    const text = await shown(page);
    expect(text).toContain('Sign in to add this to your cart');
    expect(text).toContain('Signing in needs JavaScript');
    expect(text).not.toMatch(/Loading/);
    await page.getByRole('link', { name: 'Back to the page you were on' }).click();
    await page.waitForURL(`${baseUrl}${path}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(demo.product.name);
    await page.close();
  });

  it('says on a page behind sign-in to sign in, with a link that comes back', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/orders`);
    const text = await shown(page);
    expect(text).toContain('Sign in to see this page');
    expect(text).not.toContain('Loading');
    expect(await page.getByRole('link', { name: 'Sign in', exact: true }).getAttribute('href')).toBe('/signin?next=%2Forders');
    await page.close();
  });
});

describe.skipIf(!baseUrl)('the market prices with JavaScript off, over the demo’s 12 weeks of trade', () => {
  let app: RunningApp;
  let context: BrowserContext;
  beforeAll(async () => {
    // The same build as the other tests, over a database with the market history (charts need two weeks or more).
    app = await startApp({ SEED_HISTORY: 'demo', STATIC_DIR: join(e2eServer().dataDir, 'dist') });
    context = await launchBrowser({ javaScriptEnabled: false });
  }, 180_000);
  afterAll(async () => {
    await context?.close();
    await app?.stop();
  });

  it('draws each chart as an SVG in the page, with a table of its figures', async () => {
    const commodity = (await api<MarketPriceSummary[]>('/market-prices', app.baseUrl)).find((c) => c.weeks.filter((w) => w.paid !== null).length >= 2)!;
    const detail = await api<MarketPriceDetail>(`/market-prices/${commodity.id}`, app.baseUrl);
    const region = detail.regions.find((r) => r.weeks.filter((w) => w.paid !== null).length >= 2)!;
    const week = region.weeks.findLast((w) => w.paid !== null)!;
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/prices`);
    expect(await page.locator('svg[role="img"]').count()).toBeGreaterThan(0);
    await page.goto(`${app.baseUrl}/prices/${commodity.id}`);
    const card = page.locator('li', { has: page.getByRole('heading', { name: region.region, exact: true }) });
    expect(await card.locator('svg[role="img"]').count()).toBe(1);
    // The table opens with a tap, no script.
    await card.getByText('The figures, week by week').click();
    const row = card.getByRole('row', { name: new RegExp(`^${week.week}`) });
    expect(await row.innerText()).toContain(formatCedis(week.paid!));
    expect(await shown(page)).not.toMatch(/Loading/);
    await page.close();
  });
});

describe.skipIf(!baseUrl)('the same pages with JavaScript on', () => {
  let browser: Browser;
  let demo: Demo;
  beforeAll(async () => {
    browser = await launchChromium();
    const [products, prices] = await Promise.all([api<Product[]>('/products?limit=1'), api<MarketPriceSummary[]>('/market-prices')]);
    const commodity = prices.find((c) => c.asking !== null || c.paid !== null)!;
    demo = { product: products[0]!, commodity, detail: await api<MarketPriceDetail>(`/market-prices/${commodity.id}`) };
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('are adopted by React with no hydration mismatch', async () => {
    // No service worker: every page comes from the server as a first visit's does.
    const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    for (const [path] of routes(demo).filter(([p]) => !['/help', '/support'].includes(p))) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForFunction(() => performance.getEntriesByName('app-started').length > 0, undefined, { timeout: 30_000 });
      const prerendered = await page.evaluate(() => document.getElementById('root')?.dataset.prerendered);
      expect(prerendered, path).toBe(path === '/' ? 'home' : 'page');
      expect(errors.filter((e) => /hydrat|Minified React error #(418|423|425)/i.test(e)), path).toEqual([]);
    }
    // The pages with no prices, the 404 too: adopted as they were drawn, still saying so once the app runs.
    const unpriced = unpricedCommodity();
    for (const path of [`/prices/${unpriced.id}`, '/prices/no-such-crop']) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForFunction(() => performance.getEntriesByName('app-started').length > 0, undefined, { timeout: 30_000 });
      expect(await page.evaluate(() => document.getElementById('root')?.dataset.prerendered), path).toBe('page');
      expect(errors.filter((e) => /hydrat|Minified React error #(418|423|425)/i.test(e)), path).toEqual([]);
      await page.getByRole('status').filter({ hasText: 'No prices yet.' }).waitFor();
    }
    await context.close();
  });
});
