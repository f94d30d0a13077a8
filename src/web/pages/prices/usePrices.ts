import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { GHANA_REGIONS } from '../../../shared/catalogue';
import { ApiError } from '../../../local/api';
import { choosePriceRegion, fetchMarketPrice, fetchMarketPrices, keptMarketPrice, keptMarketPrices, preferredPriceRegion } from '../../../local/market-prices';
import type { MarketPriceDetail, MarketPriceSummary } from '../../../shared/schemas/market-prices';
import { api } from '../../lib/api';
import { useLiveQueryInTransition } from '../../hooks/useLiveQueryInTransition';
import { readKey, useInitialAnswer, useInitialData, useRenderedRead } from '../../initial-app/initial-data';
import { t } from '../../../shared/i18n';

/** fetchedAt is absent for the server's answer a page was rendered with (its HTML says no time). */
export type Loaded<T> =
  | { status: 'loading' }
  /** `unknown`: the server says there is no such thing (a commodity it does not know): the page is a 404. */
  | { status: 'missing'; message: string; unknown?: boolean }
  | { status: 'ready'; data: T; fetchedAt?: string; refreshing: boolean };

/**
 * The region the page shows ('' = whole country): the address's (?region=, the page's form
 * without JavaScript), else the whole country on a page the server rendered, else the buyer's.
 */
export function usePriceRegion(): [string | undefined, (region: string) => void] {
  const asked = useSearchParams()[0].get('region');
  const rendered = useInitialData() !== undefined;
  const [region, setRegion] = useState<string | undefined>(() => (GHANA_REGIONS.find((r) => r === asked) ?? (rendered || asked === '' ? '' : undefined)));
  useEffect(() => {
    void preferredPriceRegion().then((r) => setRegion((now) => now ?? r ?? ''));
  }, []);
  const choose = (next: string) => {
    setRegion(next);
    void choosePriceRegion(next || undefined);
  };
  return [region, choose];
}

/**
 * The kept answer at once (offline too), then the server's when it is reachable. On a page the
 * server rendered, its answer (`read`) until the phone keeps one.
 */
function useKeptThenFetched<T>(key: string | undefined, read: string | undefined, kept: () => Promise<{ data: T; fetchedAt: string } | undefined>, fetch: () => Promise<unknown>): Loaded<T> {
  const rendered = useInitialAnswer(read) as { data: T } | undefined;
  // The server asked and was told there is no such thing: the page says so from its first paint, as its HTML did.
  const refusedOnServer = useRenderedRead(read) === false;
  const [refreshing, setRefreshing] = useState(true);
  const [failure, setFailure] = useState<string>();
  const [unknown, setUnknown] = useState(false);
  const local = useLiveQueryInTransition(async () => (key === undefined ? null : ((await kept()) ?? null)), [key]);
  useEffect(() => {
    if (key === undefined) return;
    let live = true;
    setRefreshing(true);
    setFailure(undefined);
    setUnknown(false);
    fetch()
      .catch((error: unknown) => {
        if (!live) return;
        // A 404 reads as the page's own "No prices yet.", the same words the server's HTML has.
        if (error instanceof ApiError && error.status === 404) setUnknown(true);
        else setFailure(error instanceof ApiError ? error.message : t('prices.failed'));
      })
      .finally(() => live && setRefreshing(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fetch is a new function each render; the server is asked again only for a new key
  }, [key]);
  if (local) return { status: 'ready', data: local.data, fetchedAt: local.fetchedAt, refreshing };
  if (rendered) return { status: 'ready', data: rendered.data, refreshing: false };
  if (refusedOnServer || unknown) return { status: 'missing', message: t('prices.none'), unknown: true };
  if (local === null && !refreshing) return { status: 'missing', message: failure ?? t('prices.none') };
  return { status: 'loading' };
}

export function useMarketPrices(region: string | undefined): Loaded<MarketPriceSummary[]> {
  const r = region || undefined;
  const read = region === undefined ? undefined : readKey('market-prices', r ? { region: r } : {});
  return useKeptThenFetched(region === undefined ? undefined : `list:${region}`, read, () => keptMarketPrices(r), () => fetchMarketPrices(api, r));
}

export function useMarketPrice(id: string | undefined): Loaded<MarketPriceDetail> {
  // No commodity has such an id (the API's rule): nothing to ask, the page says so at once (a 404 on the server).
  const valid = id !== undefined && /^[a-z0-9-]{1,40}$/.test(id);
  const loaded = useKeptThenFetched(valid ? id : undefined, valid ? readKey(`market-prices/${id}`) : undefined, () => keptMarketPrice(id!), () => fetchMarketPrice(api, id!));
  return valid ? loaded : { status: 'missing', message: t('prices.none'), unknown: true };
}
