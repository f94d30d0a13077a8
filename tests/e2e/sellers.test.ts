import type { BrowserContext } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughPage, loginViaApi } from '../support/auth';
import { launchBrowser } from '../support/browser';
import { e2eServer } from './servers';

const baseUrl = e2eServer().baseUrl;
const SELLER = { email: 'kofi.farms@akuafo.demo', password: 'Akuafo#2026' };
let context: BrowserContext;

describe.skipIf(!baseUrl)('a seller adds a product while offline', () => {
  beforeAll(async () => {
    context = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('keeps it on the phone, sends it when back online, and lists it as Pending Review', async () => {
    const name = `Offline Yellow Maize ${Date.now().toString(36)}`;
    const png = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#e0b000' } }).png().toBuffer();
    const page = await context.newPage();
    await page.goto(`${baseUrl}/sellers/me/add-product`);
    // Not signed in: the guard sends us to /signin and brings us back afterwards.
    await page.waitForURL((url) => url.pathname === '/signin');
    await signInThroughPage(page, baseUrl, SELLER.email, SELLER.password);
    await page.waitForURL((url) => url.pathname === '/sellers/me/add-product');
    await page.getByLabel('Product Name').waitFor();

    await context.setOffline(true);
    await page.getByText('You are offline.', { exact: false }).waitFor();
    await page.getByLabel('Product Name').fill(name);
    await page.getByLabel('Category').selectOption('Grains');
    await page.getByLabel('Description').fill('Dry yellow maize, 50 kg bags, harvested in Techiman this season.');
    await page.getByLabel('Condition').selectOption('organic');
    await page.getByLabel('Region').selectOption('Bono East');
    await page.getByLabel('Price').fill('420');
    await page.getByLabel('Stock Quantity').fill('12');
    await page.locator('input[type="file"]').setInputFiles({ name: 'maize.png', mimeType: 'image/png', buffer: png });
    await page.getByText('Main Image', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Create Product' }).click();
    await page.getByText('Saved — will be sent when you are back online').waitFor({ timeout: 15_000 });
    // The form is ready for the next product.
    expect(await page.getByLabel('Product Name').inputValue()).toBe('');

    await context.setOffline(false);
    await page.getByRole('navigation', { name: 'Seller' }).getByRole('link', { name: 'My Products' }).click();
    await page.getByLabel('Search products').fill(name);
    const row = page.locator('[data-testid="seller-product-row"]', { hasText: name });
    await row.waitFor({ timeout: 30_000 });
    await row.getByText('Pending Review').waitFor();

    // The server has it, with its image re-encoded.
    const session = await loginViaApi(baseUrl, SELLER.email, SELLER.password);
    const answer = await fetch(`${baseUrl}/api/v1/product-submissions/seller/me?search=${encodeURIComponent(name)}`, {
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    const { data } = (await answer.json()) as { data: { status: string; images: unknown[]; price: number; condition: string; region: string }[] };
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({ status: 'PENDING', price: 420, condition: 'organic', region: 'Bono East' });
    expect(data[0].images).toHaveLength(1);
    await page.close();
  });
});
