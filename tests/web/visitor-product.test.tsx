import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toLocalProduct } from '../../src/local/catalogue';
import type { CachedDetail } from '../../src/local/catalogue-detail';
import { localDb } from '../../src/local/db';
import { reportUnreachable, resetNetworkState } from '../../src/local/network';
import { saveSession } from '../../src/local/session';
import type { Product } from '../../src/shared/schemas/catalogue';
import { api } from '../../src/web/lib/api';
import { returnPath, safeReturnPath, signInPurpose } from '../../src/web/pages/account/return-path';
import SignInPage from '../../src/web/pages/account/SignInPage';
import ProductDetailPage from '../../src/web/pages/catalogue/ProductDetailPage';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

/** Issue 39 item 1 (visitors see products, asked to sign in at the action) and issue 37's own listing. */
const product = (id: number, overrides: Partial<Product> = {}): Product => ({
  id, name: `Bono yam ${id}`, description: 'Fresh yam', price: 120 + id, currency: 'GHS', category: 'Tubers', condition: 'organic', region: 'Bono East',
  stockQuantity: 8, isActive: true, isFeatured: false, discountPercentage: null, oldPrice: null, weeklySpecial: false, imagesUrls: [],
  images: [{ id: id * 10, width: 1280, height: 960, urls: { 320: '/media/p/320.webp', 640: '/media/p/640.webp', 1280: '/media/p/1280.webp' } }],
  rating: { average: null, count: 0 }, sellerName: 'Kofi Farms', createdAt: '2026-11-05T00:00:00.000Z', updatedAt: '2026-11-05T00:00:00.000Z', version: id,
  ...overrides,
} as Product);
const detail = (id: number, extra: Partial<CachedDetail> = {}): CachedDetail => ({ ...product(id), reviews: [], relatedProducts: [], canReview: false, cachedAt: new Date().toISOString(), ...extra });
const signIn = (id: number, userType: 'CUSTOMER' | 'SELLER') =>
  saveSession({ accessToken: 'a', refreshToken: 'r', user: { id, firstName: 'Kwame', lastName: 'Owusu', email: 'k@example.com', userType, profileImage: null, passwordChangedAt: null } });

/** Where the app is, to read the address the page navigated to. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.pathname + location.search}</output>;
}
const at = (entry: string | { pathname: string; state: unknown }) =>
  render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/product/:id" element={<ProductDetailPage />} />
        <Route path="/signin" element={<SignInPage />} />
      </Routes>
      <Address />
    </MemoryRouter>,
  );
const address = () => new URL(screen.getByTestId('address').textContent!, 'http://x');

beforeEach(async () => {
  await Promise.all([localDb.products.clear(), localDb.productDetails.clear(), localDb.session.clear(), localDb.cart.clear(), localDb.outbox.clear()]);
  await localDb.products.put(toLocalProduct(product(1)));
  await localDb.productDetails.put(detail(1));
  vi.spyOn(api, 'get').mockRejectedValue(new TypeError('Failed to fetch'));
  // The phone is offline: what the outbox tries to send fails as it would.
  vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
  reportUnreachable();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  resetNetworkState();
});

describe('the return path after sign-in', () => {
  it('is a path of this site only: other origins, tricks the URL parser forgives, and the sign-in page itself are refused', () => {
    for (const attack of ['//evil.com', '//evil.com/product/1', '/\\evil.com', '/\\/evil.com', 'https://evil.com/', 'http:/evil.com', 'javascript:alert(1)', '/\t/evil.com', '/\n/evil.com', ' /x', 'evil.com', '/signin?next=/x', '/signup']) {
      expect(safeReturnPath(attack), attack).toBeUndefined();
      expect(returnPath({ from: '/cart' }, attack), attack).toBe('/cart');
    }
    expect(safeReturnPath('/product/12?ref=wa#reviews')).toBe('/product/12?ref=wa#reviews');
    // Percent-escapes stay escaped: the router gets a path of this site, not //evil.com.
    expect(safeReturnPath('/%2F%2Fevil.com')).toBe('/%2F%2Fevil.com');
    expect(returnPath(null, null)).toBe('/');
    expect(returnPath({ from: '//evil.com' })).toBe('/');
  });

  it('carries only the known reasons, and a product id only as digits', () => {
    expect(signInPurpose('?next=%2Fproduct%2F12&for=cart&product=12')).toEqual({ next: '/product/12', reason: 'cart', after: { afterSignIn: { action: 'cart', productId: 12 } } });
    expect(signInPurpose('?for=transfer&product=12')).toEqual({ next: null, reason: undefined, after: undefined });
    expect(signInPurpose('?for=wishlist&product=1e3').after).toEqual({ afterSignIn: { action: 'wishlist', productId: undefined } });
  });
});

describe('a product page for a visitor', () => {
  it('shows the product (no trip to sign-in); Add to Cart asks to sign in, saying why, with the way back', async () => {
    at('/product/1');
    await screen.findByRole('heading', { level: 1, name: 'Bono yam 1' });
    expect(address().pathname).toBe('/product/1');
    expect(screen.getByText('GH₵ 121.00')).toBeTruthy();
    const write = await screen.findByRole('link', { name: 'Sign in to write a review' });
    expect(new URL(write.getAttribute('href')!, 'http://x').searchParams.get('for')).toBe('review');

    fireEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await screen.findByText('Sign in to add this to your cart');
    expect(address().pathname).toBe('/signin');
    expect(Object.fromEntries(address().searchParams)).toEqual({ next: '/product/1', for: 'cart', product: '1' });
    expect(await localDb.cart.count()).toBe(0);
  });

  it('the wishlist asks to sign in too, saying why', async () => {
    at('/product/1');
    fireEvent.click(await screen.findByRole('button', { name: 'Save to wishlist' }));
    await screen.findByText('Sign in to save this to your wishlist');
    expect(Object.fromEntries(address().searchParams)).toEqual({ next: '/product/1', for: 'wishlist', product: '1' });
  });

  it('back from sign-in with the Add to finish, the item lands in the cart once, and the history entry forgets it', async () => {
    await signIn(7, 'CUSTOMER');
    at({ pathname: '/product/1', state: { afterSignIn: { action: 'cart', productId: 1 } } });
    await screen.findByRole('heading', { level: 1, name: 'Bono yam 1' });
    await waitFor(async () => expect((await localDb.cart.get(1))?.quantity).toBe(1));
    await screen.findByText('Bono yam 1 added to cart!');
    // A second render of the same page adds nothing more.
    await new Promise((r) => setTimeout(r, 200));
    expect((await localDb.cart.get(1))?.quantity).toBe(1);
    expect(screen.queryByRole('link', { name: 'Sign in to write a review' })).toBeNull();
  });
});

describe('a seller on their own listing (issue 37)', () => {
  it('sees "This is your listing" and a way to edit it, not Add to Cart', async () => {
    await signIn(7, 'SELLER');
    await localDb.productDetails.put(detail(1, { yours: true, cachedFor: 7 }));
    at('/product/1');
    await screen.findByText('This is your listing');
    expect(screen.getByRole('link', { name: 'Edit it in your products' }).getAttribute('href')).toBe('/sellers/me/products');
    expect(screen.queryByRole('button', { name: 'Add to Cart' })).toBeNull();
  });

  it('another account on the same phone, given that copy, still gets Add to Cart', async () => {
    await signIn(8, 'CUSTOMER');
    await localDb.productDetails.put(detail(1, { yours: true, cachedFor: 7 }));
    at('/product/1');
    await screen.findByRole('button', { name: 'Add to Cart' });
    expect(screen.queryByText('This is your listing')).toBeNull();
  });
});
