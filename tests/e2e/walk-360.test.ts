import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ARTICLES } from '../../src/web/pages/info/blog/articles';
import { loginViaApi, signInThroughPage } from '../support/auth';
import { launchChromium } from '../support/browser';
import { axeProblems, layoutProblems } from '../support/layout';
import { E2E_OPERATOR } from './global-setup';

/**
 * Issue 22: every screen of routes.tsx at a 360 × 740 phone screen, as a visitor, a buyer, a
 * seller and an operator. Fails on sideways scroll or any element wider than the screen
 * (naming them), on a price that wraps or is cut, and on serious axe-core findings.
 */
const baseUrl = inject('baseUrl');
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

/** Opens the page and waits until it has settled: the network quiet and no "Loading…" left. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(baseUrl + path, { waitUntil: 'networkidle', timeout: 30_000 });
  await page
    .waitForFunction(() => ![...document.querySelectorAll('[role="status"]')].some((s) => /Loading/.test(s.textContent ?? '')), undefined, { timeout: 15_000 })
    .catch(() => undefined); // a page still loading is walked as it is: its overflow counts too
}

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
    PATTERNS.map((pattern) => pattern.replace(':id', pattern.startsWith('/blog') ? ids.blog! : ids.id!).replace(':orderId', ids.orderId!)).concat('/no-such-page');

  for (const role of Object.keys(ROLES) as (keyof typeof ROLES)[]) {
    it(`fits every route of routes.tsx as ${role}, and axe finds nothing serious`, async () => {
      const page = await (await contextOf(role)).newPage();
      const found: string[] = [];
      for (const path of paths()) {
        await open(page, path);
        const problems = [...(await page.evaluate(layoutProblems)), ...(await axeProblems(page))];
        const at = new URL(page.url()).pathname;
        for (const problem of problems) found.push(`${path}${at === path.split('?')[0] ? '' : ` (→ ${at})`}: ${problem}`);
      }
      await page.close();
      expect(found, `${found.length} problems at 360 px as ${role}:\n${found.join('\n')}`).toEqual([]);
    }, 300_000);
  }
});
