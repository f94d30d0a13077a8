import type { Page } from 'playwright-core';
import { waitInPage } from './wait';

/** Waits until the page's catalogue mirror holds a copy, so pages read it (and work offline). */
export async function mirrorReady(page: Page): Promise<void> {
  await waitInPage(
    page,
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('akuafo-market');
        open.onsuccess = () => {
          const get = open.result.transaction('meta').objectStore('meta').get('catalogue.cursor');
          get.onsuccess = () => resolve(get.result !== undefined);
          get.onerror = () => resolve(false);
        };
        open.onerror = () => resolve(false);
      }),
    { timeout: 30_000, every: 250, what: 'the catalogue mirror' },
  );
}
