import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { AppFilesState } from '../../src/local/app-files';
import { launchBrowser } from '../support/browser';
import { waitInPage } from '../support/wait';
import { e2eServer } from './servers';

const baseUrl = e2eServer().baseUrl;

/** Issue 39 item 4: a slow line keeps what the visitor opened; a fast one (or asking) the whole app. */
const keptAppFiles = (page: Page) =>
  page.evaluate(async () => (await (await caches.open('app-files')).keys()).map((request) => new URL(request.url).pathname));

const askWorker = (page: Page, type: 'APP_FILES_STATE' | 'SAVE_APP') =>
  page.evaluate(async (type) => {
    const worker = (await navigator.serviceWorker.ready).active!;
    return new Promise<AppFilesState>((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(event.data as AppFilesState);
      worker.postMessage({ type }, [channel.port2]);
    });
  }, type);

describe.skipIf(!baseUrl)('the app files a first visit keeps', () => {
  let slow: BrowserContext;
  let fast: BrowserContext;
  let product: { id: number; name: string };
  beforeAll(async () => {
    const answer = (await (await fetch(`${baseUrl}/api/v1/products?limit=1`)).json()) as { data: { id: number; name: string }[] };
    product = answer.data[0];
    [slow, fast] = await Promise.all([launchBrowser(), launchBrowser()]);
  });
  afterAll(async () => {
    await Promise.all([slow?.close(), fast?.close()]);
  });

  it('on a slow line: the opened page and its files, not the whole app, until the person asks', async () => {
    const page = await slow.newPage();
    const cdp = await slow.newCDPSession(page);
    // 400 ms of round trip: the browser calls this line 3g.
    const line = { offline: false, latency: 400, downloadThroughput: 250_000, uploadThroughput: 100_000 };
    await cdp.send('Network.emulateNetworkConditions', line);
    // What navigator.connection reports: DevTools' throttle leaves it at this machine's own 4g.
    await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: Object.assign(new EventTarget(), { effectiveType: '3g', saveData: false, rtt: 400, downlink: 0.4 }) }));
    await page.goto(`${baseUrl}/product/${product.id}`);
    expect(await page.evaluate(() => (navigator as Navigator & { connection?: { effectiveType: string } }).connection?.effectiveType)).toBe('3g');
    await page.getByRole('heading', { name: product.name }).waitFor();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    await waitInPage(page, async () => (await (await caches.open('app-files')).keys()).some((request) => /\/ProductDetailPage-/.test(request.url)), { what: 'the product page files kept' });
    const kept = await keptAppFiles(page);
    expect(kept.some((path) => /\/AdminPage-/.test(path))).toBe(false);
    const before = await askWorker(page, 'APP_FILES_STATE');
    expect(before.missingFiles).toBeGreaterThan(40);
    expect(before.missingBytes).toBeGreaterThan(100_000);

    // Offline, the very link opened works again.
    await slow.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: product.name }).waitFor({ timeout: 30_000 });
    await slow.setOffline(false);

    // Asked, the rest follows, and a page never opened works offline.
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const after = await askWorker(page, 'SAVE_APP');
    expect(after).toEqual({ missingFiles: 0, missingBytes: 0 });
    expect((await keptAppFiles(page)).some((path) => /\/AdminPage-/.test(path))).toBe(true);
    await slow.setOffline(true);
    await page.goto(`${baseUrl}/faq`);
    await page.getByRole('heading', { name: 'Frequently Asked Questions' }).waitFor({ timeout: 30_000 });
    await slow.setOffline(false);
  });

  it('on a fast line: the whole app before the worker takes the page', async () => {
    const page = await fast.newPage();
    await page.goto(baseUrl);
    expect(await page.evaluate(() => (navigator as Navigator & { connection?: { effectiveType: string } }).connection?.effectiveType)).toBe('4g');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    expect(await askWorker(page, 'APP_FILES_STATE')).toEqual({ missingFiles: 0, missingBytes: 0 });
  });
});
