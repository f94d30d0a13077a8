import type { ProductDetail } from '../shared/schemas/catalogue';
import { ApiError, type ApiClient } from './api';
import { localDb, type AkuafoDb, type LocalProduct } from './db';
import { localSameCategory } from './catalogue-query';
import { toLocalProduct } from './catalogue';
import { bumpGeneration } from './mirror-scope';
import { signedInAccount } from './session';

/**
 * A product detail as this phone keeps it. canReview is the answer for one user, so the
 * copy remembers whose it is (cachedFor: their account id, not the e-mail, which every
 * phone-only account shares as '') and another user does not inherit it.
 */
export type CachedDetail = ProductDetail & { cachedAt: string; cachedFor?: number };

/** Whether the cached answer to "may this user review?" is yes, for the signed-in account. */
export function mayReview(detail: CachedDetail | undefined, account: number | undefined): boolean {
  return !!detail && detail.canReview && account !== undefined && detail.cachedFor === account;
}

const RELATED_COUNT = 4;

/**
 * GET /products/{id} (reviews, related products and whether this user may review), kept in
 * Dexie so the page opens offline next time. A 404 forgets the cached copy and rethrows.
 */
export async function fetchProductDetail(api: ApiClient, id: number, db: AkuafoDb = localDb): Promise<CachedDetail> {
  try {
    const { data } = await api.call('GET /products/:id', { params: { id } });
    const cachedFor = await signedInAccount(db);
    const cached: CachedDetail = { ...data, cachedAt: new Date().toISOString(), cachedFor };
    const { reviews: _reviews, relatedProducts: _related, canReview: _canReview, yours: _yours, ...product } = data;
    // An opened listing is kept in the mirror (mirror-scope.ts), found by offline search even outside the scope.
    await db.transaction('rw', db.productDetails, db.products, db.meta, async () => {
      await db.productDetails.put(cached);
      const held = await db.products.get(id);
      if (held && held.version >= product.version) return;
      await db.products.put(toLocalProduct(product));
      await bumpGeneration(db);
    });
    return cached;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) await db.productDetails.delete(id);
    throw error;
  }
}

export function cachedProductDetail(id: number, db: AkuafoDb = localDb): Promise<CachedDetail | undefined> {
  return db.productDetails.get(id) as Promise<CachedDetail | undefined>;
}

/**
 * 'You may also like' from the mirror, chosen as the server chooses them (same category,
 * featured first, newest first), for products whose detail was never fetched. Answered from
 * the query copy in memory: reading a whole category out of IndexedDB is slow on a cheap phone.
 */
export function localRelated(product: Pick<LocalProduct, 'id' | 'category'>, db: AkuafoDb = localDb): Promise<LocalProduct[]> {
  return localSameCategory(product, RELATED_COUNT, db);
}
