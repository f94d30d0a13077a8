import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMODITY_NAMES } from '../../src/shared/reference/commodity-names';
import type { MarketPriceChanges, MarketPriceDetail, MarketPriceSummary } from '../../src/shared/schemas/market-prices';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 27 meets 28: every commodity's name and unit in each language, in one table, answered
 * beside the English `name`/`unit` the API has always given (its contract).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(() => server.close());

describe('commodity names in every language', () => {
  it('holds every commodity of the table, its English the same as the row’s, its Twi written', async () => {
    const rows = await server.deps.db.selectFrom('commodities').select(['id', 'name', 'unit']).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const names = COMMODITY_NAMES[row.id];
      expect(names, row.id).toBeDefined();
      expect(names!.en).toEqual({ name: row.name, unit: row.unit });
      expect(names!.ak!.name.trim(), row.id).not.toBe('');
      expect(names!.ak!.name, row.id).not.toBe(row.name);
    }
    expect(Object.keys(COMMODITY_NAMES).sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it('answers names beside the English name and unit, the same for every reader (one cached answer)', async () => {
    const english = (await (await server.call('/market-prices')).json()) as { data: MarketPriceSummary[] };
    const twi = await server.call('/market-prices', { headers: { 'accept-language': 'ak', cookie: 'akuafo-lang=ak' } });
    const twiBody = (await twi.json()) as { data: MarketPriceSummary[] };
    expect(twiBody).toEqual(english);
    const maize = english.data.find((c) => c.id === 'maize-50kg')!;
    expect(maize).toMatchObject({ name: 'Maize', unit: '50 kg bag', names: { en: { name: 'Maize', unit: '50 kg bag' }, ak: { name: 'Aburow', unit: 'kotoku 50 kg' } } });

    const detail = (await (await server.call('/market-prices/yam-tuber')).json()) as { data: MarketPriceDetail };
    expect(detail.data).toMatchObject({ name: 'Yam', unit: 'tuber', names: { ak: { name: 'Bayerɛ', unit: 'baako' } } });
  });

  it('sends the names with the phone’s commodity list, and a new tag for it', async () => {
    const page = (await (await server.call('/market-prices/changes?since=0')).json()) as { data: MarketPriceChanges };
    const cassava = page.data.commodities!.find((c) => c.id === 'cassava-maxi-bag')!;
    expect(cassava.names?.ak).toEqual({ name: 'Bankye', unit: 'kotoku kɛseɛ' });
    expect(page.data.commodities!.every((c) => c.names?.en && c.names.ak)).toBe(true);
  });
});
