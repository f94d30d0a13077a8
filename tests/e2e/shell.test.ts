import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { e2eServer } from './servers';

const baseUrl = e2eServer().baseUrl;
let context: BrowserContext;

describe.skipIf(!baseUrl)('the PWA shell', () => {
  beforeAll(async () => {
    context = await launchBrowser();
  });
  afterAll(async () => {
    await context?.close();
  });

  it('shows seeded products, then opens with the network off', async () => {
    const page = await context.newPage();
    await page.goto(baseUrl);
    const cards = page.locator('[data-testid="product-grid"] article');
    await cards.first().waitFor({ timeout: 30_000 });
    expect(await cards.count()).toBeGreaterThan(0);
    // The service worker claims the page once it has precached the shell.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await context.setOffline(true);
    await page.reload();
    await cards.first().waitFor({ timeout: 15_000 });
    expect(await cards.count()).toBeGreaterThan(0);
    await expect(page.getByText('Offline', { exact: true }).isVisible()).resolves.toBe(true);

    // A route never visited before still opens offline: its chunk was precached.
    await page.goto(`${baseUrl}/no-such-page`);
    await page.getByText('Oops! The page you are looking for does not exist.').waitFor();
    await context.setOffline(false);
    await page.close();
  });

  it('is installable', async () => {
    const page = await context.newPage();
    await page.goto(baseUrl);
    await page.waitForLoadState('networkidle');
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
    const manifest = await (await fetch(`${baseUrl}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ name: 'Akuafo Market', display: 'standalone', start_url: '/' });
    await page.close();
  });
});
