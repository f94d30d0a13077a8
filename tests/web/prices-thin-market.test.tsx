import { cleanup, configure, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb, setMeta } from '../../src/local/db';
import type { Commodity, MarketPriceChanges, MarketPriceRow } from '../../src/shared/schemas/market-prices';
import { inLocale } from '../support/pseudo-locale';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

/**
 * /prices says what the index publishes and no more: a banded count ("10+ sales") beside a paid
 * price, and no count at all for a week too thin to publish (docs/security.md).
 */
const row = (id: string, w: number, paid: number | null, asking: number | null, sales: number): MarketPriceRow => ({ id, region: '', week: `2026-W${w}`, paid, asking, sales, listings: 2 });
const commodities: Commodity[] = [
  { id: 'maize-50kg', name: 'Maize', unit: '50 kg bag', category: 'Grains' },
  { id: 'yam-tuber', name: 'Yam', unit: 'tuber', category: 'Tubers' },
];
const changes = (): MarketPriceChanges => ({
  week: '2026-W47',
  epoch: 1,
  rows: [row('maize-50kg', 47, 410, 430, 10), row('yam-tuber', 47, null, 30, 0)],
  cursor: 2,
  hasMore: false,
  commoditiesTag: 'test',
  commodities,
});
vi.mock('../../src/web/lib/api', () => ({ api: { call: async (key: string) => (key === 'GET /market-prices/changes' ? { data: changes() } : Promise.reject(new Error(`unexpected ${key}`))), post: vi.fn() } }));

const { default: PricesPage } = await import('../../src/web/pages/prices/PricesPage');

beforeEach(async () => {
  await localDb.meta.clear();
  await localDb.marketPriceRows.clear();
  await setMeta('market-prices:region', '');
});
afterEach(() => cleanup());

describe('/prices and the published sales', () => {
  it('shows a banded count beside a paid price, and no count where only the asking price is published', async () => {
    await inLocale('en');
    render(
      <MemoryRouter initialEntries={['/prices']}>
        <Routes>
          <Route path="/prices" element={<PricesPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const maize = (await screen.findByRole('link', { name: 'Maize, 50 kg bag' })).closest('li')!;
    expect(maize.textContent).toContain('(10+ sales)');
    const yam = screen.getByRole('link', { name: 'Yam, tuber' }).closest('li')!;
    expect(yam.textContent).toContain('Asking price only');
    expect(yam.textContent).not.toMatch(/\d+ sales?/);
  });
});
