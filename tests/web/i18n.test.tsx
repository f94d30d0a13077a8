import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb } from '../../src/local/db';
import { currentLocale, LANGUAGE_COOKIE } from '../../src/shared/i18n';
import { Footer } from '../../src/web/components/Footer';
import { NavBar } from '../../src/web/components/NavBar';
import { deviceLocale, showLocale } from '../../src/web/i18n/language';
import { LanguageSelect } from '../../src/web/i18n/LanguageSelect';
import NotFoundPage from '../../src/web/pages/errors/NotFoundPage';
import HomePage from '../../src/web/pages/home/HomePage';
import CartPage from '../../src/web/pages/cart/CartPage';
import { saveSession } from '../../src/local/session';
import { inLocale, untranslated } from '../support/pseudo-locale';
import { api } from '../../src/web/lib/api';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

beforeEach(async () => {
  await localDb.session.clear();
  await localDb.cart.clear();
  localStorage.clear();
  document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0`;
});
afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  await inLocale('en');
});

describe('the catalogue', () => {
  it('draws the bar, the home, the footer and the 404 only from the catalogue (pseudo-locale)', async () => {
    // The shelves stay loading here: what they show with products is checked in
    // i18n-shop.test.tsx; a failed fetch's words ("You appear to be offline.") are the network's.
    vi.spyOn(api, 'call').mockReturnValue(new Promise(() => undefined));
    await inLocale('pseudo');
    const { container } = render(
      <MemoryRouter initialEntries={['/']}>
        <NavBar />
        <HomePage />
        <NotFoundPage />
        <Footer />
      </MemoryRouter>,
    );
    // The bar's live part (cart, Sign In) loads after the first paint: wait for it.
    await screen.findByText(/Šîgñ Îñ/);
    expect(untranslated(container)).toEqual([]);
  });

  it('finds an English string left in a screen (the check itself works)', async () => {
    await inLocale('pseudo');
    const { container } = render(<p>Add to cart <span>⟦Çàrt⟧</span></p>);
    expect(untranslated(container)).toEqual(['Add to cart']);
  });
});

/** A cart line whose name is bracketed like the catalogue's text: data, not a string of the app. */
const cartLine = (name: string) => ({ productId: 1, name, imageUrl: null, price: 450, previousPrice: 400, quantity: 2, category: 'Grains', stockQuantity: 10, isActive: true, updatedAt: new Date().toISOString() });

describe('the cart from the catalogue', () => {
  it('draws the cart only from the catalogue (pseudo-locale), prices in GH₵', async () => {
    await localDb.cart.put(cartLine('⟦Maize⟧') as never);
    await inLocale('pseudo');
    const { container } = render(<MemoryRouter initialEntries={['/cart']}><CartPage /></MemoryRouter>);
    await screen.findByRole('heading', { level: 1, name: /Ýöür Çàrt/ });
    expect(untranslated(container)).toEqual([]);
  });

  it('shows the cart in Twi, the money as in English', async () => {
    await localDb.cart.put(cartLine('Aburow') as never);
    await inLocale('ak');
    render(<MemoryRouter initialEntries={['/cart']}><CartPage /></MemoryRouter>);
    await screen.findByRole('heading', { level: 1, name: 'Wo kɛntɛn (nneɛma 2)' });
    expect(screen.getByRole('link', { name: 'Kɔ tua ka' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fa Aburow baako ka ho' })).toBeTruthy();
    expect(screen.getByTestId('cart-total').textContent).toMatch(/^GH₵ \d/);
  });
});

describe('English and Twi', () => {
  it('shows the home and the bar in English, then in Twi once Twi is chosen in the bar', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <NavBar />
        <HomePage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Akuafo Market Places' })).toBeTruthy();
    const control = screen.getAllByRole('combobox', { name: /Language/ })[0];
    expect([...control.querySelectorAll('option')].map((o) => o.textContent)).toEqual(['English', 'Twi']);
    fireEvent.change(control, { target: { value: 'ak' } });
    await screen.findByRole('heading', { level: 1, name: 'Akwaaba ba Akuafo Market' });
    expect(screen.getByRole('searchbox', { name: 'Hwehwɛ nneɛma' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Nneɛma' }).length).toBeGreaterThan(0);
    // Still "Language" in Twi, so a reader who cannot read the screen finds the way back.
    expect(screen.getAllByRole('combobox', { name: /Language/ })[0]).toBeTruthy();
    expect(document.documentElement.lang).toBe('ak');
    // Remembered on the device, and told to the server and the service worker.
    expect(localStorage.getItem('akuafo.language')).toBe('ak');
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=ak`);
    expect(deviceLocale()).toBe('ak');
  });

  it('counts the cart in the words of the language', async () => {
    await localDb.cart.put({ productId: 1, quantity: 3 } as never);
    await inLocale('ak');
    render(
      <MemoryRouter>
        <NavBar />
      </MemoryRouter>,
    );
    await screen.findByRole('link', { name: 'Kɛntɛn, nneɛma 3' });
  });

  it('opens the account menu of a signed-in buyer in Twi', async () => {
    await saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: 7, firstName: 'Kojo', lastName: 'Appiah', email: 'kojo@example.com', userType: 'CUSTOMER', profileImage: null, passwordChangedAt: null } });
    await inLocale('ak');
    render(
      <MemoryRouter>
        <NavBar />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: /Kojo Appiah akawnt nhyehyɛe/ }));
    expect(screen.getByRole('link', { name: 'Nneɛma a matɔ' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nhyehyɛe' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fi mu' })).toBeTruthy();
  });

  it('follows the phone on a first visit, and the choice after that', async () => {
    const languages = vi.spyOn(navigator, 'languages', 'get');
    languages.mockReturnValue(['tw-GH', 'en-GB']);
    expect(deviceLocale()).toBe('ak');
    languages.mockReturnValue(['fr-FR', 'en-US']);
    expect(deviceLocale()).toBe('en');
    localStorage.setItem('akuafo.language', 'ak');
    expect(deviceLocale()).toBe('ak');
    languages.mockRestore();
  });

  it('offers the control in Settings with a visible label', async () => {
    render(<LanguageSelect showLabel />);
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'ak' } });
    await waitFor(() => expect(currentLocale()).toBe('ak'));
    expect(screen.getByLabelText('Kasa (Language)')).toBeTruthy();
    await showLocale('en');
    expect(document.documentElement.lang).toBe('en-GH');
  });
});
