import type { BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginViaApi, signInThroughPage } from '../support/auth';
import { launchBrowser } from '../support/browser';
import { e2eServer } from './servers';

/**
 * The cart offline in a real Chromium: edits are kept through a reload with no network,
 * sent when it returns, and two open tabs send each change once.
 */
const baseUrl = e2eServer().baseUrl;
const EMAIL = 'reviewer1@akuafo.demo';
const PASSWORD = 'Akuafo#2026';
let context: BrowserContext;
let token: string;

interface ServerCart {
  items: { productId: number; name: string; quantity: number }[];
  summary: { itemCount: number };
}

async function serverCart(): Promise<ServerCart> {
  const res = await fetch(`${baseUrl}/api/v1/shop/cart`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { data: ServerCart }).data;
}
const byName = (cart: ServerCart) => Object.fromEntries(cart.items.map((i) => [i.name, i.quantity]));

async function until(check: () => Promise<boolean>, ms = 30_000, what = 'condition') {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Names of the first `n` products the listing lets us add. */
async function addFirstProducts(page: Page, n: number): Promise<string[]> {
  const cards = page.locator('[data-testid="product-grid"] article').filter({ has: page.getByRole('button', { name: 'Add', exact: true }) });
  await cards.first().waitFor({ timeout: 30_000 });
  const names: string[] = [];
  for (let i = 0; i < n; i++) {
    const card = cards.nth(i);
    const name = (await card.locator('h3').innerText()).trim();
    await card.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText(`${name} added to cart!`).waitFor();
    names.push(name);
  }
  return names;
}

const row = (page: Page, name: string) => page.locator('[data-testid="cart-row"]').filter({ hasText: name });

describe.skipIf(!baseUrl)('the cart offline', () => {
  beforeAll(async () => {
    context = await launchBrowser();
    token = (await loginViaApi(baseUrl, EMAIL, PASSWORD)).accessToken;
    await fetch(`${baseUrl}/api/v1/shop/cart`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
  });
  afterEach(async () => {
    // A failed step must not leave the next test offline.
    await context.setOffline(false);
  });
  afterAll(async () => {
    await context?.close();
  });

  it('keeps offline edits through a reload and sends them when the network returns', async () => {
    const page = await context.newPage();
    await signInThroughPage(page, baseUrl, EMAIL, PASSWORD);
    await page.goto(`${baseUrl}/products`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await page.locator('[data-testid="product-grid"] article').first().waitFor({ timeout: 30_000 });

    await context.setOffline(true);
    const [a, b] = await addFirstProducts(page, 2);
    await page.getByRole('link', { name: /^Cart/ }).first().click();
    await page.getByRole('heading', { name: 'Your Cart (2 items)' }).waitFor();

    // Minus is disabled at 1; plus twice, then remove the other product.
    expect(await row(page, a).getByRole('button', { name: `One less ${a}` }).isDisabled()).toBe(true);
    await row(page, a).getByRole('button', { name: `One more ${a}` }).click();
    await row(page, a).getByRole('button', { name: `One more ${a}` }).click();
    await page.getByRole('heading', { name: 'Your Cart (4 items)' }).waitFor();
    await row(page, b).getByRole('button', { name: `Remove ${b}` }).click();
    await page.getByRole('heading', { name: 'Your Cart (3 items)' }).waitFor();
    await expect(page.getByText('Offline', { exact: true }).isVisible()).resolves.toBe(true);
    const indicator = page.getByTestId('sync-indicator');
    expect(await indicator.getAttribute('aria-label')).toMatch(/^\d+ changes waiting to be sent \(offline\)$/);

    // Still offline: a reload shows the same cart, and the server has seen nothing.
    await page.reload();
    await page.getByRole('heading', { name: 'Your Cart (3 items)' }).waitFor({ timeout: 15_000 });
    expect(await row(page, a).getByTestId('cart-quantity').innerText()).toBe('3');
    expect(await row(page, b).count()).toBe(0);
    expect(await page.getByText('Order Summary').isVisible()).toBe(true);
    expect((await serverCart()).items).toEqual([]);

    await context.setOffline(false);
    await until(async () => JSON.stringify(byName(await serverCart())) === JSON.stringify({ [a]: 3 }), 30_000, 'the server cart');
    await indicator.waitFor({ state: 'detached', timeout: 15_000 });
    await page.close();
  });

  it('with two tabs open, sends each change once', async () => {
    // Changes that reached the server (attempts that failed offline never got an answer).
    const keys: string[] = [];
    const onResponse = (response: Response) => {
      const request = response.request();
      if (request.url().includes('/api/v1/shop/cart') && request.method() !== 'GET') keys.push(request.headers()['idempotency-key'] ?? 'none');
    };
    context.on('response', onResponse);
    const one = await context.newPage();
    const two = await context.newPage();
    await one.goto(`${baseUrl}/cart`);
    await two.goto(`${baseUrl}/cart`);
    const before = byName(await serverCart());
    const [a] = Object.keys(before);
    await one.getByRole('heading', { name: 'Your Cart (3 items)' }).waitFor();
    await two.getByRole('heading', { name: 'Your Cart (3 items)' }).waitFor();

    await context.setOffline(true);
    await one.goto(`${baseUrl}/products`);
    const intended: Record<string, number> = { ...before };
    const added = await addFirstProducts(one, 2);
    for (const name of added) intended[name] = (intended[name] ?? 0) + 1;
    // The other tab sees the adds (same IndexedDB) and takes one of product a away.
    await until(async () => (await row(two, added[1]).count()) === 1, 10_000, 'the second tab to see the adds');
    await until(async () => (await row(two, a).getByTestId('cart-quantity').innerText()) === String(intended[a]), 10_000, 'the second tab quantity');
    await row(two, a).getByRole('button', { name: `One less ${a}` }).click();
    intended[a] -= 1;
    const queued = await one.evaluate(async () => {
      const open = indexedDB.open('akuafo-market');
      const db: IDBDatabase = await new Promise((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const all = db.transaction('outbox').objectStore('outbox').getAll();
      return new Promise<string[]>((resolve) => (all.onsuccess = () => resolve(all.result.map((e: { id: string }) => e.id))));
    });
    expect(queued.length).toBeGreaterThanOrEqual(3);
    expect(keys).toEqual([]);

    await context.setOffline(false);
    const want = JSON.stringify(Object.fromEntries(Object.entries(intended).sort()));
    const got = async () => JSON.stringify(Object.fromEntries(Object.entries(byName(await serverCart())).sort()));
    await until(async () => (await got()) === want, 30_000, `the server cart ${want}`).catch(async (e: Error) => {
      throw new Error(`${e.message}; server has ${await got()}`);
    });
    await new Promise((r) => setTimeout(r, 2000)); // room for any late duplicate
    context.off('response', onResponse);
    // No change went out twice, whichever tab (or the service worker) sent it; changes made
    // moot by a later one before ever leaving (coalesced) are not sent at all.
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(queued).toContain(key);
  });
});
