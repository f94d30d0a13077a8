import { GHANA_REGIONS } from '../shared/catalogue';
import type { MarketPriceDetail, MarketPriceSummary } from '../shared/schemas/market-prices';
import type { ApiClient } from './api';
import { readLocalProfile } from './account';
import { getMeta, localDb, setMeta, type AkuafoDb } from './db';

/**
 * The price index as this phone keeps it: each answer the user has seen, in Dexie's meta
 * table, so /prices opens offline after a visit. A refresh asks with the browser's copy's
 * ETag (the client's no-cache): an index that has not moved costs a bodiless 304.
 */
const listKey = (region: string | undefined, category: string | undefined) => `market-prices:${region ?? ''}:${category ?? ''}`;
const detailKey = (id: string) => `market-price:${id}`;
const REGION_KEY = 'market-prices:region';

export interface KeptPrices<T> {
  data: T;
  fetchedAt: string;
}

export async function fetchMarketPrices(api: ApiClient, region: string | undefined, db: AkuafoDb = localDb): Promise<MarketPriceSummary[]> {
  const query = region ? `?region=${encodeURIComponent(region)}` : '';
  const answer = await api.get<{ data: MarketPriceSummary[] } | undefined>(`market-prices${query}`);
  if (!answer) return (await keptMarketPrices(region, db))?.data ?? [];
  await setMeta(listKey(region, undefined), { data: answer.data, fetchedAt: new Date().toISOString() }, db);
  return answer.data;
}

export const keptMarketPrices = (region: string | undefined, db: AkuafoDb = localDb) => getMeta<KeptPrices<MarketPriceSummary[]>>(listKey(region, undefined), db);

export async function fetchMarketPrice(api: ApiClient, id: string, db: AkuafoDb = localDb): Promise<MarketPriceDetail | undefined> {
  const answer = await api.get<{ data: MarketPriceDetail } | undefined>(`market-prices/${encodeURIComponent(id)}`);
  if (!answer) return (await keptMarketPrice(id, db))?.data;
  await setMeta(detailKey(id), { data: answer.data, fetchedAt: new Date().toISOString() }, db);
  return answer.data;
}

export const keptMarketPrice = (id: string, db: AkuafoDb = localDb) => getMeta<KeptPrices<MarketPriceDetail>>(detailKey(id), db);

/** The region the prices open in: the one last chosen, else the buyer's default address's, else the whole country. */
export async function preferredPriceRegion(db: AkuafoDb = localDb): Promise<string | undefined> {
  const chosen = await getMeta<string>(REGION_KEY, db);
  if (chosen !== undefined) return chosen || undefined;
  const addresses = (await readLocalProfile(db))?.addresses ?? [];
  const home = (addresses.find((a) => a.isDefault) ?? addresses[0])?.region;
  return (GHANA_REGIONS as readonly string[]).includes(home ?? '') ? home : undefined;
}

export const choosePriceRegion = (region: string | undefined, db: AkuafoDb = localDb) => setMeta(REGION_KEY, region ?? '', db);
