import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import type { Product } from '../../src/shared/schemas/catalogue';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb, setMeta } from '../../src/local/db';
import { saveSession } from '../../src/local/session';
import { CATEGORIES, GHANA_REGIONS } from '../../src/shared/catalogue';
import { loadCountries } from '../../src/shared/reference/countries';
import { inLocale, untranslated } from '../support/pseudo-locale';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

/**
 * Issue 27: the undo-change page, the addresses pages, payment methods and notifications
 * come only from the catalogue (pseudo-locale), and read in Twi.
 */
const get = vi.fn(async (path: string): Promise<unknown> => {
  throw new Error(`unexpected GET ${path}`);
});
vi.mock('../../src/web/lib/api', () => ({ api: { get: (path: string) => get(path), post: vi.fn(), delete: vi.fn() } }));
vi.mock('../../src/web/lib/publicApi', () => ({ publicApi: { post: vi.fn(), get: vi.fn() } }));

const { default: UndoChangePage } = await import('../../src/web/pages/account/UndoChangePage');
const { default: AddressesPage } = await import('../../src/web/pages/account/AddressesPage');
const { default: NewAddressPage } = await import('../../src/web/pages/account/NewAddressPage');
const { default: PaymentMethodsPage } = await import('../../src/web/pages/account/PaymentMethodsPage');
const { default: NotificationsPage } = await import('../../src/web/pages/account/NotificationsPage');
const { SyncIndicator } = await import('../../src/web/components/SyncIndicator');
const { setCartQuantity } = await import('../../src/local/cart');
const { default: WishlistPage } = await import('../../src/web/pages/wishlist/WishlistPage');
const { RootLayout } = await import('../../src/web/app/layouts');
const { default: SignInPage } = await import('../../src/web/pages/account/SignInPage');
const { SESSION_EXPIRED_EVENT } = await import('../../src/web/lib/events');
const { toLocalProduct } = await import('../../src/local/catalogue');
const { CartRow } = await import('../../src/web/pages/cart/CartRow');
const { default: TrackOrderPage } = await import('../../src/web/pages/orders/TrackOrderPage');

const buyer = { id: 7, firstName: 'Ama', lastName: 'Owusu', email: 'ama@akuafo.demo', userType: 'CUSTOMER' as const, profileImage: null, passwordChangedAt: null };
/** Names that are data, not the app's words: regions, categories, countries, the buyer's name and initials. */
const DATA = [...GHANA_REGIONS, ...CATEGORIES, ...(await loadCountries()).flatMap((c) => [c.name, ...c.regions.map((r) => r.name)]), buyer.firstName, buyer.lastName, 'AO'];

const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

/** A browser that can do push (jsdom cannot): no subscription yet, and the reader answers "block". */
function pushCapableBrowser() {
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission: 'default', requestPermission: async () => 'denied' });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => undefined } });
}

beforeEach(async () => {
  setOnline(true);
  await Promise.all([localDb.session.clear(), localDb.meta.clear(), localDb.outbox.clear(), localDb.cart.clear(), localDb.products.clear()]);
  await saveSession({ accessToken: 'a', refreshToken: 'r', user: buyer });
  const address = { id: 1, street: '⟦12 Palm St⟧', city: '⟦Kumasi⟧', region: 'Ashanti', postalCode: null, country: 'Ghana', isDefault: true };
  await setMeta('profile:me', {
    user: { ...buyer, isEmailVerified: true, createdAt: '2026-01-01T00:00:00.000Z' },
    phoneNumber: '0241234567', isPhoneVerified: true, pendingEmail: null, pendingPhone: null,
    addresses: [address, { ...address, id: 2, isDefault: false }], recentOrders: [], activeSessions: 1, hasPassword: true,
  });
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
  setOnline(true);
  await inLocale('en');
});

describe('the account pages from the catalogue (pseudo-locale)', () => {
  it('the undo-change page, with and without its token', async () => {
    await inLocale('pseudo');
    const { container } = render(
      <MemoryRouter initialEntries={['/undo-change']}>
        <UndoChangePage />
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { level: 1 });
    expect(untranslated(container)).toEqual([]);
    cleanup();
    const withToken = render(<MemoryRouter initialEntries={['/undo-change?token=abc']}><UndoChangePage /></MemoryRouter>);
    await screen.findByRole('button', { name: /Üñdö/ });
    expect(untranslated(withToken.container)).toEqual([]);
  });

  it('the addresses, online (with their buttons) and offline', async () => {
    await inLocale('pseudo');
    const { container } = render(<MemoryRouter initialEntries={['/addresses']}><AddressesPage /></MemoryRouter>);
    await screen.findByRole('button', { name: /Màké défàült/ });
    expect(untranslated(container, DATA)).toEqual([]);
    cleanup();
    setOnline(false);
    window.dispatchEvent(new Event('offline'));
    const offline = render(<MemoryRouter initialEntries={['/addresses']}><AddressesPage /></MemoryRouter>);
    await screen.findByText(/Àddréššéš çàñ bé çhàñgéd/);
    expect(untranslated(offline.container, DATA)).toEqual([]);
  });

  it('the new address form, with its field messages', async () => {
    await inLocale('pseudo');
    const { container } = render(<MemoryRouter initialEntries={['/addresses/new']}><NewAddressPage /></MemoryRouter>);
    await screen.findByRole('option', { name: 'Ghana' });
    fireEvent.click(screen.getByRole('button', { name: /Šàvé àddréšš/ }));
    await screen.findByText(/Pléàšé fîx/);
    expect(untranslated(container, DATA)).toEqual([]);
  });

  it('payment methods', async () => {
    await inLocale('pseudo');
    const { container } = render(<MemoryRouter initialEntries={['/payment-methods']}><PaymentMethodsPage /></MemoryRouter>);
    await screen.findByText(/024 123 4567|0241234567|\+233/);
    expect(untranslated(container, DATA)).toEqual([]);
  });

  it('notifications: the switches, a change waiting offline, and push (unavailable, then refused)', async () => {
    await inLocale('pseudo');
    setOnline(false);
    const { container } = render(<MemoryRouter initialEntries={['/notifications']}><NotificationsPage /></MemoryRouter>);
    fireEvent.click(await screen.findByRole('checkbox', { name: /Mý ördérš.*ŠMŠ/ }));
    await screen.findByText(/Šàvéd öñ thîš phöñé/);
    expect(untranslated(container, DATA)).toEqual([]);
    cleanup();
    setOnline(true);
    pushCapableBrowser();
    const push = render(<MemoryRouter initialEntries={['/notifications']}><NotificationsPage /></MemoryRouter>);
    const turnOn = await screen.findByRole('button', { name: /Türñ öñ püšh/ });
    await waitFor(() => expect((turnOn as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(turnOn);
    await screen.findByText(/ñöt àllöwéd/);
    expect(untranslated(push.container, DATA)).toEqual([]);
  });
});

describe('in Twi', () => {
  it('the addresses page and its delete question', async () => {
    await inLocale('ak');
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    render(<MemoryRouter initialEntries={['/addresses']}><AddressesPage /></MemoryRouter>);
    await screen.findByRole('heading', { level: 1, name: 'Address ahorow' });
    expect(screen.getByRole('link', { name: 'Fa address ka ho' })).toBeTruthy();
    await screen.findByText('Nea wode di kan');
    fireEvent.click(screen.getAllByRole('button', { name: /^Yi address .* fi hɔ$/ })[0]!);
    expect(confirm).toHaveBeenCalledWith('Woyi address yi fi hɔ?');
  });

  it('the new address form says what is wrong in Twi', async () => {
    await inLocale('ak');
    render(<MemoryRouter initialEntries={['/addresses/new']}><NewAddressPage /></MemoryRouter>);
    fireEvent.click(await screen.findByRole('button', { name: 'Kora address no' }));
    await screen.findByText('Siesie mfomsoɔ a ɛwɔ krataa no mu');
    expect(screen.getAllByText(/^Ɛsɛ sɛ /).length).toBeGreaterThanOrEqual(2);
    expect(screen.getByLabelText('Kwan ne fie nɔma')).toBeTruthy();
  });

  it('the undo-change page, payment methods and notifications', async () => {
    await inLocale('ak');
    const undo = render(<MemoryRouter><UndoChangePage /></MemoryRouter>);
    await screen.findByRole('heading', { level: 1, name: 'Ɛnyɛ wo na wosesaa eyi?' });
    undo.unmount();
    const pay = render(<MemoryRouter><PaymentMethodsPage /></MemoryRouter>);
    await screen.findByRole('heading', { level: 2, name: 'Kaad' });
    expect(screen.getByText('Wontumi mfa kaad ntua ka seesei.')).toBeTruthy();
    pay.unmount();
    render(<MemoryRouter><NotificationsPage /></MemoryRouter>);
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('checkbox', { name: 'Nneɛma a matɔ denam SMS so' })).toBeTruthy();
    expect(screen.getByText(/Browser yi ntumi nnye push nkaebɔ/)).toBeTruthy();
  });
});

describe('the changes waiting to be sent, in the language shown now', () => {
  /** A change queued in English: Yam's quantity set to 9. */
  async function queueInEnglish() {
    await localDb.cart.put({ productId: 1, name: 'Yam', quantity: 2, imageUrl: null, price: 40, updatedAt: new Date().toISOString() });
    await setCartQuantity(1, 9);
  }

  it('a change queued in English reads in Twi after the switch', async () => {
    await queueInEnglish();
    render(<SyncIndicator />);
    fireEvent.click(await screen.findByTestId('sync-indicator'));
    await screen.findByText('Change Yam to 9');
    await inLocale('ak');
    await screen.findByText('Sesa Yam dodow ma ɛnyɛ 9');
    expect(screen.queryByText('Change Yam to 9')).toBeNull();
  });

  it('comes only from the catalogue (pseudo-locale), the product name aside', async () => {
    await queueInEnglish();
    await inLocale('pseudo');
    const { container } = render(<SyncIndicator />);
    fireEvent.click(await screen.findByTestId('sync-indicator'));
    await screen.findByText(/Yam/);
    expect(untranslated(container, ['Yam'])).toEqual([]);
  });
});

/** A product the phone keeps: its name is data, bracketed like the catalogue's words. */
const saved = (id: number, name: string): Product => ({
  id, name, description: name, price: 120, currency: 'GHS', category: 'Tubers', condition: 'standard', region: 'Ashanti',
  stockQuantity: 8, isActive: true, isFeatured: false, discountPercentage: null, oldPrice: null, weeklySpecial: false, imagesUrls: [], images: [],
  rating: { average: null, count: 0 }, sellerName: '⟦Kofi Farms⟧', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', version: id,
} as Product);

describe('the sweep: saved items and an expired session', () => {
  it('saved items, empty and with a product, from the catalogue (pseudo-locale)', async () => {
    await inLocale('pseudo');
    const empty = render(<MemoryRouter><WishlistPage /></MemoryRouter>);
    await screen.findByRole('link', { name: /Bröwšé/ });
    expect(untranslated(empty.container, DATA)).toEqual([]);
    cleanup();
    await localDb.products.put(toLocalProduct(saved(2, '⟦Cassava⟧')));
    await localDb.meta.bulkPut([{ key: 'wishlist', value: [2] }, { key: 'wishlist.owner', value: buyer.id }]);
    const full = render(<MemoryRouter><WishlistPage /></MemoryRouter>);
    fireEvent.click(await screen.findByRole('button', { name: /Rémövé.*Cassava/ }));
    await screen.findByTestId('wishlist-waiting');
    expect(untranslated(full.container, [...DATA, 'Tubers'])).toEqual([]);
  });

  it('saved items in Twi', async () => {
    await inLocale('ak');
    render(<MemoryRouter><WishlistPage /></MemoryRouter>);
    await screen.findByRole('heading', { level: 1, name: 'Nneɛma a wokoraa' });
    expect(screen.getByText('Wonkoraa hwee nnya')).toBeTruthy();
  });

  it('an expired session sends the reader to sign in with the reason in Twi', async () => {
    await localDb.session.clear(); // as the expiry leaves it
    await inLocale('ak');
    const router = createMemoryRouter([{ element: <RootLayout />, children: [{ path: '/', element: <p>home</p> }, { path: '/orders', element: <p>orders</p> }, { path: '/signin', element: <SignInPage /> }] }], { initialEntries: ['/orders'] });
    render(<RouterProvider router={router} />);
    await screen.findByText('orders');
    window.dispatchEvent(new CustomEvent(SESSION_EXPIRED_EVENT, { detail: 'Session expired. Please login again.' }));
    await screen.findByText('Wo hyɛn mu no bere atwam. Yɛsrɛ wo, san hyɛn mu.');
  });
});

describe('the sweep: the phone\'s own refusals in the reader\'s language', () => {
  it('a cart change the phone refuses (stock) says so in Twi', async () => {
    const line = { productId: 5, name: 'Yam', quantity: 1, imageUrl: null, price: 40, updatedAt: new Date().toISOString(), stockQuantity: 1 };
    await localDb.cart.put(line);
    await inLocale('ak');
    // The row still shows the stock it had when drawn; the phone's copy knows only 1 is left.
    render(<MemoryRouter><CartRow line={{ ...line, stockQuantity: 5 }} /></MemoryRouter>);
    fireEvent.click(screen.getByRole('button', { name: 'Fa Yam baako ka ho' }));
    await screen.findByText('Nea aka wɔ hɔ yɛ 1 pɛ');
  });

  it('track order with no number says so in Twi', async () => {
    await inLocale('ak');
    render(<MemoryRouter initialEntries={['/track-order']}><TrackOrderPage /></MemoryRouter>);
    fireEvent.click(await screen.findByRole('button', { name: 'Hwɛ' }));
    await screen.findByText('Yɛsrɛ wo, kyerɛw adetɔ nɔma');
  });
});
