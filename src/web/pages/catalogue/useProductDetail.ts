import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../local/api';
import { cachedProductDetail, fetchProductDetail, localRelated, type CachedDetail } from '../../../local/catalogue-detail';
import { localDb, type LocalProduct } from '../../../local/db';
import type { Product } from '../../../shared/schemas/catalogue';
import { api } from '../../app/api';

export type DetailState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'ready'; product: Product; detail: CachedDetail | undefined; related: Product[] };

/**
 * One product for the detail page: what the phone holds (the cached detail, else the
 * mirror's copy) at once, refreshed from the server when online (reviews, canReview).
 */
export function useProductDetail(id: number | undefined): DetailState {
  const [fetching, setFetching] = useState(true);
  const [missing, setMissing] = useState(false);
  const local = useLiveQuery(
    async () => {
      if (id === undefined) return { detail: undefined, mirror: undefined, related: [] as LocalProduct[] };
      const [detail, mirror] = await Promise.all([cachedProductDetail(id), localDb.products.get(id)]);
      const base = detail ?? mirror;
      const related = detail?.relatedProducts.length ? [] : base ? await localRelated(base) : [];
      return { detail, mirror, related };
    },
    [id],
  );

  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    setFetching(true);
    setMissing(false);
    fetchProductDetail(api, id)
      .catch((error: unknown) => {
        if (live && error instanceof ApiError && error.status === 404) setMissing(true);
      })
      .finally(() => live && setFetching(false));
    return () => {
      live = false;
    };
  }, [id]);

  if (id === undefined || missing) return { status: 'not-found' };
  if (local === undefined) return { status: 'loading' };
  const product = local.detail ?? local.mirror;
  if (!product) return fetching ? { status: 'loading' } : { status: 'not-found' };
  const related = local.detail?.relatedProducts.length ? local.detail.relatedProducts : local.related;
  return { status: 'ready', product, detail: local.detail, related };
}
