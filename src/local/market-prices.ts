import { GHANA_REGIONS } from '../shared/catalogue';
import { INDEX_WEEKS } from '../shared/market-prices';
import { weeksEndingWith } from '../shared/market-weeks';
import type { Commodity, MarketPriceChanges, MarketPriceDetail, MarketPriceSummary } from '../shared/schemas/market-prices';
import type { ApiClient } from './api';
import { readLocalProfile } from './account';
import { getMeta, localDb, setMeta, type AkuafoDb, type LocalPriceRow } from './db';
import { feedWentBack } from './feed-epoch';
import { detailFromRows, isEmptyPriceRow, priceRowKey, summariesFromRows } from './market-price-rows';

/**
 * The price index as this phone keeps it: a mirror of its rows (one commodity, region and
 * week each) in Dexie, brought up to date as the catalogue's is. The phone keeps a cursor and
 * asks GET /market-prices/changes for the rows changed after it, page by page; an index that
 * has not moved costs a bodiless 304. /prices and /prices/:id are drawn from the mirror, in the
 * very shapes the list and detail routes answer, so they open offline after one visit, for
 * every region and commodity.
 */
const CURSOR_KEY = 'prices.cursor';
/** The server's week at the last pull: the window is the INDEX_WEEKS weeks ending with it. */
const WEEK_KEY = 'prices.week';
const COMMODITIES_KEY = 'prices.commodities';
/** The ETag of the last answer and the cursor it was for. */
const ETAG_KEY = 'prices.etag';
const PULLED_AT_KEY = 'prices.pulledAt';
/** The server's feed epoch the mirror was pulled under (src/local/feed-epoch.ts). */
const EPOCH_KEY = 'prices.epoch';
const REGION_KEY = 'market-prices:region';
/** Rows per page: a first visit's index (a few thousand rows) in a few short transactions. */
const PAGE_ROWS = 500;

interface KeptCommodities {
  tag: string;
  list: Commodity[];
}
interface StoredEtag {
  since: number;
  etag: string;
}
export interface KeptPrices<T> {
  data: T;
  fetchedAt: string;
}
export interface PricePullResult {
  changed: number;
  removed: number;
  cursor: number;
}

/** Brings the mirror up to date; a pull asked for while one runs joins it. */
export function pullMarketPrices(api: ApiClient, db: AkuafoDb = localDb): Promise<PricePullResult> {
  let running = pullsRunning.get(db);
  if (!running) {
    running = pullPages(api, db).finally(() => pullsRunning.delete(db));
    pullsRunning.set(db, running);
  }
  return running;
}
const pullsRunning = new WeakMap<AkuafoDb, Promise<PricePullResult>>();

async function pullPages(api: ApiClient, db: AkuafoDb): Promise<PricePullResult> {
  const result: PricePullResult = { changed: 0, removed: 0, cursor: (await getMeta<number>(CURSOR_KEY, db)) ?? 0 };
  let restarted = false;
  for (;;) {
    const stored = await getMeta<StoredEtag>(ETAG_KEY, db);
    const commodities = await getMeta<KeptCommodities>(COMMODITIES_KEY, db);
    let etag: string | null = null;
    // Undefined for a 304.
    const answer: { data: MarketPriceChanges } | undefined = await api.call('GET /market-prices/changes', { query: { since: String(result.cursor), limit: String(PAGE_ROWS), commodities: commodities?.tag } }, {
      headers: stored?.since === result.cursor ? { 'If-None-Match': stored.etag } : undefined,
      throwHttpErrors: (status) => status !== 304,
      hooks: { afterResponse: [(_request, _options, response) => void (etag = response.headers.get('etag'))] },
    });
    if (!answer) {
      await setMeta(PULLED_AT_KEY, new Date().toISOString(), db);
      break; // 304: nothing new
    }
    const page = answer.data;
    if (feedWentBack(await getMeta<number>(EPOCH_KEY, db), { ...page, empty: page.rows.length === 0 }, result.cursor)) {
      // The server's database went back: the cursor is of a lost history. Start again from 0
      // (its first page replaces every row held), once per pull.
      if (restarted) throw new Error('The price feed went back twice in one pull.');
      restarted = true;
      await db.meta.bulkDelete([CURSOR_KEY, ETAG_KEY]);
      result.cursor = 0;
      continue;
    }
    const removed = page.rows.filter(isEmptyPriceRow).length;
    await applyPage(page, result.cursor, etag, db);
    result.changed += page.rows.length - removed;
    result.removed += removed;
    result.cursor = page.cursor;
    if (!page.hasMore) break;
  }
  return result;
}

/**
 * Writes a page and moves the cursor in one transaction, so a pull stopped halfway asks for
 * the page again. A first pull (since 0) starts the mirror afresh; rows that empty out and
 * weeks gone out of the window are dropped. A late answer (another tab went further) is ignored.
 */
async function applyPage(page: MarketPriceChanges, since: number, etag: string | null, db: AkuafoDb): Promise<void> {
  await db.transaction('rw', db.marketPriceRows, db.meta, async () => {
    const held = (await getMeta<number>(CURSOR_KEY, db)) ?? 0;
    if (held > page.cursor && since !== 0) return;
    if (since === 0) await db.marketPriceRows.clear();
    const rows = page.rows.map((r) => ({ ...r, key: priceRowKey(r.id, r.region, r.week) }));
    await db.marketPriceRows.bulkPut(rows.filter((r) => !isEmptyPriceRow(r)));
    await db.marketPriceRows.bulkDelete(rows.filter(isEmptyPriceRow).map((r) => r.key));
    const heldWeek = await getMeta<string>(WEEK_KEY, db);
    const week = heldWeek && heldWeek > page.week ? heldWeek : page.week;
    if (week !== heldWeek) {
      const oldest = weeksEndingWith(week, INDEX_WEEKS)[0]!;
      await db.marketPriceRows.filter((r) => r.week < oldest).delete();
      await setMeta(WEEK_KEY, week, db);
    }
    if (page.epoch !== undefined) await setMeta(EPOCH_KEY, page.epoch, db);
    if (page.commodities) await setMeta(COMMODITIES_KEY, { tag: page.commoditiesTag, list: page.commodities } satisfies KeptCommodities, db);
    await setMeta(CURSOR_KEY, page.cursor, db);
    await setMeta(PULLED_AT_KEY, new Date().toISOString(), db);
    if (etag) await setMeta(ETAG_KEY, { since, etag } satisfies StoredEtag, db);
  });
}

/** What the mirror needs to draw an answer: undefined before the first pull. */
async function mirrorBasics(db: AkuafoDb) {
  const [commodities, week, fetchedAt] = await Promise.all([getMeta<KeptCommodities>(COMMODITIES_KEY, db), getMeta<string>(WEEK_KEY, db), getMeta<string>(PULLED_AT_KEY, db)]);
  return commodities && week && fetchedAt ? { commodities: commodities.list, week, fetchedAt } : undefined;
}

const byKey = (rows: LocalPriceRow[]) => new Map(rows.map((r) => [r.key, r]));

/** The list as GET /market-prices?region= answers it, from the mirror. */
export async function keptMarketPrices(region: string | undefined, db: AkuafoDb = localDb): Promise<KeptPrices<MarketPriceSummary[]> | undefined> {
  const basics = await mirrorBasics(db);
  if (!basics) return undefined;
  const rows = await db.marketPriceRows.where('region').equals(region ?? '').toArray();
  return { data: summariesFromRows(basics.commodities, byKey(rows), basics.week, region), fetchedAt: basics.fetchedAt };
}

/** A commodity's detail as GET /market-prices/{id} answers it, from the mirror. */
export async function keptMarketPrice(id: string, db: AkuafoDb = localDb): Promise<KeptPrices<MarketPriceDetail> | undefined> {
  const basics = await mirrorBasics(db);
  if (!basics) return undefined;
  const detail = detailFromRows(basics.commodities, byKey(await db.marketPriceRows.where('id').equals(id).toArray()), basics.week, id);
  return detail && { data: detail, fetchedAt: basics.fetchedAt };
}

export async function fetchMarketPrices(api: ApiClient, region: string | undefined, db: AkuafoDb = localDb): Promise<MarketPriceSummary[]> {
  await pullMarketPrices(api, db);
  return (await keptMarketPrices(region, db))?.data ?? [];
}

export async function fetchMarketPrice(api: ApiClient, id: string, db: AkuafoDb = localDb): Promise<MarketPriceDetail | undefined> {
  await pullMarketPrices(api, db);
  return (await keptMarketPrice(id, db))?.data;
}

/** The region the prices open in: the one last chosen, else the buyer's default address's, else the whole country. */
export async function preferredPriceRegion(db: AkuafoDb = localDb): Promise<string | undefined> {
  const chosen = await getMeta<string>(REGION_KEY, db);
  if (chosen !== undefined) return chosen || undefined;
  const addresses = (await readLocalProfile(db))?.addresses ?? [];
  const home = (addresses.find((a) => a.isDefault) ?? addresses[0])?.region;
  return (GHANA_REGIONS as readonly string[]).includes(home ?? '') ? home : undefined;
}

export const choosePriceRegion = (region: string | undefined, db: AkuafoDb = localDb) => setMeta(REGION_KEY, region ?? '', db);
