import { cleanup, configure, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb, setMeta } from '../../src/local/db';
import { COMMODITY_NAMES } from '../../src/shared/reference/commodity-names';
import type { Commodity, MarketPriceChanges, MarketPriceRow } from '../../src/shared/schemas/market-prices';
import { inLocale } from '../support/pseudo-locale';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

/** Issue 27 meets 28: /prices names the commodities in the reader's language, from the mirror's `names`. */
const row = (id: string, region: string, w: number, paid: number | null, asking: number | null): MarketPriceRow => ({ id, region, week: `2026-W${w}`, paid, asking, sales: paid === null ? 0 : 5, listings: asking === null ? 0 : 2 });
const maize: Commodity = { id: 'maize-50kg', name: 'Maize', unit: '50 kg bag', category: 'Grains', names: COMMODITY_NAMES['maize-50kg'] };
const yam: Commodity = { id: 'yam-tuber', name: 'Yam', unit: 'tuber', category: 'Tubers', names: COMMODITY_NAMES['yam-tuber'] };
let commodities: Commodity[] = [maize, yam];
const changes = (): MarketPriceChanges => ({
  week: '2026-W47',
  rows: [row('maize-50kg', '', 46, 400, 420), row('maize-50kg', '', 47, 410, 430), row('maize-50kg', 'Ashanti', 47, 400, 420), row('yam-tuber', '', 47, null, 30)],
  cursor: 4,
  hasMore: false,
  commoditiesTag: 'test',
  commodities,
});
vi.mock('../../src/web/lib/api', () => ({ api: { call: async (key: string) => (key === 'GET /market-prices/changes' ? { data: changes() } : Promise.reject(new Error(`unexpected ${key}`))), post: vi.fn() } }));

const { default: PricesPage } = await import('../../src/web/pages/prices/PricesPage');
const { default: CommodityPricePage } = await import('../../src/web/pages/prices/CommodityPricePage');

const renderPrices = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/prices" element={<PricesPage />} />
        <Route path="/prices/:id" element={<CommodityPricePage />} />
      </Routes>
    </MemoryRouter>,
  );

beforeEach(async () => {
  commodities = [maize, yam];
  await localDb.meta.clear();
  await setMeta('market-prices:region', '');
});
afterEach(async () => {
  cleanup();
  await inLocale('en');
});

describe('/prices in the reader’s language', () => {
  it('names the commodities and their categories in Twi', async () => {
    await inLocale('ak');
    renderPrices('/prices');
    expect((await screen.findByRole('link', { name: 'Aburow, kotoku 50 kg' })).getAttribute('href')).toBe('/prices/maize-50kg');
    expect(screen.getByRole('link', { name: 'Bayerɛ, baako' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Aburow ne ɛmo' })).toBeTruthy();
    expect(screen.queryByText(/Maize/)).toBeNull();
    // The chart's name says the crop in Twi too.
    expect(screen.getAllByRole('img').some((img) => img.getAttribute('aria-label')?.includes('Aburow'))).toBe(true);
    // "As of" its date, with Twi's month (not "1 Dec 2026").
    const asOf = await screen.findByText(/\d{4}, \d\d:\d\d/);
    expect(asOf.textContent).toMatch(/(Ɔpɛpɔn|Ɔgyefoɔ|Ɔbɛnem|Oforisuo|Kɔtɔnimma|Ayɛwohomumu|Kutawonsa|Ɔsanaa|Ɛbɔ|Ahinime|Obubuo|Ɔpɛnimma) \d{4}/);
    expect(asOf.textContent).not.toMatch(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b/);
  });

  it('names the commodity in Twi on its own page', async () => {
    await inLocale('ak');
    renderPrices('/prices/maize-50kg');
    expect(await screen.findByRole('heading', { level: 1, name: 'Aburow, kotoku 50 kg' })).toBeTruthy();
    await screen.findByRole('heading', { level: 2, name: 'Ashanti' });
    expect(screen.queryByText(/Maize/)).toBeNull();
  });

  it('keeps the English names for an English reader', async () => {
    await inLocale('en');
    renderPrices('/prices');
    expect(await screen.findByRole('link', { name: 'Maize, 50 kg bag' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Grains' })).toBeTruthy();
  });

  it('reads a commodity list without names (kept by an older app) in English, not blank', async () => {
    commodities = [{ id: 'maize-50kg', name: 'Maize', unit: '50 kg bag', category: 'Grains' }];
    await inLocale('ak');
    renderPrices('/prices');
    expect(await screen.findByRole('link', { name: 'Maize, 50 kg bag' })).toBeTruthy();
  });
});
