import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toLocalProduct } from '../../src/local/catalogue';
import { localDb } from '../../src/local/db';
import { saveSession } from '../../src/local/session';
import { WishlistButton } from '../../src/web/components/WishlistButton';
import WishlistPage from '../../src/web/pages/wishlist/WishlistPage';
import type { Product } from '../../src/shared/schemas/catalogue';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const product = (id: number, name: string): Product => ({
  id, name, description: `${name} from Ashanti`, price: 120, currency: 'GHS', category: 'Tubers', condition: 'standard', region: 'Ashanti',
  stockQuantity: 8, isActive: true, isFeatured: false, discountPercentage: null, oldPrice: null, weeklySpecial: false, imagesUrls: [], images: [],
  rating: { average: null, count: 0 }, sellerName: 'Kofi Farms', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', version: id,
} as Product);

const signIn = () => saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: 7, firstName: 'Kojo', lastName: 'Appiah', email: 'k@example.com', userType: 'CUSTOMER', profileImage: null, passwordChangedAt: null } });

beforeEach(async () => {
  await Promise.all([localDb.session.clear(), localDb.meta.clear(), localDb.products.clear(), localDb.outbox.clear()]);
  // Offline: these tests are about what the phone holds.
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Saved items page', () => {
  it('shows the empty state with Browse Products', async () => {
    await signIn();
    render(<MemoryRouter><WishlistPage /></MemoryRouter>);
    await screen.findByText('No saved items yet');
    expect(screen.getByRole('heading', { name: 'Saved items' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Products' }).getAttribute('href')).toBe('/products');
  });

  it('lists saved products from the mirror offline, and Remove queues the change', async () => {
    await signIn();
    await localDb.products.bulkPut([product(1, 'Puna Yam'), product(2, 'Cassava')].map(toLocalProduct));
    await localDb.meta.bulkPut([{ key: 'wishlist', value: [2, 1] }, { key: 'wishlist.owner', value: 7 }]);
    render(<MemoryRouter><WishlistPage /></MemoryRouter>);
    const list = await screen.findByRole('list', { name: 'Saved items' });
    expect(within(list).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Cassava', 'Puna Yam']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Cassava from saved items' }));
    await screen.findByTestId('wishlist-waiting');
    await waitFor(() => expect(screen.queryByText('Cassava')).toBeNull());
    expect(screen.getByText('Puna Yam')).toBeTruthy();
    const queued = await localDb.outbox.toArray();
    expect(queued.map((e) => [e.method, e.path])).toEqual([['DELETE', 'shop/customers/me/wishlist/2']]);
  });
});

describe('WishlistButton', () => {
  it('toggles with aria-pressed and its label', async () => {
    await signIn();
    render(<MemoryRouter><WishlistButton productId={3} /></MemoryRouter>);
    const button = await screen.findByRole('button', { name: 'Save to wishlist' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    const saved = await screen.findByRole('button', { name: 'Saved' });
    expect(saved.getAttribute('aria-pressed')).toBe('true');
    expect((await localDb.outbox.toArray()).map((e) => e.method)).toEqual(['PUT']);
  });
});
