import type { CatalogueDelta, Product } from '../shared/schemas/catalogue';
import { searchHaystack } from '../shared/search';
import type { ApiClient } from './api';
import { getMeta, localDb, setMeta, type AkuafoDb, type LocalProduct } from './db';

const CURSOR_KEY = 'catalogue.cursor';
const PULLED_AT_KEY = 'catalogue.pulledAt';

export function toLocalProduct(product: Product): LocalProduct {
  return { ...product, haystack: searchHaystack(product) };
}

export interface PullResult {
  changed: number;
  deleted: number;
  cursor: number;
}

/**
 * Brings the local mirror up to date: asks for everything after our cursor, page by page,
 * and applies each page with its cursor in one transaction, so an interrupted pull resumes
 * where it stopped and never skips a change.
 */
export async function pullCatalogue(api: ApiClient, db: AkuafoDb = localDb): Promise<PullResult> {
  const result: PullResult = { changed: 0, deleted: 0, cursor: (await getMeta<number>(CURSOR_KEY, db)) ?? 0 };
  for (;;) {
    const answer = await api.get<{ data: CatalogueDelta } | undefined>('sync/catalogue', {
      searchParams: { since: result.cursor },
    });
    if (!answer) break; // 304: nothing new
    const delta = answer.data;
    await db.transaction('rw', db.products, db.productDetails, db.meta, async () => {
      if (delta.products.length) await db.products.bulkPut(delta.products.map(toLocalProduct));
      if (delta.deletedIds.length) {
        await db.products.bulkDelete(delta.deletedIds);
        await db.productDetails.bulkDelete(delta.deletedIds);
      }
      await setMeta(CURSOR_KEY, delta.cursor, db);
      await setMeta(PULLED_AT_KEY, new Date().toISOString(), db);
    });
    result.changed += delta.products.length;
    result.deleted += delta.deletedIds.length;
    result.cursor = delta.cursor;
    if (!delta.hasMore) break;
  }
  return result;
}

export function lastPulledAt(db: AkuafoDb = localDb): Promise<string | undefined> {
  return getMeta<string>(PULLED_AT_KEY, db);
}
