import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartLine } from '../../src/local/cart';
import { localDb } from '../../src/local/db';
import { saveSession } from '../../src/local/session';
import type { Product } from '../../src/shared/schemas/catalogue';
import { ProductCard } from '../../src/web/components/ProductCard';
import CartPage from '../../src/web/pages/cart/CartPage';

/** Issue 22.2: where a listing has a percentage, the price before shows too: card and cart alike. */
const tomatoes = {
  id: 5, name: 'Fresh Tomatoes (crate)', description: 'Firm tomatoes', price: 1200, currency: 'GHS', category: 'Vegetables', condition: 'standard',
  region: 'Upper East', stockQuantity: 12, isActive: true, isFeatured: false, discountPercentage: 15, oldPrice: 1411.76, weeklySpecial: false,
  imagesUrls: [], images: [], rating: { average: null, count: 0 }, sellerName: 'Kofi', createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z', version: 1,
} satisfies Product;

beforeEach(async () => {
  await Promise.all([localDb.session.clear(), localDb.cart.clear(), localDb.outbox.clear()]);
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('offers', () => {
  it('shows the card\'s percentage with the price before it, read out as "was"', () => {
    const { container } = render(<MemoryRouter><ProductCard product={tomatoes} /></MemoryRouter>);
    expect(screen.getByText('-15%')).toBeTruthy();
    expect(screen.getByText('GH₵ 1,200.00')).toBeTruthy();
    const before = screen.getByText('GH₵ 1,411.76');
    expect(before.tagName).toBe('S');
    expect(before.parentElement!.textContent).toBe('was GH₵ 1,411.76');
    expect(container.textContent).toContain('GH₵ 1,200.00');
  });

  it('shows the same offer in the cart, and totals the price the card shows', async () => {
    await saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: 7, firstName: 'Kojo', lastName: 'Appiah', email: 'k@example.com', userType: 'CUSTOMER', profileImage: null, passwordChangedAt: null } });
    const line: CartLine = {
      productId: tomatoes.id, name: tomatoes.name, imageUrl: null, price: tomatoes.price, oldPrice: tomatoes.oldPrice, discountPercentage: tomatoes.discountPercentage,
      quantity: 2, category: 'Vegetables', stockQuantity: 12, isActive: true, updatedAt: new Date().toISOString(),
    };
    await localDb.cart.put(line);
    render(<MemoryRouter initialEntries={['/cart']}><CartPage /></MemoryRouter>);
    const row = (await screen.findByRole('heading', { name: tomatoes.name })).parentElement!.parentElement!;
    expect(within(row).getByText('GH₵ 1,411.76').tagName).toBe('S');
    expect(within(row).getByText('-15%')).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toBe('GH₵ 2,400.00');
  });
});
