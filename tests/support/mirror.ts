import type { Page } from 'playwright-core';
import { waitInPage } from './wait';

/** Waits until the page's catalogue mirror holds a copy, so pages read it (and work offline). */
export async function mirrorReady(page: Page): Promise<void> {
  await waitInPage(
    page,
    async () => {
      // Opening a database that does not exist yet would create an empty one (and hold the
      // app's own open, blocked, for as long as this connection lives): only look once it exists.
      if (!(await indexedDB.databases()).some((d) => d.name === 'akuafo-market')) return false;
      return new Promise<boolean>((resolve) => {
        const open = indexedDB.open('akuafo-market');
        open.onsuccess = () => {
          const db = open.result;
          try {
            const get = db.transaction('meta').objectStore('meta').get('catalogue.cursor');
            get.onsuccess = () => resolve(get.result !== undefined);
            get.onerror = () => resolve(false);
          } catch {
            resolve(false); // the app is still creating its stores
          } finally {
            db.close();
          }
        };
        open.onerror = () => resolve(false);
        open.onblocked = () => resolve(false);
      });
    },
    { timeout: 30_000, every: 250, what: 'the catalogue mirror' },
  );
}
