import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb } from '../../src/local/db';
import { saveSession } from '../../src/local/session';
import type { Earnings } from '../../src/shared/schemas/money';
import { inLocale, untranslated } from '../support/pseudo-locale';

vi.setConfig({ testTimeout: 30_000 });

/**
 * Issue 27: the seller pages and the operator console may keep their own words in English for
 * now, but their titles, headings and navigation come from the catalogue (pseudo-locale) and
 * read in Twi.
 */
const never = () => new Promise<never>(() => {});
const get = vi.fn(never);
vi.mock('../../src/web/lib/api', async () => {
  const { callThrough } = await import('../support/call-through');
  const verbs = { get: (...args: unknown[]) => get(...(args as [])), post: vi.fn(never), patch: vi.fn(never) };
  return { api: { ...verbs, call: callThrough(verbs, { query: 'searchParams' }) } };
});

const pages = {
  dashboard: (await import('../../src/web/pages/sellers/SellerDashboardPage')).default,
  products: (await import('../../src/web/pages/sellers/SellerProductsPage')).default,
  addProduct: (await import('../../src/web/pages/sellers/AddProductPage')).default,
  orders: (await import('../../src/web/pages/sellers/SellerOrdersPage')).default,
  stats: (await import('../../src/web/pages/sellers/SellerStatsPage')).default,
  earnings: (await import('../../src/web/pages/sellers/SellerEarningsPage')).default,
  verification: (await import('../../src/web/pages/sellers/SellerVerificationPage')).default,
};
const { default: SellerRegisterPage } = await import('../../src/web/pages/sellers/SellerRegisterPage');
const { EarningsBody } = await import('../../src/web/components/Earnings');
const { default: AdminPage } = await import('../../src/web/pages/admin/AdminPage');

const person = (userType: 'SELLER' | 'ADMIN' | 'CUSTOMER') => ({ id: 9, firstName: 'Kofi', lastName: 'Boateng', email: 'kofi@example.com', userType, profileImage: null, passwordChangedAt: null });
const signIn = (userType: 'SELLER' | 'ADMIN' | 'CUSTOMER') => saveSession({ accessToken: 'a', refreshToken: 'r', user: person(userType) });

/** The words of the page's frame: its headings, its navigation and the tabs' names. */
function frameWords(): string[] {
  const parts = [...document.querySelectorAll<HTMLElement>('h1, h2, nav, [role=tablist]')];
  expect(parts.length).toBeGreaterThan(0);
  return parts.flatMap((part) => untranslated(part));
}

const earnings: Earnings = {
  currency: 'GHS', held: 0, available: 0, sending: 0, paidOut: 0, commissionRate: 5, payoutMinimum: 10,
  nextPayout: { at: '2026-11-24T15:00:00.000Z', note: 'x' }, entries: [], payouts: [],
};

beforeEach(async () => {
  get.mockImplementation(never);
  await Promise.all([localDb.meta.clear(), localDb.session.clear()]);
});
afterEach(async () => {
  cleanup();
  await inLocale('en');
});

describe('seller pages and the operator console: titles and navigation from the catalogue', () => {
  it('every seller page: its title and the seller navigation (pseudo-locale)', async () => {
    await signIn('SELLER');
    await inLocale('pseudo');
    for (const [name, Page] of Object.entries(pages)) {
      render(<MemoryRouter><Page /></MemoryRouter>);
      await screen.findByRole('navigation');
      expect(frameWords(), name).toEqual([]);
      cleanup();
    }
  });

  it('the earnings page\'s section headings, the registration page and a buyer sent away from a seller page (pseudo-locale)', async () => {
    await inLocale('pseudo');
    render(<MemoryRouter><EarningsBody earnings={earnings} fromCache={false} /></MemoryRouter>);
    expect(frameWords()).toEqual([]);
    cleanup();
    render(<MemoryRouter><SellerRegisterPage /></MemoryRouter>);
    expect(frameWords()).toEqual([]);
    cleanup();
    await signIn('CUSTOMER');
    render(<MemoryRouter><pages.dashboard /></MemoryRouter>);
    await screen.findByRole('heading', { level: 1 });
    expect(untranslated(document.body).filter((text) => !text.includes('This page is for sellers'))).toEqual([]);
  });

  it('reads in Twi: the seller navigation and the operator console\'s title and tabs', async () => {
    await signIn('SELLER');
    await inLocale('ak');
    render(<MemoryRouter><pages.earnings /></MemoryRouter>);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sika a woanya' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Me nneɛma' })).toBeTruthy();
    cleanup();

    await signIn('ADMIN');
    render(<MemoryRouter><AdminPage /></MemoryRouter>);
    expect(await screen.findByRole('heading', { level: 1, name: 'Adwumayɛfo dan' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Sika a yɛtua' })).toBeTruthy();
    expect(frameWords().join(' ')).not.toMatch(/Operator console|Payouts/);
  });
});
