import type { Page } from 'playwright-core';

/** Every row of every store of the app's IndexedDB, read inside the page. */
export function readIndexedDb(page: Page): Promise<Record<string, unknown[]>> {
  return page.evaluate(async () => {
    const open = indexedDB.open('akuafo-market');
    const db: IDBDatabase = await new Promise((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const out: Record<string, unknown[]> = {};
    for (const name of Array.from(db.objectStoreNames)) {
      const all = db.transaction(name).objectStore(name).getAll();
      out[name] = await new Promise<unknown[]>((resolve) => (all.onsuccess = () => resolve(all.result)));
    }
    db.close();
    return out;
  });
}
