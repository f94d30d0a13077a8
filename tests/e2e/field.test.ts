import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughPage } from '../support/auth';
import { launchBrowser } from '../support/browser';
import { mirrorReady } from '../support/mirror';
import { e2eServer } from './servers';

const baseUrl = e2eServer().baseUrl;
const BUYER = { email: 'reviewer4@akuafo.demo', password: 'Akuafo#2026' };
let context: BrowserContext;

interface ListedProduct {
  id: number;
  name: string;
  category: string;
  images: { urls: Record<number, string> }[];
}
const api = async <T>(path: string): Promise<T> => ((await (await fetch(`${baseUrl}/api/v1/${path}`)).json()) as { data: T }).data;

/** Waits until the catalogue mirror holds a copy and the service worker controls the page. */
async function appReady(page: Page) {
  await mirrorReady(page);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
}

describe.skipIf(!baseUrl)('built for 2G and small phones', () => {
  beforeAll(async () => {
    context = await launchBrowser();
    // Counts the app's requests for persistent storage, across page loads.
    await context.addInitScript(() => {
      const storage = navigator.storage;
      const persist = storage.persist.bind(storage);
      storage.persist = () => {
        localStorage.setItem('persistCalls', String(Number(localStorage.getItem('persistCalls') ?? 0) + 1));
        return persist();
      };
    });
  });
  afterAll(async () => {
    await context?.close();
  });

  it('Data saver asks for 320-pixel pictures only; a saved category shows unopened products\' pictures offline', async () => {
    const page = await context.newPage();
    await signInThroughPage(page, baseUrl, BUYER.email, BUYER.password);
    await appReady(page);
    expect(Number(await page.evaluate(() => localStorage.getItem('persistCalls')))).toBeGreaterThan(0);

    // Settings: switch Data saver on; the storage figures are shown.
    await page.goto(`${baseUrl}/settings`);
    const saver = page.getByRole('switch', { name: /Data saver/ });
    await saver.check();
    await expect.poll(() => saver.isChecked()).toBe(true);
    await page.getByTestId('storage-parts').getByText('Catalogue').waitFor();
    expect(await page.getByTestId('storage-total').innerText()).toMatch(/^The app stores [\d.]+ (B|KB|MB)/);
    expect(await page.getByTestId('data-used').innerText()).toMatch(/^[\d.]+ (B|KB|MB) \(pictures/);

    const pictures: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/media/')) pictures.push(request.url());
    });

    // /products: placeholders until tapped (pictures the phone already holds show at once,
    // which costs nothing); a tapped one is the 320-pixel picture.
    await page.goto(`${baseUrl}/products`);
    const placeholders = page.getByTestId('picture-placeholder');
    await placeholders.first().waitFor();
    const name = (await placeholders.first().getAttribute('aria-label'))!.replace('Show the picture of ', '');
    await placeholders.first().click();
    const shown = page.getByAltText(name, { exact: true }).first();
    await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

    // A product page: its pictures at 320 pixels, the neighbours not fetched ahead.
    const all = await api<ListedProduct[]>('products?limit=100');
    const opened = all.find((p) => p.images.length > 1) ?? all[0];
    await page.goto(`${baseUrl}/product/${opened.id}`);
    const first = page.getByTestId('image-carousel').locator('img').first();
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Share' }).waitFor();
    expect(pictures.length).toBeGreaterThan(1);
    for (const url of pictures) expect(url).toMatch(/\/320\.webp$/);

    // Save a category the product page did not belong to, for offline.
    const category = all.find((p) => p.category !== opened.category)!.category;
    const neverOpened = all.find((p) => p.category === category && p.images.length > 0)!;
    await page.goto(`${baseUrl}/settings`);
    await page.getByRole('button', { name: `Save for offline: ${category}` }).click();
    expect(await page.getByTestId('pack-size').innerText()).toMatch(/^\d+ products, \d+ pictures: [\d.]+ (KB|MB) to download\.$/);
    await page.getByRole('button', { name: 'Start' }).click();
    await page.getByTestId(`pack-${category}`).getByTestId('pack-saved').waitFor({ timeout: 60_000 });
    await expect.poll(async () => page.getByTestId('storage-parts').innerText()).toMatch(/saved for offline \([1-9]\d*\)/);

    await context.setOffline(true);
    try {
      await page.goto(`${baseUrl}/product/${neverOpened.id}`);
      await page.getByRole('heading', { name: neverOpened.name }).waitFor();
      await page.getByTestId('freshness').getByText(/^ ?Prices as of /).waitFor();
      const picture = page.getByTestId('image-carousel').locator('img').first();
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
      // Under Data saver, the list shows pictures the phone holds without a tap.
      await page.goto(`${baseUrl}/products?category=${encodeURIComponent(category)}`);
      const card = page.locator('[data-testid="product-grid"] article img').first();
      await expect.poll(() => card.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
    } finally {
      await context.setOffline(false);
    }
    await page.close();
  });
});
