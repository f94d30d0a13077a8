import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/local/api';
import { localDb, setMeta } from '../../src/local/db';
import { saveSession, type SessionUser } from '../../src/local/session';
import { chosenDataSaver, setDataSaver } from '../../src/local/settings';
import { FIRST_PAGE_QUERY, keepMySubmissionsCopy } from '../../src/local/submissions';
import { paginate } from '../../src/shared/pagination';
import type { SellerSubmission } from '../../src/shared/schemas/submissions';
import { AccountMenu } from '../../src/web/components/AccountMenu';
import { holdInstallPrompt } from '../../src/web/initial-app/install-prompt';
import { DataSaverCard } from '../../src/web/pages/account/FieldSettings';

/** Issue 22 at a phone screen: what a component test can see of it (the layout is tests/e2e/walk-360.test.ts). */
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const get = vi.fn();
vi.mock('../../src/web/lib/api', async () => {
  const { callThrough } = await import('../support/call-through');
  const verbs = { get: (...args: unknown[]) => get(...args) };
  return { api: { ...verbs, call: callThrough(verbs, { query: 'searchParams' }) } };
});
const { default: SellerProductsPage } = await import('../../src/web/pages/sellers/SellerProductsPage');

const seller: SessionUser = { id: 9, firstName: 'Kofi', lastName: 'Boateng', email: 'kofi@example.com', userType: 'SELLER', profileImage: null, passwordChangedAt: null };
const listed = (id: number, name: string, price: number): SellerSubmission =>
  ({
    id, name, description: 'From Techiman', category: 'Grains', price, currency: 'GHS', stockQuantity: 12, status: 'APPROVED', reviewNote: null,
    productId: id, imagesUrls: [], images: [], createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z',
  }) as unknown as SellerSubmission;
const offline = new ApiError('You appear to be offline.', 0, 'network_error');
const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

beforeEach(async () => {
  get.mockReset();
  setOnline(true);
  await Promise.all([localDb.meta.clear(), localDb.session.clear(), localDb.outbox.clear(), localDb.drafts.clear()]);
});
afterEach(cleanup);

describe('the account menu', () => {
  it('holds Settings, and Install app once the browser offers to install', async () => {
    holdInstallPrompt();
    render(<MemoryRouter><AccountMenu user={seller} /></MemoryRouter>);
    fireEvent.click(screen.getByRole('button', { name: /account menu for Kofi Boateng/ }));
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/settings');
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();

    const prompt = vi.fn(async () => undefined);
    const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), { prompt, userChoice: Promise.resolve({ outcome: 'accepted' }) });
    window.dispatchEvent(offer);
    expect(offer.defaultPrevented).toBe(true); // the browser's own one-time bar waits for our button
    fireEvent.click(await screen.findByRole('button', { name: 'Install app' }));
    expect(prompt).toHaveBeenCalledOnce();
    // An offer is good once: the item goes until the browser offers again.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull());
  });
});

describe('Data saver', () => {
  it('is a real switch: a button with role switch whose aria-checked follows the setting', async () => {
    await setDataSaver(false);
    render(<DataSaverCard />);
    const toggle = await screen.findByRole('switch', { name: 'Data saver' });
    expect(toggle.tagName).toBe('BUTTON');
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    await waitFor(async () => expect(await chosenDataSaver()).toBe(true));
    // The thumb's target: 44 px tall (h-11), whatever the knob drawn inside it.
    expect(toggle.className).toMatch(/\bh-11\b/);
    await setDataSaver(false);
  });
});

describe("a seller's My Products offline", () => {
  beforeEach(() => saveSession({ accessToken: 'a', refreshToken: 'r', user: seller }));

  it('shows the last list the phone saw (kept by the dashboard), saying it is offline, not "Failed to load products"', async () => {
    // The copy the dashboard keeps: page 1, newest first, seen online earlier.
    await setMeta(`seller.submissions.last:${seller.id}`, { data: [listed(1, 'White maize (50 kg bag)', 1200)], pagination: paginate(1, 20, 1) });
    setOnline(false);
    get.mockRejectedValue(offline);
    render(<MemoryRouter><SellerProductsPage /></MemoryRouter>);
    await screen.findAllByText('White maize (50 kg bag)');
    expect(screen.getByText(/Offline: this is the list from your last visit/)).toBeTruthy();
    expect(screen.queryByText(/Failed to load products/)).toBeNull();
  });

  it('is kept by the dashboard: one read of the first page when the phone has no copy, none after', async () => {
    const api = { call: vi.fn(async () => ({ data: [listed(3, 'Puna yam', 90)], pagination: paginate(1, 20, 1) })) };
    await keepMySubmissionsCopy(api as never, seller.id!);
    await keepMySubmissionsCopy(api as never, seller.id!);
    expect(api.call).toHaveBeenCalledOnce();
    expect(api.call).toHaveBeenCalledWith('GET /product-submissions/seller/me', { query: FIRST_PAGE_QUERY });
  });

  it('with no copy at all, says it is offline and that the list comes back with the network', async () => {
    setOnline(false);
    get.mockRejectedValue(offline);
    render(<MemoryRouter><SellerProductsPage /></MemoryRouter>);
    await screen.findByText('You are offline.');
    expect(screen.queryByText(/Failed to load products/)).toBeNull();
  });

  it('on a phone, lists products as cards with the price whole on one line', async () => {
    get.mockResolvedValue({ data: [listed(2, 'Fresh Tomatoes (crate)', 1200)], pagination: paginate(1, 20, 1) });
    render(<MemoryRouter><SellerProductsPage /></MemoryRouter>);
    const card = await screen.findByTestId('seller-product-row');
    expect(card.tagName).toBe('LI');
    expect(card.closest('ul')!.className).toMatch(/\bmd:hidden\b/);
    const price = [...card.querySelectorAll('span')].find((s) => s.textContent === 'GH₵ 1,200.00')!;
    expect(price.className).toMatch(/\bwhitespace-nowrap\b/);
    // The copy for offline is kept from this online visit, under the list's first page.
    expect(FIRST_PAGE_QUERY).toMatchObject({ page: '1', sortBy: 'createdAt', sortDir: 'desc' });
    await waitFor(async () => expect(await localDb.meta.get(`seller.submissions.last:${seller.id}`)).toBeTruthy());
  });
});

describe('sign-up', () => {
  it("explains the password rule under the field, naming the spec's special characters, before any error", async () => {
    const { default: SignUpPage } = await import('../../src/web/pages/account/SignUpPage');
    render(<MemoryRouter><SignUpPage /></MemoryRouter>);
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Esi' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Tetteh' } });
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'esi@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const password = await screen.findByLabelText('Password');
    const note = document.getElementById(password.getAttribute('aria-describedby') ?? '')!;
    expect(note.textContent).toContain('a special character, one of: ! @ # $ % ^ & * ( ) [ ] { } - _ = + \\ | ; : \' " , . < > / ?');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('filters in use', () => {
  it('show as chips, each with its clear, and Clear all', async () => {
    const { ActiveFilters } = await import('../../src/web/components/catalogue/ActiveFilters');
    const { NO_FILTERS } = await import('../../src/web/components/catalogue/filters');
    const onChange = vi.fn();
    const value = { ...NO_FILTERS, search: 'maize', location: 'Ashanti' as const, maxPrice: 500 };
    render(<ActiveFilters value={value} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ashanti: remove this filter' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...value, location: 'all' });
    fireEvent.click(screen.getByRole('button', { name: 'Up to GH₵ 500.00: remove this filter' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...value, maxPrice: NO_FILTERS.maxPrice });
    fireEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(onChange).toHaveBeenLastCalledWith({ ...NO_FILTERS, search: 'maize' });
    cleanup();
    render(<ActiveFilters value={NO_FILTERS} onChange={onChange} />);
    expect(screen.queryByRole('group', { name: 'Filters in use' })).toBeNull();
  });
});

describe('product pictures', () => {
  it('that failed offline are asked for again when the network returns', async () => {
    const { ProductImage } = await import('../../src/web/components/ProductImage');
    await setDataSaver(false);
    const image = { id: 4, width: 640, height: 480, urls: { 320: '/media/p4/320.webp', 640: '/media/p4/640.webp', 1280: '/media/p4/1280.webp' } };
    render(<ProductImage image={image} alt="Yam" />);
    const img = screen.getByAltText('Yam');
    await waitFor(() => expect(img.getAttribute('src')).toBe('/media/p4/640.webp'));
    setOnline(false);
    window.dispatchEvent(new Event('offline'));
    fireEvent.error(img);
    await waitFor(() => expect(img.getAttribute('src')).toBe('/placeholder.png'));
    setOnline(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(img.getAttribute('src')).toBe('/media/p4/640.webp'));
  });
});
