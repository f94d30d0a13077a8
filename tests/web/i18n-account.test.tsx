import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb, setMeta } from '../../src/local/db';
import { saveSession } from '../../src/local/session';
import { CATEGORIES, GHANA_REGIONS } from '../../src/shared/catalogue';
import { loadCountries } from '../../src/shared/reference/countries';
import type { MarketPriceChanges, MarketPriceRow } from '../../src/shared/schemas/market-prices';
import { inLocale, untranslated } from '../support/pseudo-locale';
import { toLocalProduct } from '../../src/local/catalogue';
import { t } from '../../src/shared/i18n';
import type { Product } from '../../src/shared/schemas/catalogue';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

/**
 * Issue 27, part B: the account screens, Settings, the sync chip and /prices come only from the
 * catalogue (pseudo-locale), and read in Twi; English keeps the spec's words.
 */
/** The index as the server sends it to the phone's mirror (GET /market-prices/changes). */
const row = (id: string, region: string, w: number, paid: number | null, asking: number | null): MarketPriceRow => ({ id, region, week: `2026-W${w}`, paid, asking, sales: paid === null ? 0 : 5, listings: asking === null ? 0 : 2 });
const changes: MarketPriceChanges = {
  week: '2026-W47',
  rows: [row('maize-50kg', '', 46, 400, 420), row('maize-50kg', '', 47, 410, 430), row('yam', '', 47, null, null), row('maize-50kg', 'Ashanti', 46, 400, 420), row('maize-50kg', 'Ashanti', 47, null, 430)],
  cursor: 5,
  hasMore: false,
  commoditiesTag: 'test',
  commodities: [
    { id: 'maize-50kg', name: '⟦Maize⟧', unit: '⟦50 kg bag⟧', category: 'Grains' },
    { id: 'yam', name: '⟦Yam⟧', unit: '⟦50 kg bag⟧', category: 'Grains' },
  ],
};
const get = vi.fn(async (path: string): Promise<unknown> => {
  if (path === 'market-prices/changes') return { data: changes };
  throw new Error(`unexpected GET ${path}`);
});
// A declared route's call reads the same answers, by the path it fills in.
vi.mock('../../src/web/lib/api', async () => {
  const { requestFor } = await import('../../src/shared/api/path');
  return { api: { get: (path: string) => get(path), call: (key: string) => get((requestFor as unknown as (key: string) => { path: string })(key).path), post: vi.fn() } };
});
const publicPost = vi.fn();
vi.mock('../../src/web/lib/publicApi', () => ({ publicApi: { post: (...args: unknown[]) => publicPost(...args), get: vi.fn() } }));

const { default: SignInPage } = await import('../../src/web/pages/account/SignInPage');
const { default: SignUpPage } = await import('../../src/web/pages/account/SignUpPage');
const { default: ResetRequestPage } = await import('../../src/web/pages/account/ResetRequestPage');
const { default: ResetPasswordPage } = await import('../../src/web/pages/account/ResetPasswordPage');
const { default: ResetWithCodePage } = await import('../../src/web/pages/account/ResetWithCodePage');
const { default: SettingsPage } = await import('../../src/web/pages/account/SettingsPage');
const { default: ProfilePage } = await import('../../src/web/pages/account/ProfilePage');
const { SyncIndicator } = await import('../../src/web/components/SyncIndicator');
const { default: PricesPage } = await import('../../src/web/pages/prices/PricesPage');
const { HeroCarousel } = await import('../../src/web/pages/home/HeroCarousel');
const { default: CommodityPricePage } = await import('../../src/web/pages/prices/CommodityPricePage');

/** Names that are data, not the app's words: regions, categories, countries. */
const DATA = [...GHANA_REGIONS, ...CATEGORIES, ...(await loadCountries()).flatMap((c) => [c.name, ...c.regions.map((r) => r.name)])];

const buyer = { id: 7, firstName: 'Ama', lastName: 'Owusu', email: 'ama@akuafo.demo', userType: 'CUSTOMER' as const, profileImage: null, passwordChangedAt: null };

beforeEach(async () => {
  publicPost.mockReset();
  await Promise.all([localDb.session.clear(), localDb.meta.clear(), localDb.outbox.clear()]);
});
afterEach(async () => {
  cleanup();
  await inLocale('en');
});

describe('the account screens from the catalogue (pseudo-locale)', () => {
  it('sign-in with its SMS code, chooser and e-mail code dialogs', async () => {
    await inLocale('pseudo');
    const { container } = render(<MemoryRouter><SignInPage /></MemoryRouter>);
    await screen.findByRole('heading', { level: 1, name: /Šîgñ îñ/ });
    // A field's message from the shared schema comes in the reader's language too.
    fireEvent.click(screen.getByRole('button', { name: /^⟦Šîgñ îñ⟧$/ }));
    await screen.findByText(/⟦Émàîl îš réqüîréd⟧/);
    expect(untranslated(container)).toEqual([]);
  });

  it('the three sign-up steps, the password rule and the country and region fields', async () => {
    await inLocale('pseudo');
    const { container } = render(<MemoryRouter><SignUpPage /></MemoryRouter>);
    await screen.findByRole('heading', { level: 1 });
    expect(untranslated(container)).toEqual([]);
    fireEvent.change(screen.getByLabelText(/Fîršt ñàmé/), { target: { value: 'Ama' } });
    fireEvent.change(screen.getByLabelText(/Làšt ñàmé/), { target: { value: 'Owusu' } });
    fireEvent.change(screen.getByLabelText(/Émàîl àddréšš/), { target: { value: 'ama@akuafo.demo' } });
    fireEvent.click(screen.getByRole('button', { name: /Ñéxt/ }));
    const password = await screen.findByLabelText(/^⟦Pàššwörd⟧$/);
    fireEvent.change(password, { target: { value: 'weak' } });
    expect(untranslated(container)).toEqual([]);
    fireEvent.change(password, { target: { value: 'Akuafo#2026' } });
    fireEvent.change(screen.getByLabelText(/Çöñfîrm pàššwörd/), { target: { value: 'Akuafo#2026' } });
    fireEvent.click(screen.getByRole('button', { name: /Ñéxt/ }));
    await screen.findByLabelText(/Štréét àddréšš/);
    await screen.findByRole('option', { name: 'Ghana' });
    expect(untranslated(container, DATA)).toEqual([]);
  });

  it('the reset screens: the e-mail form, the link with no token, the code form', async () => {
    await inLocale('pseudo');
    const { container } = render(
      <MemoryRouter>
        <ResetRequestPage />
        <ResetPasswordPage />
        <ResetWithCodePage />
      </MemoryRouter>,
    );
    await screen.findByText(/Îñvàlîd ör mîššîñg tökéñ/);
    expect(untranslated(container)).toEqual([]);
  });
});

describe('Settings, the profile cards, the sync chip and /prices from the catalogue (pseudo-locale)', () => {
  it('Settings: security, language, data saver, listings kept, storage and offline packs', async () => {
    await saveSession({ accessToken: 'a', refreshToken: 'r', user: buyer });
    await inLocale('pseudo');
    const { container } = render(<MemoryRouter initialEntries={['/settings']}><SettingsPage /></MemoryRouter>);
    await screen.findByRole('switch', { name: /Dàtà šàvér/ });
    await screen.findByText(/Çàtégörîéš tö kéép/);
    expect(untranslated(container, DATA)).toEqual([]);
  });

  it('the profile: personal details (and their editing), a change waiting for its code, security, orders, addresses, quick actions', async () => {
    await saveSession({ accessToken: 'a', refreshToken: 'r', user: buyer });
    const address = { id: 1, street: '⟦12 Palm St⟧', city: '⟦Kumasi⟧', region: 'Ashanti', postalCode: null, country: 'Ghana', isDefault: true };
    await setMeta('profile:me', {
      user: { ...buyer, isEmailVerified: false, createdAt: '2026-01-01T00:00:00.000Z' },
      phoneNumber: '0241234567', isPhoneVerified: false, pendingEmail: 'new@akuafo.demo', pendingPhone: null,
      addresses: [address, { ...address, id: 2, isDefault: false }], recentOrders: [], activeSessions: 3, hasPassword: true,
    });
    await inLocale('pseudo');
    const { container } = render(<MemoryRouter initialEntries={['/profile']}><ProfilePage /></MemoryRouter>);
    await screen.findByRole('heading', { level: 2, name: /Péršöñàl Îñförmàtîöñ/ });
    expect(untranslated(container, [...DATA, buyer.firstName, buyer.lastName, 'AO'])).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /^⟦Édît⟧$/ }));
    await screen.findByLabelText(/Fîršt ñàmé/);
    expect(untranslated(container, [...DATA, buyer.firstName, buyer.lastName, 'AO'])).toEqual([]);
  });

  it('the sync chip and its panel', async () => {
    const base = { entity: 'cart', method: 'POST' as const, path: 'shop/cart', attempts: 1, createdAt: new Date().toISOString() };
    await localDb.outbox.add({ ...base, id: crypto.randomUUID(), body: {}, label: '⟦Change Yam to 9⟧', status: 'failed' });
    await localDb.outbox.add({ ...base, id: crypto.randomUUID(), body: {}, label: '⟦Add Okra⟧', status: 'pending' });
    await inLocale('pseudo');
    const { container } = render(<SyncIndicator />);
    fireEvent.click(await screen.findByTestId('sync-indicator'));
    await screen.findByTestId('sync-panel');
    expect(untranslated(container)).toEqual([]);
  });

  it('/prices and /prices/:id', async () => {
    await setMeta('market-prices:region', '');
    await inLocale('pseudo');
    const { container } = render(
      <MemoryRouter initialEntries={['/prices/maize-50kg']}>
        <PricesPage />
        <Routes><Route path="/prices/:id" element={<CommodityPricePage />} /></Routes>
      </MemoryRouter>,
    );
    // The category heading is the catalogue's word for it now (card.category.Grains), as on the product cards.
    await screen.findByRole('heading', { level: 2, name: /^⟦.+⟧$/ });
    await screen.findByRole('heading', { level: 2, name: 'Ashanti' });
    expect(untranslated(container, DATA)).toEqual([]);
  });
});

describe('in Twi, and in English as the spec words it', () => {
  it('shows sign-in in Twi, a field message from the shared schema too', async () => {
    await inLocale('ak');
    render(<MemoryRouter><SignInPage /></MemoryRouter>);
    await screen.findByRole('heading', { level: 1, name: 'Hyɛn w’akawnt mu' });
    fireEvent.click(screen.getByRole('button', { name: 'Hyɛn mu' }));
    await screen.findByText('Ɛsɛ sɛ wokyerɛw e-mail');
    expect(screen.getByRole('button', { name: 'Kyerɛ ahintasɛm (password)' })).toBeTruthy();
  });

  it('issue 37: the e-mail field and the offline packs\' categories in Twi', async () => {
    await inLocale('ak');
    render(<MemoryRouter><SignInPage /></MemoryRouter>);
    await screen.findByRole('heading', { level: 1, name: 'Hyɛn w’akawnt mu' });
    expect(screen.getByLabelText('W’e-mail')).toBeTruthy();
    expect(screen.queryByText(/E-mail address|Email address/)).toBeNull();
    cleanup();

    // The hero's welcome, said in Twi whole: no English "Places" left over.
    render(<MemoryRouter><HeroCarousel /></MemoryRouter>);
    expect(screen.getByRole('heading', { name: 'Akwaaba ba Akuafo Market' })).toBeTruthy();
    expect(document.body.textContent).not.toContain('Places');
    cleanup();

    // The phone holds grains and tubers: Settings offers to keep their pictures, named in Twi.
    await Promise.all([localDb.products.clear(), setMeta('catalogue.cursor', 37)]);
    await localDb.products.bulkPut([1, 2].map((id) => toLocalProduct({
      id, name: `⟦Yam ${id}⟧`, description: '⟦Fresh⟧', price: 20, currency: 'GHS', category: id === 1 ? 'Grains' : 'Tubers', condition: 'standard', region: 'Ashanti', stockQuantity: 5,
      isActive: true, isFeatured: false, discountPercentage: null, oldPrice: null, weeklySpecial: false, imagesUrls: [], images: [], rating: { average: 0, count: 0 }, sellerName: '⟦Kofi⟧',
      createdAt: '2026-11-05T00:00:00.000Z', updatedAt: '2026-11-05T00:00:00.000Z', version: id,
    } as Product)));
    await saveSession({ accessToken: 'a', refreshToken: 'r', user: buyer });
    render(<MemoryRouter initialEntries={['/settings']}><SettingsPage /></MemoryRouter>);
    const grains = await screen.findByTestId('pack-Grains');
    expect(grains.textContent).toContain(`${t('card.category.Grains')} (1)`);
    expect(grains.textContent).not.toContain('Grains');
    expect(screen.getByTestId('pack-Tubers').textContent).not.toContain('Tubers');
    expect(screen.getByRole('button', { name: `Kora ma bere a intanɛt nni hɔ: ${t('card.category.Tubers')}` })).toBeTruthy();
    await localDb.products.clear();
  });

  it('keeps the English words of the spec', async () => {
    render(<MemoryRouter><SignInPage /></MemoryRouter>);
    await screen.findByRole('heading', { level: 1, name: 'Sign in to your account' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Email is required');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toBeTruthy();
  });

  it('counts the waiting changes in Twi', async () => {
    const base = { entity: 'cart', method: 'POST' as const, path: 'shop/cart', attempts: 0, createdAt: new Date().toISOString(), status: 'pending' as const, body: {} };
    await localDb.outbox.bulkAdd([{ ...base, id: crypto.randomUUID(), label: 'a' }, { ...base, id: crypto.randomUUID(), label: 'b' }]);
    await inLocale('ak');
    render(<SyncIndicator />);
    await screen.findByRole('button', { name: /^Nsakrae 2 retwɛn sɛ ɛbɛkɔ/ });
  });
});
