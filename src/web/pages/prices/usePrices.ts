import { useEffect, useState } from 'react';
import { ApiError } from '../../../local/api';
import { choosePriceRegion, fetchMarketPrice, fetchMarketPrices, keptMarketPrice, keptMarketPrices, preferredPriceRegion } from '../../../local/market-prices';
import type { MarketPriceDetail, MarketPriceSummary } from '../../../shared/schemas/market-prices';
import { api } from '../../lib/api';
import { useLiveQueryInTransition } from '../../hooks/useLiveQueryInTransition';
import { t } from '../../../shared/i18n';

export type Loaded<T> = { status: 'loading' } | { status: 'missing'; message: string } | { status: 'ready'; data: T; fetchedAt: string; refreshing: boolean };

/** The region the page shows ('' = whole country), starting from the buyer's. */
export function usePriceRegion(): [string | undefined, (region: string) => void] {
  const [region, setRegion] = useState<string | undefined>(undefined);
  useEffect(() => {
    void preferredPriceRegion().then((r) => setRegion((now) => now ?? r ?? ''));
  }, []);
  const choose = (next: string) => {
    setRegion(next);
    void choosePriceRegion(next || undefined);
  };
  return [region, choose];
}

/** The kept answer at once (offline too), then the server's when it is reachable. */
function useKeptThenFetched<T>(key: string | undefined, kept: () => Promise<{ data: T; fetchedAt: string } | undefined>, fetch: () => Promise<unknown>): Loaded<T> {
  const [refreshing, setRefreshing] = useState(true);
  const [failure, setFailure] = useState<string>();
  const local = useLiveQueryInTransition(async () => (key === undefined ? null : ((await kept()) ?? null)), [key]);
  useEffect(() => {
    if (key === undefined) return;
    let live = true;
    setRefreshing(true);
    setFailure(undefined);
    fetch()
      .catch((error: unknown) => live && setFailure(error instanceof ApiError ? error.message : t('prices.failed')))
      .finally(() => live && setRefreshing(false));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fetch is a new function each render; the server is asked again only for a new key
  }, [key]);
  if (local) return { status: 'ready', data: local.data, fetchedAt: local.fetchedAt, refreshing };
  if (local === null && !refreshing) return { status: 'missing', message: failure ?? t('prices.none') };
  return { status: 'loading' };
}

export function useMarketPrices(region: string | undefined): Loaded<MarketPriceSummary[]> {
  const r = region || undefined;
  return useKeptThenFetched(region === undefined ? undefined : `list:${region}`, () => keptMarketPrices(r), () => fetchMarketPrices(api, r));
}

export function useMarketPrice(id: string | undefined): Loaded<MarketPriceDetail> {
  return useKeptThenFetched(id, () => keptMarketPrice(id!), () => fetchMarketPrice(api, id!));
}
