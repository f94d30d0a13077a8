import { useEffect, useState } from 'react';
import { ApiError } from '../../../local/api';
import { cachedProductDetail, fetchProductDetail, localRelated, type CachedDetail } from '../../../local/catalogue-detail';
import { localDb, type LocalProduct } from '../../../local/db';
import type { Product, ProductDetail } from '../../../shared/schemas/catalogue';
import { api } from '../../lib/api';
import { useLiveQueryInTransition } from '../../hooks/useLiveQueryInTransition';
import { readKey, useInitialAnswer, useRenderedRead } from '../../initial-app/initial-data';

export type DetailState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'ready'; product: Product; detail: CachedDetail | undefined; related: Product[] };

/**
 * One product for the detail page: what the phone holds (the cached detail, else the
 * mirror's copy) at once, refreshed from the server when online (reviews, canReview). On a
 * page the server rendered, its answer until the phone holds one as new.
 */
export function useProductDetail(id: number | undefined): DetailState {
  const [fetching, setFetching] = useState(true);
  const [missing, setMissing] = useState(false);
  const refusedOnServer = useRenderedRead(id === undefined ? undefined : readKey(`products/${id}`)) === false;
  const rendered = (useInitialAnswer(id === undefined ? undefined : readKey(`products/${id}`)) as { data: ProductDetail } | undefined)?.data;
  // The page and its related cards are redrawn in a transition when the fetched detail lands.
  const local = useLiveQueryInTransition(
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
  // The newest copy wins; on a tie the phone's detail (it knows canReview), then the
  // server's answer over the mirror's bare product (the answer has the reviews).
  const newer = (copy: { version: number } | undefined) => copy !== undefined && copy.version > rendered!.version;
  if (rendered && !(local?.detail && local.detail.version >= rendered.version) && !newer(local?.mirror)) {
    return { status: 'ready', product: rendered, detail: { ...rendered, cachedAt: '' }, related: rendered.relatedProducts };
  }
  // The server rendered this page and found no such product: say so, as its HTML does.
  if (local === undefined) return refusedOnServer ? { status: 'not-found' } : { status: 'loading' };
  const product = local.detail ?? local.mirror;
  if (!product) return fetching ? { status: 'loading' } : { status: 'not-found' };
  const related = local.detail?.relatedProducts.length ? local.detail.relatedProducts : local.related;
  return { status: 'ready', product, detail: local.detail, related };
}
