import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoWeekOf } from '../../src/shared/market-weeks';
import type { MarketPriceDetail, MarketPriceSummary } from '../../src/shared/schemas/market-prices';
import { ACCOUNTS } from '../../src/server/modules/ledger/accounts';
import { trialBalance } from '../../src/server/modules/ledger/balances';
import { startFakePaystack } from '../support/fake-paystack';
import { startTestServer, type TestServer } from '../support/server';
import { MARKET_TRADERS } from '../../src/server/modules/demo/market-traders';
import { DEMO_BUYERS } from '../../src/server/modules/demo/market-history';
import { MIN_BUYERS, MIN_SALES, MIN_SELLERS } from '../../src/shared/market-prices';
import { adminToken, pngImage, productForm, tokenFor, VALID_PRODUCT } from '../support/sellers';
import { marketFixtures } from '../support/market';
import { shopServer } from '../support/shop';

/** Issue 28: the price index from paid orders and listings, and its two public reads. */
const shop = shopServer();

const { freshCommodity, freshSeller, changeListing, listing, buy, collect, fold } = marketFixtures(shop);

async function summary(commodityId: string, query = 'region=Upper%20West&category=Grains') {
  const res = await shop.server.call(`/market-prices?${query}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: MarketPriceSummary[] };
  return body.data.find((c) => c.id === commodityId)!;
}

describe('the market price index', () => {
  it('gives the paid median weighted by quantity once 3 sales by 3 sellers are in, the count banded, the asking median always, and counts a sale only once it is collected', async () => {
    const commodity = await freshCommodity();
    const cheap = await listing(commodity, 10_000);
    const middle = await listing(commodity, 20_000);
    const dear = await listing(commodity, 30_000);
    const week = isoWeekOf(Date.now());

    const empty = await summary(commodity);
    expect(empty).toMatchObject({ paid: null, asking: 200, sales: 0, listings: 3, unit: '50 kg bag', category: 'Grains' });
    expect(empty.weeks).toHaveLength(12);
    expect(empty.weeks.at(-1)).toEqual({ week, paid: null, asking: 200 });

    await buy(cheap, 1);
    await buy(dear, 1);
    // Two sales: too few to say what the price is, or how many were sold; the asking price stands alone.
    expect(await summary(commodity)).toMatchObject({ paid: null, asking: 200, sales: 0 });

    // Four bags at 300 and one each at 100 and 200: the weighted median is 300, the plain one would be 200.
    const heavy = await buy(dear, 4);
    await buy(middle, 1);
    // Four sales by three sellers: published, the count as its band's floor ("3+").
    expect(await summary(commodity)).toMatchObject({ paid: 300, sales: 3, listings: 3 });
    // The whole country counts the same sales.
    expect(await summary(commodity, 'category=Grains')).toMatchObject({ paid: 300, sales: 3 });
    // An unpaid order counts for nothing.
    await buy(cheap, 9, 'unpaid');
    const cell = () => shop.server.deps.db.selectFrom('market_price_cells').select(['sales', 'sellers']).where('commodity_id', '=', commodity).where('region', '=', 'Upper West').executeTakeFirstOrThrow();
    expect(await cell()).toEqual({ sales: 4, sellers: 3 });

    // Paid but not collected: no sale yet (issue 37), and cancelled it never was one.
    const uncollected = await buy(cheap, 9, 'paid');
    expect(await cell()).toEqual({ sales: 4, sellers: 3 });
    const cancel = await shop.server.call(`/shop/customers/me/orders/${uncollected.orderId}/cancel`, { method: 'POST', token: uncollected.buyer.token, json: { reason: 'Changed my mind' } });
    expect(cancel.status).toBe(200);
    expect(await summary(commodity)).toMatchObject({ paid: 300, sales: 3 });
    const rows = await shop.server.deps.db.selectFrom('market_sales').select('order_id').where('commodity_id', '=', commodity).execute();
    expect(rows.map((r) => r.order_id)).toContain(heavy.orderId);
    expect(rows.map((r) => r.order_id)).not.toContain(uncollected.orderId);
  });

  it('counts every one of 20 orders paid and collected at once in the same cell, folded by three instances\' jobs at once', async () => {
    const commodity = await freshCommodity();
    const products = [await listing(commodity, 10_000), await listing(commodity, 10_000), await listing(commodity, 10_000)];
    const orders = [];
    for (let i = 0; i < 20; i++) orders.push(await buy(products[i % 3]!, 1, 'unpaid'));
    const references = await shop.server.deps.db.selectFrom('payments').select(['reference', 'order_id']).where('order_id', 'in', orders.map((o) => o.orderId)).execute();
    const tokenOf = new Map(orders.map((o) => [o.orderId, o.buyer.token]));
    const paid = await Promise.all(references.map((r) => shop.server.call(`/payments/sandbox/${r.reference}/approve`, { method: 'POST', token: tokenOf.get(r.order_id) })));
    expect(paid.every((r) => r.status < 300)).toBe(true);
    // Paid, no sale yet; collected all at once, each is filed for the job to fold.
    expect(await shop.server.deps.db.selectFrom('market_sales').select('folded').where('commodity_id', '=', commodity).execute()).toEqual([]);
    await Promise.all(orders.map((o) => collect(o.orderId)));
    // Every sale is filed with its collection, to be folded into the cells by the job.
    const filed = await shop.server.deps.db.selectFrom('market_sales').select('folded').where('commodity_id', '=', commodity).execute();
    expect(filed.map((f) => f.folded)).toEqual(Array(20).fill(0));
    await Promise.all([fold(), fold(), fold()]);
    await fold();
    const cells = await shop.server.deps.db.selectFrom('market_price_cells').select(['region', 'sales', 'sellers']).where('commodity_id', '=', commodity).orderBy('region').execute();
    expect(cells).toEqual([{ region: '', sales: 20, sellers: 3 }, { region: 'Upper West', sales: 20, sellers: 3 }]);
    // Published in its band: 20 sales read "10+".
    expect(await summary(commodity)).toMatchObject({ sales: 10, paid: 100 });
    expect(await summary(commodity, 'category=Grains')).toMatchObject({ sales: 10 });
  });

  it('follows listing prices as they change, and a listing taken down stops counting', async () => {
    const commodity = await freshCommodity();
    const one = await listing(commodity, 10_000);
    await listing(commodity, 14_000);
    expect(await summary(commodity)).toMatchObject({ asking: 120, listings: 2 });
    await changeListing(one, { price_minor: 18_000 });
    expect(await summary(commodity)).toMatchObject({ asking: 160, listings: 2 });
    await changeListing(one, { is_active: 0 });
    expect(await summary(commodity)).toMatchObject({ asking: 140, listings: 1 });
  });

  it('answers a commodity with every region side by side, 12 weeks each', async () => {
    const commodity = await freshCommodity();
    await listing(commodity, 15_000, 'Volta');
    const res = await shop.server.call(`/market-prices/${commodity}`);
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: MarketPriceDetail };
    expect(data).toMatchObject({ id: commodity, unit: '50 kg bag' });
    expect(data.regions).toHaveLength(16);
    expect(data.regions.every((r) => r.weeks.length === 12)).toBe(true);
    expect(data.regions.find((r) => r.region === 'Volta')!.weeks.at(-1)).toMatchObject({ paid: null, asking: 150 });
    expect(data.regions.find((r) => r.region === 'Ashanti')!.weeks.at(-1)).toMatchObject({ asking: null });
  });

  it('is cached with ETags, and a payment changes the answer once it may be published', async () => {
    const commodity = await freshCommodity();
    const products = [await listing(commodity, 10_000), await listing(commodity, 10_000), await listing(commodity, 10_000)];
    const first = await shop.server.call('/market-prices?region=Upper%20West');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect(first.headers.get('cache-control')).toContain('public');
    expect((await shop.server.call('/market-prices?region=Upper%20West', { headers: { 'If-None-Match': etag } })).status).toBe(304);
    // One seller's sale: the public answer is byte for byte what it was (the same ETag), so it tells no one that a sale happened.
    await buy(products[0]!, 1);
    expect((await shop.server.call('/market-prices?region=Upper%20West', { headers: { 'If-None-Match': etag } })).status).toBe(304);
    await buy(products[1]!, 1);
    await buy(products[2]!, 1);
    const after = await shop.server.call('/market-prices?region=Upper%20West', { headers: { 'If-None-Match': etag } });
    expect(after.status).toBe(200);
    const body = (await after.json()) as { data: MarketPriceSummary[] };
    expect(body.data.find((c) => c.id === commodity)).toMatchObject({ sales: 3, paid: 100 });
  });

  it("publishes neither the paid price nor the number of sales of a market one or two sellers make, in any of the 12 weeks, in the list, the detail or the phone's feed", async () => {
    const commodity = await freshCommodity();
    const seller = await freshSeller();
    const one = await listing(commodity, 10_000, 'Upper West', seller);
    const other = await listing(commodity, 12_000, 'Upper West', seller);
    const second = await listing(commodity, 30_000);
    // A thin market: 40 sales by two sellers, one of them most of it.
    await Promise.all(Array.from({ length: 12 }, (_, i) => buy([one, other, second][i % 3]!, 1 + i)));
    for (const query of ['region=Upper%20West&category=Grains', 'category=Grains']) {
      const thin = await summary(commodity, query);
      expect(thin).toMatchObject({ paid: null, sales: 0, asking: 120, listings: 3 });
      expect(thin.weeks.every((w) => w.paid === null)).toBe(true);
    }
    const detail = ((await (await shop.server.call(`/market-prices/${commodity}`)).json()) as { data: MarketPriceDetail }).data;
    expect(detail.regions.every((r) => r.weeks.every((w) => w.paid === null))).toBe(true);
    const feed = ((await (await shop.server.call('/market-prices/changes?since=0&limit=2000')).json()) as { data: { rows: { id: string; paid: number | null; sales: number }[] } }).data;
    const rows = feed.rows.filter((r) => r.id === commodity);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.paid === null && r.sales === 0)).toBe(true);
    // A third seller's sale makes it a market: published, and the count only as its band.
    await buy(await listing(commodity, 20_000), 1);
    expect(await summary(commodity)).toMatchObject({ sales: 10 });
  });

  it('refuses what it cannot answer in words, with 4xx', async () => {
    const badRegion = await shop.server.call('/market-prices?region=Texas');
    expect(badRegion.status).toBe(400);
    expect(((await badRegion.json()) as { message: string }).message).toMatch(/16 regions/);
    expect((await shop.server.call('/market-prices?category=Gadgets')).status).toBe(400);
    expect((await shop.server.call('/market-prices/no-such-thing')).status).toBe(404);
    expect((await shop.server.call('/market-prices/..%2Fetc')).status).toBe(404);
  });

  it('maps the demo listings to commodities by name', async () => {
    const mapped = await shop.server.deps.db.selectFrom('products').select(['name', 'commodity_id']).where('name', 'in', ['White Maize (50 kg bag)', 'Water Yam (tuber)', 'Hybrid Maize Seed (10 kg bag)']).execute();
    const byName = Object.fromEntries(mapped.map((p) => [p.name, p.commodity_id]));
    expect(byName).toEqual({ 'White Maize (50 kg bag)': 'maize-50kg', 'Water Yam (tuber)': 'yam-tuber', 'Hybrid Maize Seed (10 kg bag)': null });
  });
});

describe('the demo seed', () => {
  describe('on a fresh start', () => {
    let demo: TestServer;
    beforeAll(async () => {
      demo = await startTestServer({ env: { SEED_HISTORY: 'demo' } });
      // Every order goes through the services: on PostgreSQL on a busy CI machine that takes a while.
    }, 240_000);
    afterAll(() => demo?.close());

    it('shows paid prices for the main crops, this week and every week, in the country and in two or three regions each, and the thin ones honestly asking only', async () => {
      const list = async (query = '') => ((await (await demo.call(`/market-prices${query}`)).json()) as { data: MarketPriceSummary[] }).data;
      const country = await list();
      const paid = country.filter((c) => c.paid !== null).map((c) => c.id);
      // The reference list's main crops, each sold by three or more sellers: their paid price is published.
      const MAIN = ['maize-50kg', 'rice-25kg', 'rice-5kg', 'yam-tuber', 'cassava-maxi-bag', 'tomatoes-crate', 'plantain-bunch', 'groundnuts-olonka'];
      expect(paid.sort()).toEqual([...MAIN].sort());
      for (const c of country.filter((c) => MAIN.includes(c.id))) {
        expect(c.sales, c.id).toBeGreaterThanOrEqual(3);
        expect(c.weeks.every((w) => w.paid !== null && w.asking !== null), c.id).toBe(true);
        // Sold near what was asked (each listing a little under its own price).
        expect(Math.abs(c.paid! - c.asking!) / c.asking!, c.id).toBeLessThan(0.2);
      }
      // The rest, one or two sellers each: their asking price, and nothing of what was sold.
      for (const c of country.filter((c) => !MAIN.includes(c.id) && c.listings > 0)) expect(c, c.id).toMatchObject({ paid: null, sales: 0 });

      const regionsPaidThisWeek = async (id: string) => {
        const detail = ((await (await demo.call(`/market-prices/${id}`)).json()) as { data: MarketPriceDetail }).data;
        return detail.regions.filter((r) => r.weeks.at(-1)!.paid !== null).map((r) => r.region);
      };
      expect(await regionsPaidThisWeek('maize-50kg')).toEqual(['Ashanti', 'Bono East', 'Northern']);
      for (const id of ['rice-25kg', 'yam-tuber', 'cassava-maxi-bag', 'tomatoes-crate', 'plantain-bunch']) expect((await regionsPaidThisWeek(id)).length, id).toBeGreaterThanOrEqual(2);
      // A region's list as a farmer there reads it: Bono East's maize and yam are paid, its okra (one seller) asking only.
      const bonoEast = await list('?region=Bono%20East');
      expect(bonoEast.filter((c) => c.paid !== null).map((c) => c.id).sort()).toEqual(['maize-50kg', 'yam-tuber']);
    });

    it('spreads the trade over enough buyers that every cell of 3 sales by 3 sellers, in every region, the country and every week, publishes its paid price (issue 37)', async () => {
      const cells = await demo.deps.db.selectFrom('market_price_cells').select(['commodity_id', 'region', 'week', 'paid_minor', 'sales', 'sellers']).execute();
      const publishable = cells.filter((c) => c.sales >= MIN_SALES && c.sellers >= MIN_SELLERS);
      // The cells the seller rule publishes: maize in three regions, and the rest, for all 12 weeks.
      expect(publishable.length).toBeGreaterThan(12 * 8);
      expect(publishable.filter((c) => c.paid_minor === null)).toEqual([]);
      const buyersPerCell = await demo.deps.db
        .selectFrom('market_sales')
        .innerJoin('orders', 'orders.id', 'market_sales.order_id')
        .select(['market_sales.commodity_id', 'market_sales.region', 'market_sales.week', (eb) => eb.fn.count<number>('orders.user_id').distinct().as('buyers')])
        .groupBy(['market_sales.commodity_id', 'market_sales.region', 'market_sales.week'])
        .execute();
      const thin = new Set(cells.filter((c) => c.sellers < MIN_SELLERS).map((c) => `${c.commodity_id}|${c.region}|${c.week}`));
      expect(buyersPerCell.filter((c) => !thin.has(`${c.commodity_id}|${c.region}|${c.week}`)).every((c) => Number(c.buyers) >= MIN_BUYERS)).toBe(true);
    });

    it('writes 12 weeks of paid trade and asking prices through checkout, payment and collection: counted by the index, held in a balanced ledger', async () => {
      const db = demo.deps.db;
      const res = await demo.call('/market-prices?region=Bono%20East&category=Grains');
      const maize = ((await res.json()) as { data: MarketPriceSummary[] }).data.find((c) => c.id === 'maize-50kg')!;
      expect(maize.weeks).toHaveLength(12);
      // The index counts the trade: plausible, within a third of today's asking price every week, and sold a little under the asking price.
      const cells = await db.selectFrom('market_price_cells').select(['week', 'paid_minor', 'sales', 'sellers']).where('commodity_id', '=', 'maize-50kg').where('region', '=', 'Bono East').execute();
      expect(cells).toHaveLength(12);
      expect(cells.every((c) => c.sales >= 3 && c.sellers === 3 && c.paid_minor !== null)).toBe(true);
      expect(cells.every((c) => Math.abs(c.paid_minor! / 100 - maize.asking!) / maize.asking! < 0.34)).toBe(true);
      expect(cells.every((c) => c.paid_minor! / 100 <= maize.weeks.find((w) => w.week === c.week)!.asking!)).toBe(true);
      expect(maize.weeks.every((w) => w.paid === cells.find((c) => c.week === w.week)!.paid_minor! / 100)).toBe(true);
      // A thin market stays thin: Upper West's millet has one seller, so only its asking price is published, though the index holds its sales.
      const millet = ((await (await demo.call('/market-prices?region=Upper%20West&category=Grains')).json()) as { data: MarketPriceSummary[] }).data.find((c) => c.id === 'millet-50kg')!;
      expect(millet.weeks.every((w) => w.paid === null && w.asking !== null)).toBe(true);
      expect(millet.sales).toBe(0);
      const milletCells = await db.selectFrom('market_price_cells').select(['paid_minor', 'sellers']).where('commodity_id', '=', 'millet-50kg').where('region', '=', 'Upper West').execute();
      expect(milletCells).toHaveLength(12);
      expect(milletCells.every((c) => c.sellers === 1)).toBe(true);

      // The market's traders are verified sellers, as the demo's other sellers.
      const traders = await db.selectFrom('seller_profiles').innerJoin('users', 'users.id', 'seller_profiles.user_id').select(['users.email', 'seller_profiles.verification_status']).where('users.email', 'in', MARKET_TRADERS.map((t) => t.email)).execute();
      expect(traders).toHaveLength(MARKET_TRADERS.length);
      expect(traders.every((t) => t.verification_status === 'VERIFIED')).toBe(true);

      const buyers = (await db.selectFrom('users').select('id').where('email', 'in', DEMO_BUYERS.map((b) => b.email)).execute()).map((b) => b.id);
      expect(buyers).toHaveLength(DEMO_BUYERS.length);
      const orders = await db.selectFrom('orders').select(['id', 'status', 'payment_status', 'total_minor', 'created_at']).where('user_id', 'in', buyers).execute();
      expect(orders.length).toBeGreaterThanOrEqual(3 * 36);
      expect(orders.every((o) => o.status === 'DELIVERED' && o.payment_status === 'PAID')).toBe(true);
      // Filed over the 12 weeks, and every line counted by the index in its order's week.
      expect(new Set(orders.map((o) => isoWeekOf(new Date(o.created_at).getTime()))).size).toBe(12);
      const lines = await db.selectFrom('order_items').select(['id', 'order_id']).where('order_id', 'in', orders.map((o) => o.id)).execute();
      const sales = await db.selectFrom('market_sales').select(['order_item_id', 'order_id', 'week']).where('order_id', 'in', orders.map((o) => o.id)).execute();
      expect(sales.map((s) => s.order_item_id).sort()).toEqual(lines.map((l) => l.id).sort());
      const weekOfOrder = new Map(orders.map((o) => [o.id, isoWeekOf(new Date(o.created_at).getTime())]));
      expect(sales.every((s) => s.week === weekOfOrder.get(s.order_id))).toBe(true);

      // The ledger holds each order: its payment into escrow, and the escrow released at collection.
      for (const order of orders) {
        const entries = await db.selectFrom('ledger_entries').select(['account', 'debit_minor', 'credit_minor']).where('order_id', '=', order.id).execute();
        const clearing = entries.filter((e) => e.account === ACCOUNTS.clearing).reduce((sum, e) => sum + e.debit_minor - e.credit_minor, 0);
        expect(clearing).toBe(order.total_minor);
        const escrow = entries.filter((e) => e.account === ACCOUNTS.escrow).reduce((sum, e) => sum + e.debit_minor - e.credit_minor, 0);
        expect(escrow).toBe(0);
        expect(entries.some((e) => e.account === ACCOUNTS.available && e.credit_minor > 0)).toBe(true);
      }
      const books = await trialBalance(db);
      expect(books.debitsMinor).toBe(books.creditsMinor);
      expect(books.debitsMinor).toBeGreaterThan(0);
      // The story's messages (to demo addresses) were not queued for sending.
      const queued = await db.selectFrom('messages').select('id').where('user_id', 'in', buyers).execute();
      expect(queued).toEqual([]);
    });
  });

  it('makes up no paid trade where real money moves: with Paystack keys, the demo starts without the history', async () => {
    // It used to pay the history through the sandbox, which Paystack keys replace: the server did not start.
    const paystack = await startFakePaystack();
    const real = await startTestServer({ env: { SEED_HISTORY: 'demo', PAYSTACK_SECRET_KEY: paystack.secretKey, PAYSTACK_BASE_URL: paystack.baseUrl } });
    try {
      const orders = await real.deps.db.selectFrom('orders').select('id').execute();
      expect(orders).toEqual([]);
      expect((await real.call('/market-prices')).status).toBe(200);
    } finally {
      await real.close();
      await paystack.close();
    }
  }, 120_000);
});

describe("a seller's listing under a commodity", () => {
  it('is filed under the commodity the seller picks, counted once approved; an unknown one is refused in words', async () => {
    const kofi = await tokenFor(shop.server, 'kofi.farms@akuafo.demo');
    const admin = await adminToken(shop.server);
    const png = await pngImage();
    const submit = (fields: Record<string, string>) =>
      shop.server.call('/product-submissions', { method: 'POST', token: kofi, body: productForm({ ...VALID_PRODUCT, ...fields }, [{ name: 'maize.png', data: png }]) });

    const refused = await submit({ commodityId: 'moon-cheese' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { fieldErrors: Record<string, string> }).fieldErrors.commodityId).toBe('Choose a commodity from the list, or none');

    const commodity = await freshCommodity('Vegetables');
    const created = await submit({ name: 'Kontomire for the index', commodityId: commodity, region: 'Upper West', price: '30' });
    expect(created.status).toBe(201);
    const { data } = (await created.json()) as { data: { id: number; commodityId: string } };
    expect(data.commodityId).toBe(commodity);
    expect((await shop.server.call(`/admin/submissions/${data.id}/approve`, { method: 'POST', token: admin })).status).toBe(200);
    expect(await summary(commodity, 'region=Upper%20West&category=Vegetables')).toMatchObject({ asking: 30, listings: 1 });
  });
});
