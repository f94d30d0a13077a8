import { describe, expect, it } from 'vitest';
import { SALES_BANDS } from '../../src/shared/market-prices';
import type { MarketPriceChanges } from '../../src/shared/schemas/market-prices';
import { marketFixtures } from '../support/market';
import { shopServer } from '../support/shop';

/**
 * GET /market-prices/changes attacked: forged cursors and limits get a 400 that says what is
 * wrong (never a 500), sixty phones at once after a payment all get one consistent page, and
 * the rows say nothing that is not public (no buyer, seller, order or single sale's price).
 */
const shop = shopServer();
const { freshCommodity, listing, buy } = marketFixtures(shop);

const call = (query: string) => shop.server.call(`/market-prices/changes?${query}`);
const pageOf = async (res: Response) => ((await res.json()) as { data: MarketPriceChanges }).data;

describe('GET /market-prices/changes, forged queries', () => {
  it.each([
    'since=-1',
    'since=1e3',
    'since=0x10',
    'since=abc',
    'since=',
    'since=1.5',
    `since=${'9'.repeat(400)}`,
    `since=${Number.MAX_SAFE_INTEGER + 2}`,
    'limit=0',
    'limit=-5',
    'limit=2001',
    `limit=${'9'.repeat(40)}`,
    `commodities=${'a'.repeat(5000)}`,
    'commodities=%00%01',
    'commodities=%E2%82%B5',
    'since=%F0%9F%8C%BD',
  ])('%.60s is refused with a sentence and a 400', async (query) => {
    const res = await call(query);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string };
    expect(body.message).toMatch(/must be|not valid|may not contain/);
    expect(JSON.stringify(body)).not.toMatch(/stack|sql|select|kysely/i);
  });

  it('a cursor past the head (a forged or an older database\'s) answers no rows and the head to start from', async () => {
    const head = (await pageOf(await call('since=0&limit=2000'))).cursor;
    const page = await pageOf(await call(`since=${2 ** 31 - 1}`));
    expect(page.rows).toEqual([]);
    expect(page.hasMore).toBe(false);
    expect(page.cursor).toBeLessThanOrEqual(head + 10);
  });

  // PostgreSQL's integer column ends at 2^31 - 1: past it the query itself was an error (a 500).
  it.each([
    ['/market-prices/changes', 2 ** 31],
    ['/market-prices/changes', Number.MAX_SAFE_INTEGER],
    ['/sync/catalogue', 2 ** 31],
    ['/sync/catalogue', Number.MAX_SAFE_INTEGER],
  ])('%s?since=%d, past any version a database holds, is a 400', async (path, since) => {
    const res = await shop.server.call(`${path}?since=${since}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe('since must be a whole number from 0 to 2147483647');
  });

  it('a repeated parameter and unknown ones do not crash it', async () => {
    for (const query of ['since=1&since=2', 'since=0&foo=bar', 'limit=1&limit=2000', 'since[]=1']) expect([200, 400]).toContain((await call(query)).status);
  });
});

describe('GET /market-prices/changes, sixty phones at once', () => {
  it('after a payment, every one of 60 pulls from the same cursor gets the same rows and cursor', async () => {
    const commodity = await freshCommodity();
    const product = await listing(commodity, 12_345);
    const before = (await pageOf(await call('since=0&limit=2000'))).cursor;
    let at = before;
    for (let page = await pageOf(await call(`since=${at}`)); ; page = await pageOf(await call(`since=${at}`))) {
      at = page.cursor;
      if (!page.hasMore) break;
    }
    // Three sellers' sales: a market the index publishes.
    await buy(product, 1);
    await buy(await listing(commodity, 12_345), 1);
    await buy(await listing(commodity, 12_345), 1);
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => call(`since=${at}&limit=${1000 + i}`)));
    expect(answers.map((r) => r.status)).toEqual(Array(60).fill(200));
    const pages = await Promise.all(answers.map(pageOf));
    const first = JSON.stringify({ rows: pages[0]!.rows, cursor: pages[0]!.cursor });
    for (const page of pages) expect(JSON.stringify({ rows: page.rows, cursor: page.cursor })).toBe(first);
    expect(pages[0]!.rows.some((r) => r.id === commodity && r.sales === 3)).toBe(true);
  });

  it('rows carry only the public figures: no order, buyer, seller, product or wallet', async () => {
    const page = await pageOf(await call('since=0&limit=2000'));
    for (const row of page.rows) expect(Object.keys(row).sort()).toEqual(['asking', 'id', 'listings', 'paid', 'region', 'sales', 'week']);
    // A paid median shows only from MIN_SALES sales by MIN_SELLERS sellers, and the count only as its band's floor.
    for (const row of page.rows) {
      if (row.sales === 0) expect(row.paid).toBeNull();
      else expect(SALES_BANDS).toContain(row.sales);
    }
  });
});
