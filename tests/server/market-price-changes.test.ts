import { describe, expect, it } from 'vitest';
import { detailFromRows, isEmptyPriceRow, priceRowKey, summariesFromRows } from '../../src/local/market-price-rows';
import { startNewFeedEpoch } from '../../src/server/platform/db/feed-epoch';
import { isoWeekOf } from '../../src/shared/market-weeks';
import type { CatalogueDelta } from '../../src/shared/schemas/catalogue';
import type { Commodity, MarketPriceChanges, MarketPriceDetail, MarketPriceRow, MarketPriceSummary } from '../../src/shared/schemas/market-prices';
import { marketFixtures } from '../support/market';
import { shopServer } from '../support/shop';

/** Issue 28: the offline copy of the price index travels as deltas (GET /market-prices/changes). */
const shop = shopServer();
const { freshCommodity, changeListing, listing, buy } = marketFixtures(shop);

async function changes(since: number, tag?: string, limit?: number) {
  const query = new URLSearchParams({ since: String(since), ...(tag ? { commodities: tag } : {}), ...(limit ? { limit: String(limit) } : {}) });
  const res = await shop.server.call(`/market-prices/changes?${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: MarketPriceChanges }).data;
}

/** A phone's copy: rows by key, the commodity list and its tag, the cursor. */
class Copy {
  rows = new Map<string, MarketPriceRow>();
  commodities: Commodity[] = [];
  tag: string | undefined;
  cursor = 0;
  week = '';
  /** Pulls every page; returns the rows that travelled. */
  async pull(limit?: number): Promise<MarketPriceRow[]> {
    const travelled: MarketPriceRow[] = [];
    for (;;) {
      const page = await changes(this.cursor, this.tag, limit);
      if (page.commodities) this.commodities = page.commodities;
      this.tag = page.commoditiesTag;
      this.week = page.week;
      for (const row of page.rows) {
        if (isEmptyPriceRow(row)) this.rows.delete(priceRowKey(row.id, row.region, row.week));
        else this.rows.set(priceRowKey(row.id, row.region, row.week), row);
      }
      travelled.push(...page.rows);
      this.cursor = page.cursor;
      if (!page.hasMore) return travelled;
    }
  }
}

async function serverList(query: string) {
  return ((await (await shop.server.call(`/market-prices?${query}`)).json()) as { data: MarketPriceSummary[] }).data;
}

async function expectEqualToServer(copy: Copy, commodity: string) {
  expect(summariesFromRows(copy.commodities, copy.rows, copy.week, 'Upper West')).toEqual(await serverList('region=Upper%20West'));
  expect(summariesFromRows(copy.commodities, copy.rows, copy.week, undefined, 'Grains')).toEqual(await serverList('category=Grains'));
  const detail = ((await (await shop.server.call(`/market-prices/${commodity}`)).json()) as { data: MarketPriceDetail }).data;
  expect(detailFromRows(copy.commodities, copy.rows, copy.week, commodity)).toEqual(detail);
}

const keys = (rows: MarketPriceRow[]) => rows.map((r) => priceRowKey(r.id, r.region, r.week)).sort();
/** The two rows a change in a region's week touches: the region's and the whole country's. */
const regionAndCountry = (commodity: string, region: string, week: string) => [priceRowKey(commodity, '', week), priceRowKey(commodity, region, week)].sort();

describe('the price index as deltas', () => {
  it('sends the whole index once, then only the rows a collected sale or a price change touched; the copy stays equal to the answers', async () => {
    const commodity = await freshCommodity();
    const product = await listing(commodity, 10_000);
    const copy = new Copy();
    const first = await copy.pull();
    expect(first.length).toBeGreaterThan(0);
    expect(first.some(isEmptyPriceRow)).toBe(false);
    expect(copy.commodities.some((c) => c.id === commodity)).toBe(true);
    await expectEqualToServer(copy, commodity);

    // Nothing moved: no rows, the same cursor.
    const cursor = copy.cursor;
    expect(await copy.pull()).toEqual([]);
    expect(copy.cursor).toBe(cursor);

    // A collected sale: its commodity's week in its region and in the whole country, and nothing else.
    const week = isoWeekOf(Date.now());
    const others = [await listing(commodity, 10_000), await listing(commodity, 10_000)];
    await copy.pull();
    await buy(product, 2);
    // One seller's sale changes nothing published: no row travels.
    expect(await copy.pull()).toEqual([]);
    for (const other of others) await buy(other, 1);
    const paid = await copy.pull();
    expect(keys(paid)).toEqual(regionAndCountry(commodity, 'Upper West', week));
    expect(paid.find((r) => r.region === 'Upper West')).toMatchObject({ paid: 100, sales: 3, listings: 3, asking: 100 });
    await expectEqualToServer(copy, commodity);

    // Listings' new prices: the same two rows again.
    await changeListing(product, { price_minor: 12_000 });
    await changeListing(others[0]!, { price_minor: 12_000 });
    expect(keys(await copy.pull())).toEqual(regionAndCountry(commodity, 'Upper West', week));
    expect(copy.rows.get(priceRowKey(commodity, 'Upper West', week))).toMatchObject({ asking: 120 });

    // A paid order cancelled before it was collected was never in the index: nothing travels.
    const cancelled = await buy(product, 1, 'paid');
    const cancel = await shop.server.call(`/shop/customers/me/orders/${cancelled.orderId}/cancel`, { method: 'POST', token: cancelled.buyer.token, json: { reason: 'Changed my mind' } });
    expect(cancel.status).toBe(200);
    expect(await copy.pull()).toEqual([]);
    // The listings taken down: the asking price goes, what was collected stays.
    for (const id of [product, ...others]) await changeListing(id, { is_active: 0 });
    const down = await copy.pull();
    expect(keys(down)).toEqual(regionAndCountry(commodity, 'Upper West', week));
    expect(down.find((r) => r.region === 'Upper West')).toMatchObject({ paid: 100, asking: null, listings: 0 });
    await expectEqualToServer(copy, commodity);

    // A commodity with nothing but a listing, taken down: its rows empty out, travel as removals, and the copy drops them.
    const lone = await freshCommodity();
    const only = await listing(lone, 10_000);
    expect(keys(await copy.pull())).toEqual(regionAndCountry(lone, 'Upper West', week));
    await changeListing(only, { is_active: 0 });
    const gone = await copy.pull();
    expect(keys(gone)).toEqual(regionAndCountry(lone, 'Upper West', week));
    expect(gone.every(isEmptyPriceRow)).toBe(true);
    expect(copy.rows.has(priceRowKey(lone, 'Upper West', week))).toBe(false);
    await expectEqualToServer(copy, lone);
  });

  it('pages by version without losing a row, and sends the commodity list only to a phone without the current one', async () => {
    await listing(await freshCommodity(), 10_000, 'Volta');
    const whole = new Copy();
    await whole.pull();
    const paged = new Copy();
    const pages: number[] = [];
    for (;;) {
      const page = await changes(paged.cursor, paged.tag, 7);
      expect(page.rows.length).toBeLessThanOrEqual(7);
      pages.push(page.rows.length);
      if (page.commodities) paged.commodities = page.commodities;
      paged.tag = page.commoditiesTag;
      for (const row of page.rows) {
        if (isEmptyPriceRow(row)) paged.rows.delete(priceRowKey(row.id, row.region, row.week));
        else paged.rows.set(priceRowKey(row.id, row.region, row.week), row);
      }
      paged.cursor = page.cursor;
      if (!page.hasMore) break;
    }
    expect(pages.length).toBeGreaterThan(1);
    expect(paged.rows).toEqual(whole.rows);
    expect(paged.cursor).toBe(whole.cursor);

    const again = await changes(whole.cursor, whole.tag);
    expect(again.commodities).toBeUndefined();
    // Commodities come with migrations; here a listing under the new one moves the head as a restart would.
    const newCommodity = await freshCommodity();
    await listing(newCommodity, 5_000, 'Volta');
    const told = await changes(whole.cursor, whole.tag);
    expect(told.commodities?.some((c) => c.id === newCommodity)).toBe(true);
  });

  it('answers an unchanged index with a bodiless 304 to its ETag', async () => {
    const head = await changes(0);
    const res = await shop.server.call(`/market-prices/changes?since=${head.cursor}&commodities=${head.commoditiesTag}`);
    const etag = res.headers.get('etag')!;
    expect((await shop.server.call(`/market-prices/changes?since=${head.cursor}&commodities=${head.commoditiesTag}`, { headers: { 'If-None-Match': etag } })).status).toBe(304);
  });

  it('refuses a cursor or a page it cannot read, in words', async () => {
    for (const query of ['since=-1', 'since=abc', 'limit=0', 'limit=100000', 'commodities=%2F%2F']) {
      const res = await shop.server.call(`/market-prices/changes?${query}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toMatch(/since|limit|commodities/);
    }
  });

  it('redraws the copy once for 60 phones asking at once after a payment, each row with its own version', async () => {
    const commodity = await freshCommodity();
    const products = [await listing(commodity, 10_000), await listing(commodity, 10_000), await listing(commodity, 10_000)];
    const before = await changes(0);
    for (const product of products) await buy(product, 1);
    const answers = await Promise.all(Array.from({ length: 60 }, () => changes(before.cursor, before.commoditiesTag)));
    for (const a of answers) expect(keys(a.rows)).toEqual(keys(answers[0]!.rows));
    expect(answers[0]!.rows.length).toBe(2);
    const versions = await shop.server.deps.db.selectFrom('market_price_rows').select('version').execute();
    expect(new Set(versions.map((v) => v.version)).size).toBe(versions.length);
  });
});

describe('the feeds after the database is restored from a backup', () => {
  it('answer the feed epoch with every page of both mirrors, a new one after npm run feeds:restart (and new ETags), and a head below a cursor of the lost history', async () => {
    const commodity = await freshCommodity();
    const product = await listing(commodity, 10_000);
    const first = await changes(0);
    const catalogue = async (since: number) => ((await (await shop.server.call(`/sync/catalogue?since=${since}`)).json()) as { data: CatalogueDelta }).data;
    const epoch = first.epoch;
    expect(Number.isInteger(epoch) && epoch! > 0).toBe(true);
    expect((await catalogue(0)).epoch).toBe(epoch);

    // A cursor from the lost history (past the restored head): no rows, and the head to start from.
    const atHead = await shop.server.call(`/market-prices/changes?since=${first.cursor}`);
    const etag = atHead.headers.get('etag')!;
    expect(((await atHead.json()) as { data: MarketPriceChanges }).data).toMatchObject({ rows: [], cursor: first.cursor, hasMore: false, epoch });
    await changeListing(product, { price_minor: 12_000 });
    await shop.server.deps.db.deleteFrom('market_price_rows').where('version', '>', first.cursor - 1).execute();
    await shop.server.deps.db.updateTable('counters').set({ value: first.cursor - 1 }).where('name', '=', 'market_price_rows').execute();
    const lost = await changes(first.cursor + 100);
    expect(lost.cursor).toBeLessThan(first.cursor + 100);
    expect(lost).toMatchObject({ rows: [], hasMore: false, epoch });

    // The operator's restore step: a new epoch, on both feeds, and no phone's old ETag still matches.
    const renewed = await startNewFeedEpoch(shop.server.deps.db);
    expect(renewed).not.toBe(epoch);
    expect((await changes(0)).epoch).toBe(renewed);
    expect((await catalogue(0)).epoch).toBe(renewed);
    expect((await shop.server.call(`/market-prices/changes?since=${first.cursor}`, { headers: { 'If-None-Match': etag } })).status).toBe(200);
  });
});
