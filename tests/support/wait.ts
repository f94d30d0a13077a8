import type { Page } from 'playwright-core';

/**
 * Waits until an asynchronous check in the page (IndexedDB, Cache Storage) answers true.
 * Playwright's waitForFunction takes a returned Promise as a truthy answer and stops at
 * once, so a check that must await goes through here.
 */
export async function waitInPage(
  page: Page,
  check: () => Promise<boolean>,
  { timeout = 30_000, every = 200, what = 'the page condition' }: { timeout?: number; every?: number; what?: string } = {},
): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await page.evaluate(check)) return;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeout} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}

/** Whether the page's own URL has a copy in the service worker's rendered-pages cache. */
export const pageIsKept = (): Promise<boolean> =>
  caches.open('rendered-pages').then((cache) => cache.match(location.href, { ignoreVary: true })).then(Boolean);
