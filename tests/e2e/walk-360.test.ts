import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARTICLES } from '../../src/web/pages/info/blog/articles';
import { loginViaApi, signInThroughPage } from '../support/auth';
import { launchChromium } from '../support/browser';
import { axeProblems, layoutProblems } from '../support/layout';
import { E2E_OPERATOR } from './global-setup';
import { e2eServer } from './servers';

/**
 * Issue 22: every screen of routes.tsx at a 360 × 740 phone screen, as a visitor, a buyer, a
 * seller and an operator. Fails on sideways scroll or any element wider than the screen
 * (naming them), on a price that wraps or is cut, and on serious axe-core findings.
 */
const baseUrl = e2eServer().baseUrl;
const PHONE = { width: 360, height: 740 };
const PASSWORD = 'Akuafo#2026';
const ROLES = {
  visitor: undefined,
  buyer: { email: 'buyer@akuafo.demo', password: PASSWORD },
  seller: { email: 'seller@akuafo.demo', password: PASSWORD },
  operator: E2E_OPERATOR,
} as const;

/** Every route pattern of the app's route table, read from routes.tsx so a new screen is walked too. */
const PATTERNS = [...readFileSync(new URL('../../src/web/app/routes.tsx', import.meta.url), 'utf8').matchAll(/page\('([^']+)'/g)].map((m) => m[1]!);

const api = async <T>(path: string, token?: string, method = 'GET', body?: unknown): Promise<T> => {
  const res = await fetch(`${baseUrl}/api/v1/${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as { data: T; message?: string };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.message}`);
  return json.data;
};

/** Real ids for the routes with parameters: a product, a blog article, and the buyer's own order. */
async function realIds(): Promise<Record<string, string>> {
  const products = await api<{ id: number }[]>('products?limit=2&inStock=true');
  const { accessToken } = await loginViaApi(baseUrl, ROLES.buyer.email, ROLES.buyer.password);
  let orders = await api<{ id: number }[]>('shop/customers/me/orders', accessToken);
  if (orders.length === 0) {
    const [warehouse] = await api<{ id: number }[]>('warehouses');
    await api('shop/cart', accessToken, 'DELETE');
    await api('shop/cart', accessToken, 'POST', { productId: products[0]!.id, quantity: 1 });
    await api('shop/checkout', accessToken, 'POST', { pickupLocationId: String(warehouse!.id), mobileMoneyNumber: '0241234567' });
    orders = await api<{ id: number }[]>('shop/customers/me/orders', accessToken);
  }
  // A cart of two lines, five items in all: the cart and checkout screens with rows and prices.
  await api('shop/cart', accessToken, 'DELETE');
  await api('shop/cart', accessToken, 'POST', { productId: products[0]!.id, quantity: 3 });
  await api('shop/cart', accessToken, 'POST', { productId: products[1]!.id, quantity: 2 });
  return { id: String(products[0]!.id), orderId: String(orders[0]!.id), blog: ARTICLES[0]!.id };
}

/** Requests in flight per page (Playwright's networkidle is for document loads, not the app's own moves). */
const inFlight = new WeakMap<Page, Set<unknown>>();
function trackRequests(page: Page): void {
  const open = new Set<unknown>();
  inFlight.set(page, open);
  page.on('request', (r) => open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}

/** Waits until the page has settled: no request in flight for 300 ms (at most 10 s), and no "Loading…" left. */
async function settle(page: Page): Promise<void> {
  const open = inFlight.get(page)!;
  const deadline = Date.now() + 10_000;
  for (let quietSince = Date.now(); Date.now() < deadline; await new Promise((r) => setTimeout(r, 50))) {
    if (open.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= 300) break;
  }
  await page.waitForFunction(() => ![...document.querySelectorAll('[role="status"]')].some((s) => /Loading/.test(s.textContent ?? '')), undefined, { timeout: 15_000 })
    .catch(() => undefined); // a page still loading is walked as it is: its overflow counts too
}

/** Opens the page by its address (a document load), settled. */
async function open(page: Page, path: string): Promise<void> {
  if (!inFlight.has(page)) trackRequests(page);
  await page.goto(baseUrl + path, { waitUntil: 'load', timeout: 30_000 });
  await settle(page);
}

/**
 * Moves the open app to `path` as its own links do, without loading the document again (so the
 * walk of 200 screens stays a few minutes), settled. The router follows popstate like Back.
 */
async function walkTo(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction(() => !document.querySelector('[role="progressbar"][aria-label="Loading page"]'), undefined, { timeout: 15_000 }).catch(() => undefined);
  await settle(page);
}

/** Picks the language as a phone does: from the bar's menu (the bar itself has no room for it at 360 px). */
async function chooseLanguage(page: Page, code: string): Promise<void> {
  const toggle = page.locator('button[aria-controls="mobile-menu"]');
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.locator('#mobile-menu').getByRole('combobox', { name: /Language/ }).selectOption(code);
  if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
}

/** Texts in the page's main part that the phone's Offline tab (under the bar) lies over. Runs in the page. */
function wordsUnderOfflineTab(): string[] {
  const pill = [...document.querySelectorAll('header [role="status"]')].find((el) => el.textContent?.trim() === 'Offline');
  const tab = pill?.getBoundingClientRect();
  if (!tab || tab.width === 0) return ['(no Offline tab on the screen)'];
  // Inside the sticky bar (opaque, above the page), the tab covers nothing of the page.
  if (tab.bottom <= document.querySelector('header')!.getBoundingClientRect().bottom + 0.5) return [];
  const under: string[] = [];
  for (const el of document.querySelectorAll('main *')) {
    const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
    if (!own) continue;
    const r = el.getBoundingClientRect();
    if (r.width && r.height && r.left < tab.right && r.right > tab.left && r.top < tab.bottom && r.bottom > tab.top) under.push((el.textContent ?? '').trim().slice(0, 50));
  }
  return under;
}

/** Data saver's placeholder letters that a category badge lies over, by product. Runs in the page. */
function lettersUnderBadges(): string[] {
  const overlaps: string[] = [];
  let checked = 0;
  for (const card of document.querySelectorAll('article')) {
    const letter = card.querySelector('[data-testid="placeholder-letter"]')?.getBoundingClientRect();
    const badge = card.querySelector('[data-testid="card-category"]')?.getBoundingClientRect();
    if (!letter || !badge) continue;
    checked += 1;
    if (letter.left < badge.right && letter.right > badge.left && letter.top < badge.bottom && letter.bottom > badge.top) {
      overlaps.push(`${card.querySelector('h3')?.textContent}: "${card.querySelector('[data-testid="card-category"]')?.textContent}" over its letter`);
    }
  }
  return checked > 0 ? overlaps : ['(no placeholder letter beside a badge on the screen)'];
}

/**
 * English a tester found on Twi screens (issue 37), as patterns over what the screen says: the
 * hero's "Places", the e-mail field, an English date, the category names (on the cards' badges
 * and the offline packs), and the order history's server-written notes.
 */
const ENGLISH_LEFT = {
  page: ['\\bPlaces\\b', 'E-?mail address', '\\b\\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \\d{4}\\b', 'Paid GH₵', 'Ready for pickup at', 'Collected at', 'You cancelled this order'],
  categoryLabels: '[data-testid="card-category"], [data-testid^="pack-"] .font-medium',
  categories: ['Grains', 'Tubers', 'Vegetables', 'Fruits', 'Herbs', 'Livestock', 'Poultry', 'Fertilizers', 'Seeds', 'Agrochemicals', 'Tools', 'Other'],
};

/** The English of ENGLISH_LEFT on the screen now (text and accessible names). Runs in the page. */
function englishLeft(words: typeof ENGLISH_LEFT): string[] {
  const said = [document.body.innerText, ...[...document.querySelectorAll('[aria-label]')].map((el) => el.getAttribute('aria-label'))].join('\n');
  const left = words.page.filter((pattern) => new RegExp(pattern).test(said)).map((pattern) => `/${pattern}/: "${new RegExp(`.{0,30}${pattern}.{0,30}`).exec(said)?.[0]}"`);
  for (const el of document.querySelectorAll(words.categoryLabels)) {
    const text = (el.textContent ?? '').trim();
    if (words.categories.some((c) => text.startsWith(c))) left.push(`category "${text}"`);
  }
  return left;
}

/** A screen's make-up: a route that looks the same to two roles (same bar, same page) is axe'd once. */
const makeUp = (page: Page) =>
  page.evaluate(() => ['header', 'main'].map((s) => document.querySelector(s)?.getElementsByTagName('*').length ?? 0).join(':'));

let browser: Browser | undefined;
let ids: Record<string, string>;
const contexts: Partial<Record<keyof typeof ROLES, BrowserContext>> = {};

/** The role's context, signed in on first use and kept for the rest of the file. */
async function contextOf(role: keyof typeof ROLES): Promise<BrowserContext> {
  if (contexts[role]) return contexts[role]!;
  const context = await browser!.newContext({ viewport: PHONE });
  const account = ROLES[role];
  if (account) {
    const page = await context.newPage();
    await signInThroughPage(page, baseUrl, account.email, account.password);
    await page.close();
  }
  contexts[role] = context;
  return context;
}

describe.skipIf(!baseUrl)('the walk at 360 × 740', () => {
  beforeAll(async () => {
    browser = await launchChromium();
    ids = await realIds();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const paths = () =>
    PATTERNS.map((pattern) => pattern.replace(':id', pattern.startsWith('/blog') ? ids.blog! : pattern.startsWith('/prices') ? 'maize-50kg' : ids.id!).replace(':orderId', ids.orderId!)).concat('/no-such-page');

  const axed = new Set<string>();
  for (const role of Object.keys(ROLES) as (keyof typeof ROLES)[]) {
    it(`fits every route of routes.tsx as ${role}, and axe finds nothing serious`, async () => {
      const page = await (await contextOf(role)).newPage();
      await open(page, '/');
      const found: string[] = [];
      for (const path of paths()) {
        await walkTo(page, path);
        const at = new URL(page.url()).pathname;
        const where = `${path}${at === path.split('?')[0] ? '' : ` (→ ${at})`}`;
        const problems = await page.evaluate(layoutProblems);
        // axe, the slow part, once per screen: a page that sent this role elsewhere (sign-in, home)
        // is checked where it landed, and one that looks the same to an earlier role was checked then.
        const screen = `${at} ${await makeUp(page)}`;
        if (!axed.has(screen)) {
          axed.add(screen);
          problems.push(...(await axeProblems(page)));
        }
        for (const problem of problems) found.push(`${where}: ${problem}`);
      }
      await page.close();
      expect(found, `${found.length} problems at 360 px as ${role}:\n${found.join('\n')}`).toEqual([]);
    }, 300_000);
  }

  it('a page opened by address starts at the top; Back returns to where the list was left', async () => {
    const page = await (await contextOf('visitor')).newPage();
    await open(page, '/products');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const left = await page.evaluate(() => window.scrollY);
    expect(left).toBeGreaterThan(500);
    for (const path of ['/faq', '/cart']) {
      await open(page, path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.evaluate(() => window.scrollY), `${path} opened scrolled down`).toBe(0);
    }
    await page.goBack();
    await page.goBack({ waitUntil: 'networkidle' });
    expect(new URL(page.url()).pathname).toBe('/products');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.close();
  });

  it("offline with a change waiting: the logo and the cart's names are whole, and the sync panel fits a 320 px screen", async () => {
    const context = await contextOf('buyer');
    const page = await context.newPage();
    await open(page, '/cart');
    const rows = page.getByTestId('cart-row');
    await rows.first().waitFor({ timeout: 30_000 });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await context.setOffline(true);
    try {
      await rows.first().getByRole('button', { name: /^One more / }).click();
      await page.getByTestId('sync-indicator').waitFor();
      await page.getByText('Offline', { exact: true }).waitFor();
      expect(await page.evaluate(layoutProblems)).toEqual([]);
      // The cart icon counts what the page counts: items, as quantities.
      const heading = await page.getByRole('heading', { level: 1 }).innerText();
      const count = heading.match(/\((\d+) items?\)/)![1];
      await page.getByRole('link', { name: `Cart, ${count} ${count === '1' ? 'item' : 'items'}` }).waitFor();

      for (const width of [360, 320]) {
        await page.setViewportSize({ width, height: 740 });
        await page.getByTestId('sync-indicator').click();
        const box = (await page.getByTestId('sync-panel').boundingBox())!;
        expect(box.x, `the panel starts off the left edge at ${width} px`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `the panel ends off the right edge at ${width} px`).toBeLessThanOrEqual(width);
        await page.getByTestId('sync-indicator').click();
      }
    } finally {
      await page.setViewportSize(PHONE);
      await context.setOffline(false);
    }
    await page.getByTestId('sync-indicator').waitFor({ state: 'detached', timeout: 30_000 });
    await page.close();
  });

  // Issue 37.9: the cards cut the amounts at 360 px ("GH₵ 1,58", "Paid out GH₵ 214,7").
  it("a farmer's earnings cards show GH₵ 1,234,567.89 whole at 360 and 320 px", async () => {
    const page = await (await contextOf('seller')).newPage();
    await page.route('**/api/v1/sellers/me/earnings', async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { data: Record<string, unknown> };
      await route.fulfill({ response: answer, json: { ...body, data: { ...body.data, held: 1_234_567.89, available: 213_245.5, paidOut: 1_234_567.89 } } });
    });
    await open(page, '/sellers/me/earnings');
    await page.getByText('GH₵ 213,245.50').waitFor();
    for (const width of [360, 320]) {
      await page.setViewportSize({ width, height: 740 });
      expect(await page.evaluate(layoutProblems), `at ${width} px`).toEqual([]);
      for (const amount of await page.locator('dl dd').all()) {
        const fits = await amount.evaluate((dd) => [...dd.querySelectorAll('span')].every((s) => s.getBoundingClientRect().right <= dd.closest('.card')!.getBoundingClientRect().right - 8));
        expect(fits, `${await amount.innerText()} runs past its card at ${width} px`).toBe(true);
      }
    }
    await page.close();
  });

  // Issue 37: the order number squeezed over three lines on each order card.
  it('an order card keeps its order number on one line at 360 and 320 px', async () => {
    const page = await (await contextOf('buyer')).newPage();
    await open(page, '/orders');
    const number = page.getByText(/^ORD-\d{4}-\d{6}$/).first();
    await number.waitFor();
    for (const width of [360, 320]) {
      await page.setViewportSize({ width, height: 740 });
      const lines = await number.evaluate((el) => { const range = document.createRange(); range.selectNodeContents(el); return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size; });
      expect(lines, `the order number at ${width} px`).toBe(1);
      expect(await page.evaluate(layoutProblems), `at ${width} px`).toEqual([]);
    }
    await page.close();
  });

  it('Data saver is a switch a thumb can hit: 44 px at least', async () => {
    const page = await (await contextOf('buyer')).newPage();
    await open(page, '/settings');
    const box = (await page.getByRole('switch', { name: 'Data saver' }).boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
    await page.close();
  });

  it('filters that still apply show as chips while the panel is closed, each with a clear', async () => {
    const page = await (await contextOf('visitor')).newPage();
    await open(page, '/products?location=Ashanti&maxPrice=500');
    expect(await page.locator('#products-filters').count()).toBe(0);
    await page.getByRole('button', { name: 'Up to GH₵ 500.00: remove this filter' }).waitFor();
    await page.getByRole('button', { name: 'Ashanti: remove this filter' }).click();
    await page.waitForURL((url) => !url.searchParams.has('location') && url.searchParams.get('maxPrice') === '500');
    await page.close();
  });

  it("offline, the Offline tab under a phone's bar covers none of the page's words", async () => {
    const found: string[] = [];
    const screens = {
      buyer: ['/cart', '/checkout', '/products', `/product/${ids.id}`, '/orders', `/orders/${ids.orderId}`, '/wishlist', '/profile', '/addresses', '/settings'],
      seller: ['/sellers/me/add-product', '/sellers/me', '/sellers/me/products', '/sellers/me/earnings'],
    };
    for (const [role, paths] of Object.entries(screens) as [keyof typeof screens, string[]][]) {
      const context = await contextOf(role);
      const page = await context.newPage();
      await open(page, paths[0]!);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
      await context.setOffline(true);
      try {
        await page.getByText('Offline', { exact: true }).waitFor();
        for (const path of paths) {
          await walkTo(page, path);
          // At the top, and scrolled: the bar is sticky, the tab with it.
          for (const y of [0, 150, 400]) {
            await page.evaluate((to) => window.scrollTo(0, to), y);
            for (const words of await page.evaluate(wordsUnderOfflineTab)) found.push(`${role} ${path} (scrolled ${y} px): "${words}"`);
          }
        }
      } finally {
        await context.setOffline(false);
      }
      await page.close();
    }
    expect(found, `words under the Offline tab:\n${found.join('\n')}`).toEqual([]);
  });

  it("Data saver: each card's letter stands clear of its category badge, in English and in Twi", async () => {
    const context = await browser!.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await signInThroughPage(page, baseUrl, 'reviewer2@akuafo.demo', PASSWORD);
    await open(page, '/settings');
    const saver = page.getByRole('switch', { name: /Data saver/ });
    await saver.check();
    await expect.poll(() => saver.isChecked()).toBe(true);
    const found: string[] = [];
    try {
      for (const language of ['en', 'ak']) {
        await chooseLanguage(page, language);
        await walkTo(page, '/products');
        await page.getByTestId('picture-placeholder').first().waitFor();
        for (const overlap of await page.evaluate(lettersUnderBadges)) found.push(`${language}: ${overlap}`);
      }
    } finally {
      const { accessToken } = await loginViaApi(baseUrl, 'reviewer2@akuafo.demo', PASSWORD);
      await api('shop/customers/me', accessToken, 'PATCH', { language: 'en' });
      await context.close();
    }
    expect(found).toEqual([]);
  });

  it('in Twi, the screens issue 37 found English on have none left', async () => {
    const context = await browser!.newContext({ viewport: PHONE });
    const page = await context.newPage();
    const found: string[] = [];
    try {
      await open(page, '/');
      await chooseLanguage(page, 'ak');
      await page.getByRole('heading', { level: 1, name: 'Akwaaba ba Akuafo Market', exact: true }).waitFor();
      const check = async (where: string) => {
        for (const english of await page.evaluate(englishLeft, ENGLISH_LEFT)) found.push(`${where}: ${english}`);
      };
      await check('/');
      for (const path of ['/products', '/prices', '/prices/maize-50kg', '/signin']) {
        await walkTo(page, path);
        await check(path);
      }
      // Signed in from the Twi sign-in page (its labels are Twi now).
      await page.getByRole('textbox', { name: 'W’e-mail' }).fill(ROLES.buyer.email);
      await page.locator('input[autocomplete="current-password"]').fill(ROLES.buyer.password);
      await page.getByRole('main').getByRole('button', { name: 'Hyɛn mu', exact: true }).click();
      await page.waitForURL((url) => url.pathname !== '/signin', { timeout: 20_000 });
      for (const path of ['/profile', '/settings', '/orders', `/orders/${ids.orderId}`]) {
        await walkTo(page, path);
        if (path.startsWith('/orders/')) await page.getByRole('tab', { name: 'Sɛnea ɛrekɔ' }).click();
        await check(path);
      }
    } finally {
      // The buyer's messages stay in English for the other tests.
      const { accessToken } = await loginViaApi(baseUrl, ROLES.buyer.email, ROLES.buyer.password);
      await api('shop/customers/me', accessToken, 'PATCH', { language: 'en' });
      await context.close();
    }
    expect(found, `English left on Twi screens:\n${found.join('\n')}`).toEqual([]);
  });

  it("the sign-up dialog's six code boxes stay inside it", async () => {
    const page = await (await browser!.newContext({ viewport: PHONE })).newPage();
    await open(page, '/signup');
    await page.getByLabel('First name').fill('Adwoa');
    await page.getByLabel('Last name').fill('Walker');
    await page.getByLabel('Email address').fill(`walk-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Password', { exact: true }).fill('Gr0und#nut5');
    await page.getByLabel('Confirm password', { exact: true }).fill('Gr0und#nut5');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('State / Region').selectOption('Ashanti');
    await page.getByLabel('Street address').fill('4 Prempeh II Street');
    await page.getByLabel('City').fill('Kumasi');
    await page.getByLabel('Phone number').fill('0241234567');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const dialog = page.getByRole('dialog', { name: 'Verify your email' });
    await dialog.waitFor();
    // Inside the dialog's padding (at 360 px the sixth box used to reach its edge, at 320 px go past it).
    for (const width of [360, 320]) {
      await page.setViewportSize({ width, height: 740 });
      const frame = (await dialog.boundingBox())!;
      for (let i = 1; i <= 6; i++) {
        const box = (await page.getByLabel(`Digit ${i}`).boundingBox())!;
        expect(box.x, `digit ${i} at ${width} px`).toBeGreaterThanOrEqual(frame.x + 16);
        expect(box.x + box.width, `digit ${i} at ${width} px`).toBeLessThanOrEqual(frame.x + frame.width - 16);
      }
      expect(await page.evaluate(layoutProblems)).toEqual([]);
    }
    await page.context().close();
  });
});
