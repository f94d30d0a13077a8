import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCOPED_KEY, toLocalProduct } from '../../src/local/catalogue';
import { localDb, setMeta } from '../../src/local/db';
import { reportUnreachable, resetNetworkState } from '../../src/local/network';
import { saveSession } from '../../src/local/session';
import type { Product, Review } from '../../src/shared/schemas/catalogue';
import { ReviewsSection } from '../../src/web/components/catalogue/Reviews';
import { api } from '../../src/web/lib/api';
import ProductDetailPage from '../../src/web/pages/catalogue/ProductDetailPage';
import ProductsPage from '../../src/web/pages/catalogue/ProductsPage';
import SearchPage from '../../src/web/pages/catalogue/SearchPage';
import HomePage from '../../src/web/pages/home/HomePage';
import { inLocale, untranslated } from '../support/pseudo-locale';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

/**
 * Issue 27, the products, a product and its reviews: drawn only from the catalogue (the
 * pseudo-locale), and in Twi. Products' own words (names, descriptions, sellers) are data:
 * bracketed here like the catalogue's text.
 */
const product = (id: number, overrides: Partial<Product> = {}): Product => ({
  id, name: `⟦Yam ${id}⟧`, description: '⟦Fresh yam⟧', price: 120 + id, currency: 'GHS', category: 'Tubers', condition: 'organic', region: 'Bono East',
  stockQuantity: 8, isActive: true, isFeatured: true, discountPercentage: 10, oldPrice: 150, weeklySpecial: true, imagesUrls: [],
  images: [1, 2].map((n) => ({ id: id * 10 + n, width: 640, height: 480, urls: { 320: `/media/p${n}/320.webp`, 640: `/media/p${n}/640.webp`, 1280: `/media/p${n}/1280.webp` } })),
  rating: { average: 4.5, count: 2 }, sellerName: '⟦Kofi Farms⟧', createdAt: '2026-11-05T00:00:00.000Z', updatedAt: '2026-11-05T00:00:00.000Z', version: id,
  ...overrides,
} as Product);

const review = (id: number): Review => ({ id, rating: 4, comment: '⟦Good yam⟧', createdAt: '2026-11-06T10:00:00.000Z', reviewer: { firstName: '⟦Ama⟧', lastName: '⟦Owusu⟧' } } as Review);

beforeEach(async () => {
  await Promise.all([localDb.meta.clear(), localDb.products.clear(), localDb.productDetails.clear(), localDb.session.clear()]);
  localStorage.clear();
  // A phone that holds its region's listings, pulled an hour ago, and is offline now.
  localStorage.setItem('akuafo.catalogue-pulled', '1');
  await setMeta('catalogue.cursor', 99);
  await setMeta('catalogue.pulledAt', new Date(Date.now() - 3_600_000).toISOString());
  await setMeta(SCOPED_KEY, true);
  await localDb.products.bulkPut(Array.from({ length: 25 }, (_, i) => toLocalProduct(product(i + 1, i === 2 ? { stockQuantity: 0 } : {}))));
  vi.spyOn(api, 'call').mockRejectedValue(new TypeError('Failed to fetch'));
  reportUnreachable();
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  resetNetworkState();
  await inLocale('en');
  // Other test files' home must not find these products.
  await Promise.all([localDb.meta.clear(), localDb.products.clear()]);
});

const productsPage = (url: string) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/products" element={<ProductsPage />} />
        <Route path="/search" element={<SearchPage />} />
      </Routes>
    </MemoryRouter>,
  );

const productPage = async (id: number) => {
  await saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: 7, firstName: 'Kojo', lastName: 'Appiah', email: 'kojo@example.com', userType: 'CUSTOMER', profileImage: null, passwordChangedAt: null } });
  return render(
    <MemoryRouter initialEntries={[`/product/${id}`]}>
      <Routes>
        <Route path="/product/:id" element={<ProductDetailPage />} />
      </Routes>
    </MemoryRouter>,
  );
};

describe('products and filters from the catalogue', () => {
  it('draws the list, its filters, chips, sort, pages and offline notes only from the catalogue (pseudo-locale)', async () => {
    await inLocale('pseudo');
    const { container } = productsPage('/products?condition=organic&minPrice=100&maxPrice=5000&search=yam');
    await screen.findAllByRole('article');
    fireEvent.click(screen.getByRole('button', { name: /Fîltérš/ }));
    await screen.findByRole('form', { name: /Fîltérš/ });
    // The offline notes, the region prompt and the pages are all drawn.
    await screen.findByTestId('freshness');
    await screen.findByTestId('saved-listings');
    await screen.findByRole('navigation', { name: /Pàgéš/ });
    expect(untranslated(container)).toEqual([]);
  });

  it('draws an empty search, and the search page, only from the catalogue (pseudo-locale)', async () => {
    await inLocale('pseudo');
    const { container } = productsPage('/products?search=nothing-like-this');
    await screen.findByRole('button', { name: /Çléàr àll fîltérš/ });
    expect(untranslated(container)).toEqual([]);
    cleanup();
    const search = productsPage('/search?q=yam');
    await screen.findAllByRole('article');
    expect(untranslated(search.container)).toEqual([]);
    cleanup();
    const blank = productsPage('/search');
    await screen.findByRole('search');
    expect(untranslated(blank.container)).toEqual([]);
  });

  it('shows the list in Twi: title, categories, filters, cards and the offline note; money as in English', async () => {
    await inLocale('ak');
    productsPage('/products?condition=organic');
    await screen.findByRole('heading', { level: 1, name: 'Nnɔbae ne afuom nneɛma' });
    await screen.findAllByRole('article');
    expect(screen.getByRole('tab', { name: 'Nneɛma nyinaa' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nnuru nni mu: yi fi hɔ' })).toBeTruthy();
    expect(screen.getAllByText('Bayerɛ ne bankye').length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Hwɛ mu' }).length).toBe(20);
    expect(screen.getByText(/^Yɛrekyerɛ 1-20 wɔ nneɛma 25 mu$/)).toBeTruthy();
    expect((await screen.findByTestId('freshness')).textContent).toMatch(/Bo yi yɛ dɔnhwerew 1 a atwam de\./);
    expect(screen.getAllByText(/^GH₵ \d/).length).toBeGreaterThan(0);
  });
});

describe("the home's shelves from the catalogue", () => {
  it('draws the shelves, their cards and the filter panel only from the catalogue (pseudo-locale)', async () => {
    await inLocale('pseudo');
    const { container } = render(<MemoryRouter initialEntries={['/']}><HomePage /></MemoryRouter>);
    await screen.findAllByRole('article');
    await screen.findByRole('heading', { level: 2, name: /Wééklý/ });
    expect(untranslated(container)).toEqual([]);
  });
});

describe('a product and its reviews from the catalogue', () => {
  it('draws the product page only from the catalogue (pseudo-locale)', async () => {
    await inLocale('pseudo');
    const { container } = await productPage(1);
    await screen.findByRole('heading', { level: 1, name: '⟦Yam 1⟧' });
    expect(untranslated(container)).toEqual([]);
  });

  it('draws a product out of stock, and one not on the phone, only from the catalogue (pseudo-locale)', async () => {
    await inLocale('pseudo');
    const { container } = await productPage(3);
    await screen.findByRole('heading', { level: 1, name: '⟦Yam 3⟧' });
    expect(untranslated(container)).toEqual([]);
    cleanup();
    const missing = await productPage(999);
    await screen.findByRole('heading', { level: 1, name: /Prödüçt Ñöt Föüñd/ });
    expect(untranslated(missing.container)).toEqual([]);
  });

  it('draws the reviews and the form only from the catalogue (pseudo-locale)', async () => {
    await inLocale('pseudo');
    const { container } = render(<ReviewsSection productId={1} productName="⟦Yam⟧" reviews={[review(1), review(2)]} rating={{ average: 4, count: 2 }} canReview />);
    expect(screen.getAllByText('⟦Good yam⟧')).toHaveLength(2);
    expect(untranslated(container)).toEqual([]);
    cleanup();
    const none = render(<ReviewsSection productId={1} productName="⟦Yam⟧" reviews={[]} rating={{ average: null, count: 0 }} canReview={false} />);
    expect(untranslated(none.container)).toEqual([]);
  });

  it('shows a product in Twi: its facts, the button, the date in Twi months, the reviews', async () => {
    await inLocale('ak');
    await productPage(1);
    await screen.findByRole('heading', { level: 1, name: '⟦Yam 1⟧' });
    expect(screen.getByRole('button', { name: 'Fa gu kɛntɛn mu' })).toBeTruthy();
    expect(screen.getByText('Wobɛkɔgye kwa wɔ adekoradan a wopaw no mu')).toBeTruthy();
    expect(screen.getByText('Da a ɛbaa so').nextElementSibling?.textContent).toBe('5 Obubuo 2026');
    expect(screen.getByText('Tebea').nextElementSibling?.textContent).toBe('Nnuru nni mu');
    expect(screen.getByRole('heading', { level: 2, name: 'Adetɔfo adwenkyerɛ' })).toBeTruthy();
    expect(screen.getByText('4.5 (adwenkyerɛ 2)')).toBeTruthy();
  });
});
