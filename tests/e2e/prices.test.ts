import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInThroughPage } from '../support/auth';
import { injectAxe, launchBrowser } from '../support/browser';
import { e2eServer } from './servers';

/** Issue 28: /prices online and offline, the product page's typical price, and the seller's warning. */
const baseUrl = e2eServer().baseUrl;
const SELLER = { email: 'kofi.farms@akuafo.demo', password: 'Akuafo#2026' };
let context: BrowserContext;

async function seriousViolations(page: Page): Promise<string[]> {
  await injectAxe(page);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(d: Document): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    return (await axe.run(document)).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe.skipIf(!baseUrl)('market prices in the browser', () => {
  beforeAll(async () => {
    context = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('shows /prices by category at 360 px, passes axe, and opens offline after a visit', async () => {
    const page = await context.newPage();
    await page.goto(`${baseUrl}/prices`);
    await page.getByRole('heading', { name: 'Market prices', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Grains', level: 2 }).waitFor({ timeout: 20_000 });
    const maize = page.locator('li', { has: page.getByRole('link', { name: 'Maize, 50 kg bag' }) });
    await maize.getByText(/Asking GH₵ [\d,]+\.\d\d/).waitFor();
    // The change from last week is said in words, not only drawn.
    await maize.getByText(/from last week|Same as last week|No price last week/).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Region').selectOption('Bono East');
    await page.getByText(/Prices as of/).waitFor();
    await page.getByRole('link', { name: 'Maize, 50 kg bag' }).click();
    await page.getByRole('heading', { name: 'Maize, 50 kg bag', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Bono East', level: 2 }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await context.setOffline(true);
    try {
      await page.goto(`${baseUrl}/prices`);
      await page.getByRole('heading', { name: 'Market prices', level: 1 }).waitFor();
      // The region chosen before is remembered (read from the phone just after the first
      // paint, so polled), and its prices come from the phone.
      await expect.poll(() => page.getByLabel('Region').inputValue(), { timeout: 10_000 }).toBe('Bono East');
      await page.locator('li', { has: page.getByRole('link', { name: 'Maize, 50 kg bag' }) }).getByText(/Asking GH₵/).waitFor({ timeout: 20_000 });
      await page.getByRole('link', { name: 'Maize, 50 kg bag' }).click();
      await page.getByRole('heading', { name: 'Bono East', level: 2 }).waitFor();
    } finally {
      await context.setOffline(false);
    }
    await page.close();
  });

  it('names the commodities in Twi for a Twi reader, online and offline (issue 27)', async () => {
    const twiPhone = await launchBrowser({ width: 1024 });
    try {
      const page = await twiPhone.newPage();
      await page.goto(`${baseUrl}/prices`);
      // Chosen at once, in the shell's bar, before the app has drawn the page over it: the
      // choice is made again in the app's bar (initial-app/early-presses.ts).
      await page.getByRole('combobox', { name: /Language/ }).first().selectOption('ak');
      await page.getByRole('heading', { name: 'Aburow ne ɛmo', level: 2 }).waitFor({ timeout: 30_000 });
      const maize = page.getByRole('link', { name: 'Aburow, kotoku 50 kg' });
      await maize.waitFor({ timeout: 20_000 });
      expect(await page.getByRole('link', { name: 'Maize, 50 kg bag' }).count()).toBe(0);
      await maize.click();
      await page.getByRole('heading', { name: 'Aburow, kotoku 50 kg', level: 1 }).waitFor();

      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
      await twiPhone.setOffline(true);
      await page.goto(`${baseUrl}/prices`);
      await page.getByRole('link', { name: 'Bayerɛ, baako' }).waitFor({ timeout: 20_000 });
    } finally {
      await twiPhone.close();
    }
  });

  it("shows the typical price in the product's region next to its price", async () => {
    const answer = await fetch(`${baseUrl}/api/v1/products?search=${encodeURIComponent('White Maize')}`);
    const { data } = (await answer.json()) as { data: { id: number; name: string; region: string }[] };
    const maize = data.find((p) => p.name === 'White Maize (50 kg bag)')!;
    const page = await context.newPage();
    await page.goto(`${baseUrl}/product/${maize.id}`);
    // Open to anyone (issue 39): the typical price shows to a visitor too.
    await page.getByRole('heading', { name: maize.name, level: 1 }).waitFor();
    await page.getByText(new RegExp(`Typical in ${maize.region} this week: GH₵ [\\d,]+\\.\\d\\d`)).waitFor({ timeout: 20_000 });
    await page.close();
  });

  it("warns the seller when the price typed is more than 30% from the region's typical range", async () => {
    // A phone of the seller's own (the buyer is signed in on the other).
    const sellerPhone = await launchBrowser();
    const page = await sellerPhone.newPage();
    await page.goto(`${baseUrl}/sellers/me/add-product`);
    await page.waitForURL((url) => url.pathname === '/signin');
    await signInThroughPage(page, baseUrl, SELLER.email, SELLER.password);
    await page.waitForURL((url) => url.pathname === '/sellers/me/add-product');
    await page.getByLabel('Region').selectOption('Bono East');
    await page.getByLabel('Sold as (to compare with the market)').selectOption('maize-50kg');
    await page.getByLabel('Price', { exact: true }).fill('430');
    await page.getByText(/Typical in Bono East this week: GH₵/).waitFor({ timeout: 20_000 });
    expect(await page.getByText(/more than 30% above/).count()).toBe(0);
    await page.getByLabel('Price', { exact: true }).fill('4300');
    await page.getByText('This price is more than 30% above what Bono East buyers typically pay this week. Check it before you save.').waitFor();
    await page.getByLabel('Price', { exact: true }).fill('43');
    await page.getByText(/more than 30% below/).waitFor();
    await sellerPhone.close();
  });
});
