import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createDeps } from '../../src/server/deps';
import { createLogger } from '../../src/server/platform/logging';
import { browserAvailable, launchBrowser } from '../support/browser';
import { fillBigCatalogue } from '../support/big-catalogue';
import { startApp, type RunningApp } from '../support/start-app';
import { waitInPage } from '../support/wait';
import { e2eServer } from './servers';

/**
 * Issue 25, item 4: a national catalogue (6,000 listings: more than the phone's budget of
 * 5,000), a buyer who names their region, and a phone that goes offline and still finds maize
 * there, saying it shows only saved listings.
 */
const LISTINGS = 6_000;
const REGION = 'Central'; // the generated catalogue lists maize in Ahafo, Central, Northern and Upper West
let app: RunningApp | undefined;
let context: BrowserContext;
const dataDir = mkdtempSync(join(tmpdir(), 'akuafo-e2e-scope-'));

/** Reads a meta value of the page's mirror. */
const meta = (page: Page, key: string) =>
  page.evaluate(
    (k) =>
      new Promise<unknown>((resolve) => {
        const open = indexedDB.open('akuafo-market');
        open.onsuccess = () => {
          const get = open.result.transaction('meta').objectStore('meta').get(k);
          get.onsuccess = () => resolve(get.result?.value);
          get.onerror = () => resolve(undefined);
        };
        open.onerror = () => resolve(undefined);
      }),
    key,
  );

describe.skipIf(!browserAvailable() || !e2eServer().dataDir)('a phone that keeps its owner\'s region', () => {
  beforeAll(async () => {
    // The catalogue is made before `npm start` serves it (SEED=none leaves it as it is).
    const config = loadConfig({ DATA_DIR: dataDir, SEED: 'none', JWT_SECRET: 'e2e-secret-that-is-long-enough-for-hs256' });
    const { deps, close } = await createDeps(config, createLogger('silent'));
    await fillBigCatalogue(deps, LISTINGS);
    await close();
    // The PWA the e2e setup built is reused (not stale, so not built again).
    app = await startApp({ DATA_DIR: dataDir, SEED: 'none', STATIC_DIR: join(e2eServer().dataDir, 'dist') });
    context = await launchBrowser();
  }, 300_000);
  afterAll(async () => {
    await context?.close();
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('asks the region once, keeps it, and offline finds maize there among the saved listings', async () => {
    const page = await context.newPage();
    await page.goto(`${app!.baseUrl}/products`);
    await page.getByText('Which region do you buy in?').waitFor({ timeout: 60_000 });
    await page.getByLabel('Your region').selectOption(REGION);
    await page.getByRole('button', { name: 'Keep this region' }).click();
    await page.getByText('Which region do you buy in?').waitFor({ state: 'detached' });
    // The pull for the region: caught up, and the server said the mirror holds a part of Ghana.
    await waitInPage(page, async () => {
      const [scope, caughtUp, scoped] = await Promise.all(['catalogue.scope', 'catalogue.caughtUp', 'catalogue.scoped'].map((k) =>
        new Promise<unknown>((resolve) => {
          const open = indexedDB.open('akuafo-market');
          open.onsuccess = () => {
            const get = open.result.transaction('meta').objectStore('meta').get(k);
            get.onsuccess = () => resolve(get.result?.value);
          };
        })));
      return scope === 'Central|' && caughtUp === true && scoped === true;
    }, { timeout: 60_000, every: 250, what: 'the region\'s listings on the phone' });
    expect(await meta(page, 'mirror.region')).toBe(REGION);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });

    await context.setOffline(true);
    try {
      await page.goto(`${app!.baseUrl}/search?q=maize`);
      const note = page.getByTestId('saved-listings');
      await note.waitFor();
      expect(await note.innerText()).toMatch(/^Showing \d[\d,]* saved listings\. Go online to search all of Ghana\.$/);
      const first = page.locator('[data-testid="product-grid"] article h3').first();
      await first.waitFor();
      expect(await first.innerText()).toMatch(/Maize/);
      // The region's maize is there: the phone narrows to it with no network.
      await page.goto(`${app!.baseUrl}/products?search=maize&location=${REGION}`);
      await page.getByTestId('saved-listings').waitFor();
      expect(await page.locator('[data-testid="product-grid"] article').count()).toBeGreaterThan(0);
    } finally {
      await context.setOffline(false);
    }
    // The prompt was asked once: not again.
    await page.goto(`${app!.baseUrl}/products`);
    await page.locator('[data-testid="product-grid"] article').first().waitFor({ timeout: 60_000 });
    expect(await page.getByText('Which region do you buy in?').count()).toBe(0);
    await page.close();
  });
});
