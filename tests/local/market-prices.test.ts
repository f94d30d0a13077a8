import { beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/local/api';
import { AkuafoDb } from '../../src/local/db';
import { fetchMarketPrice, keptMarketPrice, keptMarketPrices, pullMarketPrices } from '../../src/local/market-prices';
import { forgetPersonalData } from '../../src/local/sign-out';
import { startNewFeedEpoch } from '../../src/server/platform/db/feed-epoch';
import { isoWeekOf } from '../../src/shared/market-weeks';
import type { MarketPriceChanges, MarketPriceDetail, MarketPriceSummary } from '../../src/shared/schemas/market-prices';
import { marketFixtures } from '../support/market';
import { shopServer } from '../support/shop';

/** Issue 28: the phone's copy of the price index, kept by deltas from GET /market-prices/changes. */
const shop = shopServer();
const { freshCommodity, changeListing, listing, buy } = marketFixtures(shop);

interface Sent {
  path: string;
  status: number;
  rows: number;
}
/** What travelled: each price request's status and the rows its answer carried. */
let sent: Sent[];
let db: AkuafoDb;
const api = () =>
  createApiClient({
    origin: 'http://test.local',
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await shop.server.fetch(input, init);
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (url.pathname.includes('/market-prices')) {
        const body = res.status === 200 ? ((await res.clone().json()) as { data: MarketPriceChanges }) : undefined;
        sent.push({ path: url.pathname + url.search, status: res.status, rows: body?.data.rows?.length ?? 0 });
      }
      return res;
    }) as typeof fetch,
  });

beforeEach(async () => {
  sent = [];
  db = new AkuafoDb(`prices-${Math.random()}`);
  await db.open();
});

async function server<T>(path: string): Promise<T> {
  return ((await (await shop.server.call(path)).json()) as { data: T }).data;
}

/** The mirror draws the very answers the server gives, for a region, the whole country and a commodity. */
async function expectCopyEqualsServer(commodity: string) {
  expect((await keptMarketPrices('Upper West', db))!.data).toEqual(await server<MarketPriceSummary[]>('/market-prices?region=Upper%20West'));
  expect((await keptMarketPrices(undefined, db))!.data).toEqual(await server<MarketPriceSummary[]>('/market-prices'));
  expect((await keptMarketPrice(commodity, db))!.data).toEqual(await server<MarketPriceDetail>(`/market-prices/${commodity}`));
}

describe('the price index mirror', () => {
  it('pulls the index once, then only the rows that changed, and stays equal to the server', async () => {
    const commodity = await freshCommodity();
    const products = [await listing(commodity, 10_000), await listing(commodity, 10_000), await listing(commodity, 10_000)];
    const first = await pullMarketPrices(api(), db);
    expect(first.changed).toBe(await db.marketPriceRows.count());
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toMatch(/\/market-prices\/changes\?since=0/);
    await expectCopyEqualsServer(commodity);

    // Nothing moved: no rows (the first ask at the new cursor gets an empty page, the next a bodiless 304).
    sent = [];
    expect(await pullMarketPrices(api(), db)).toMatchObject({ changed: 0, removed: 0, cursor: first.cursor });
    expect(await pullMarketPrices(api(), db)).toMatchObject({ changed: 0, removed: 0, cursor: first.cursor });
    expect(sent.map((s) => [s.status, s.rows])).toEqual([[200, 0], [304, 0]]);

    // Payments by three sellers (a market the index publishes): the two rows they touched travel, asked for after the cursor, and nothing else.
    sent = [];
    for (const product of products) await buy(product, 3);
    const after = await pullMarketPrices(api(), db);
    expect(after.changed).toBe(2);
    expect(sent).toEqual([{ path: expect.stringContaining(`since=${first.cursor}`), status: 200, rows: 2 }]);
    const week = isoWeekOf(Date.now());
    expect((await db.marketPriceRows.get(`${commodity}|Upper West|${week}`))!).toMatchObject({ paid: 100, sales: 3, listings: 3 });
    await expectCopyEqualsServer(commodity);
  });

  it('drops rows that empty out on the server', async () => {
    const commodity = await freshCommodity();
    const product = await listing(commodity, 10_000);
    await pullMarketPrices(api(), db);
    const week = isoWeekOf(Date.now());
    expect(await db.marketPriceRows.get(`${commodity}|Upper West|${week}`)).toBeDefined();
    await changeListing(product, { is_active: 0 });
    expect(await pullMarketPrices(api(), db)).toMatchObject({ changed: 0, removed: 2 });
    expect(await db.marketPriceRows.get(`${commodity}|Upper West|${week}`)).toBeUndefined();
    await expectCopyEqualsServer(commodity);
  });

  it('opens /prices offline after one visit, for every region and commodity, and keeps it through a sign-out', async () => {
    const commodity = await freshCommodity();
    await listing(commodity, 15_000, 'Volta');
    expect((await fetchMarketPrice(api(), commodity, db))!.regions.find((r) => r.region === 'Volta')!.weeks.at(-1)).toMatchObject({ asking: 150 });
    const offline = createApiClient({ origin: 'http://test.local', fetch: (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch });
    await expect(pullMarketPrices(offline, db)).rejects.toThrow();
    // Never asked for, but in the copy: another region's list.
    expect((await keptMarketPrices('Volta', db))!.data.find((c) => c.id === commodity)).toMatchObject({ asking: 150, listings: 1 });
    await forgetPersonalData(db);
    expect((await keptMarketPrice(commodity, db))!.data.id).toBe(commodity);
    sent = [];
    await pullMarketPrices(api(), db);
    expect(sent.map((s) => s.rows)).toEqual([0]);
  });

  it('joins a pull already running instead of asking twice', async () => {
    await pullMarketPrices(api(), db);
    sent = [];
    await Promise.all([pullMarketPrices(api(), db), pullMarketPrices(api(), db), pullMarketPrices(api(), db)]);
    expect(sent).toHaveLength(1);
  });
});

/**
 * The server's database restored from a backup: its market_price_rows counter goes back to the
 * backup's, and the rows changed since are drawn again under versions the phone has already
 * passed. The phone must notice and pull from the start, not skip them for good.
 */
async function restoreServerTo(version: number) {
  const server = shop.server.deps.db;
  await server.deleteFrom('market_price_rows').where('version', '>', version).execute();
  await server.updateTable('counters').set({ value: version }).where('name', '=', 'market_price_rows').execute();
  await server.updateTable('market_price_rows_stamp').set({ stamp: '' }).execute();
}

describe('the price mirror after the server database is restored from a backup', () => {
  it('sees a head below its cursor, pulls again from the start, and then follows the new history', async () => {
    const commodity = await freshCommodity();
    const product = await listing(commodity, 10_000);
    const backup = (await pullMarketPrices(api(), db)).cursor;
    // Trade after the backup, lost with the database: two price changes, four versions.
    await changeListing(product, { price_minor: 11_500 });
    await pullMarketPrices(api(), db);
    await changeListing(product, { price_minor: 12_000 });
    const ahead = (await pullMarketPrices(api(), db)).cursor;
    expect(ahead).toBeGreaterThan(backup);
    const week = isoWeekOf(Date.now());
    expect(await db.marketPriceRows.get(`${commodity}|Upper West|${week}`)).toMatchObject({ asking: 120 });

    // Restored: the listing is at its old price again and the feed's versions went back.
    await changeListing(product, { price_minor: 10_000 });
    await restoreServerTo(backup);
    sent = [];
    const after = await pullMarketPrices(api(), db);
    expect(sent.map((s) => s.path.match(/since=(\d+)/)![1])).toEqual([String(ahead), '0']);
    expect(after.cursor).toBeLessThan(ahead);
    expect(await db.marketPriceRows.get(`${commodity}|Upper West|${week}`)).toMatchObject({ asking: 100 });
    await expectCopyEqualsServer(commodity);

    // The new history's next change reaches the phone, though its version is below the old cursor.
    await changeListing(product, { price_minor: 11_000 });
    await pullMarketPrices(api(), db);
    expect(await db.marketPriceRows.get(`${commodity}|Upper West|${week}`)).toMatchObject({ asking: 110 });
    await expectCopyEqualsServer(commodity);
  });

  it('starts again on a new feed epoch (npm run feeds:restart), even once the new history has passed its cursor', async () => {
    const commodity = await freshCommodity();
    const product = await listing(commodity, 10_000);
    const backup = (await pullMarketPrices(api(), db)).cursor;
    await changeListing(product, { price_minor: 12_000 });
    await pullMarketPrices(api(), db);
    await changeListing(product, { price_minor: 10_000 });
    await restoreServerTo(backup);
    await startNewFeedEpoch(shop.server.deps.db);
    // Much trade after the restore: the server's head passes the phone's cursor before it asks.
    for (let i = 0; i < 3; i++) await listing(await freshCommodity(), 10_000, 'Volta');
    await changeListing(product, { price_minor: 13_000 });
    sent = [];
    await pullMarketPrices(api(), db);
    expect(sent.at(-1)!.path).toMatch(/since=0&/);
    expect(await db.marketPriceRows.get(`${commodity}|Upper West|${isoWeekOf(Date.now())}`)).toMatchObject({ asking: 130 });
    await expectCopyEqualsServer(commodity);
  });
});
