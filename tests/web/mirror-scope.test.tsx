import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCOPED_KEY, toLocalProduct } from '../../src/local/catalogue';
import { localDb, setMeta } from '../../src/local/db';
import { readMirrorScope } from '../../src/local/mirror-scope';
import { reportReached, reportUnreachable, resetNetworkState } from '../../src/local/network';
import type { Product } from '../../src/shared/schemas/catalogue';
import { paginate } from '../../src/shared/pagination';
import { api } from '../../src/web/lib/api';
import { RegionPrompt } from '../../src/web/components/catalogue/RegionPrompt';
import { MirrorCard } from '../../src/web/pages/account/MirrorSettings';
import SearchPage from '../../src/web/pages/catalogue/SearchPage';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const product = (id: number, name: string, region: Product['region'] = 'Ashanti'): Product => ({
  id, name, description: `${name} from ${region}`, price: 120, currency: 'GHS', category: 'Grains', condition: 'standard', region,
  stockQuantity: 8, isActive: true, isFeatured: false, discountPercentage: null, oldPrice: null, weeklySpecial: false, imagesUrls: [], images: [],
  rating: { average: null, count: 0 }, sellerName: 'Kofi Farms', createdAt: `2026-01-0${id}T00:00:00.000Z`, updatedAt: '2026-01-01T00:00:00.000Z', version: id,
} as Product);

beforeEach(async () => {
  await Promise.all([localDb.meta.clear(), localDb.products.clear(), localDb.productDetails.clear()]);
  localStorage.setItem('akuafo.catalogue-pulled', '1');
  // The catalogue pull a choice starts goes nowhere here: these tests are about the screens.
  vi.spyOn(api, 'call').mockRejectedValue(new TypeError('Failed to fetch'));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  resetNetworkState();
});

describe('the region prompt', () => {
  it('asks once, in the page; the chosen region is kept and the prompt goes', async () => {
    render(<RegionPrompt />);
    await screen.findByText('Which region do you buy in?');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.change(screen.getByLabelText('Your region'), { target: { value: 'Volta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Keep this region' }));
    await waitFor(() => expect(screen.queryByText('Which region do you buy in?')).toBeNull());
    expect((await readMirrorScope()).region).toBe('Volta');
    cleanup();
    render(<RegionPrompt />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Which region do you buy in?')).toBeNull();
  });

  it('"Not now" puts it off for good, and the region stays unset', async () => {
    render(<RegionPrompt />);
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByText('Which region do you buy in?')).toBeNull());
    expect((await readMirrorScope()).region).toBeUndefined();
  });

  it('is not shown to a buyer whose profile names a region; that region is the scope', async () => {
    await setMeta('profile:me', { addresses: [{ id: 1, street: 'x', city: 'Tamale', region: 'Northern', postalCode: null, country: 'Ghana', isDefault: true }] });
    render(<RegionPrompt />);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Which region do you buy in?')).toBeNull();
    expect(await readMirrorScope()).toEqual({ region: 'Northern', regionChosen: false, categories: [] });
  });
});

describe('Settings: listings on this phone', () => {
  it('changes the region and the categories kept', async () => {
    await setMeta('mirror.region', 'Ashanti');
    render(<MirrorCard />);
    const region = (await screen.findByLabelText('Your region')) as HTMLSelectElement;
    expect(region.value).toBe('Ashanti');
    expect(screen.getByText(/Up to 5,000 listings/)).toBeTruthy();
    fireEvent.change(region, { target: { value: 'Bono East' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Poultry' }));
    await waitFor(async () => expect(await readMirrorScope()).toEqual({ region: 'Bono East', regionChosen: true, categories: ['Poultry'] }));
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Poultry' }) as HTMLInputElement).checked).toBe(true));
  });
});

describe('search over a partial mirror', () => {
  const mirror = async () => {
    await localDb.products.bulkPut([product(1, 'White Maize'), product(2, 'Yellow Maize'), product(3, 'Rice')].map(toLocalProduct));
    await setMeta('catalogue.cursor', 3);
    await setMeta(SCOPED_KEY, true);
  };
  const render_ = () => render(<MemoryRouter initialEntries={['/search?q=maize']}><SearchPage /></MemoryRouter>);

  it('offline, searches the mirror and says so', async () => {
    await mirror();
    act(() => reportUnreachable());
    render_();
    await screen.findByText('Showing 2 saved listings. Go online to search all of Ghana.');
    expect(screen.getByText('White Maize')).toBeTruthy();
  });

  it('online, shows the mirror\'s answer at once, then the server\'s', async () => {
    await mirror();
    act(() => reportReached());
    let answer!: (value: unknown) => void;
    vi.mocked(api.call).mockImplementation(() => new Promise((resolve) => (answer = resolve)) as never);
    render_();
    await screen.findByText('White Maize');
    expect(api.call).toHaveBeenCalledWith('GET /products', { query: expect.objectContaining({ search: 'maize' }) });
    expect(screen.queryByTestId('saved-listings')).toBeNull();
    await act(async () => answer({ data: [product(9, 'Maize from Volta', 'Volta')], pagination: paginate(1, 20, 1) }));
    await screen.findByText('Maize from Volta');
    expect(screen.queryByText('White Maize')).toBeNull();
  });

  it('with the whole catalogue on the phone, says nothing', async () => {
    await mirror();
    await setMeta(SCOPED_KEY, false);
    act(() => reportUnreachable());
    render_();
    await screen.findByText('White Maize');
    expect(screen.queryByTestId('saved-listings')).toBeNull();
  });
});
