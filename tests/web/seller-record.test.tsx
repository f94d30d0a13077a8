import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/local/api';
import { localDb } from '../../src/local/db';
import { saveSession } from '../../src/local/session';
import type { SalesRecord, SharedRecord } from '../../src/shared/schemas/sales-record';

const get = vi.fn();
vi.mock('../../src/web/lib/api', async () => {
  const { callThrough } = await import('../support/call-through');
  const verbs = { get: (...args: unknown[]) => get(...args) };
  return { api: { ...verbs, call: callThrough(verbs, { query: 'searchParams' }) } };
});
const { default: SellerRecordPage } = await import('../../src/web/pages/sellers/SellerRecordPage');

const figures = { quantity: 3, value: 75, buyers: 1, passedShare: null };
const record: SalesRecord = {
  from: '2025-01', to: '2026-12', currency: 'GHS',
  months: [{ month: '2026-12', ...figures }],
  commodities: [{ commodity: 'Maize, 50 kg bag', ...figures }],
  totals: { orders: 1, ...figures },
};
const shares: SharedRecord[] = [
  { code: 'abcdefghijklmnopqrstuv', url: 'https://akuafo.example/records/abcdefghijklmnopqrstuv', issuedAt: '2026-12-01T10:00:00.000Z', revokedAt: null },
  { code: 'ABCDEFGHIJKLMNOPQRSTUV', url: 'https://akuafo.example/records/ABCDEFGHIJKLMNOPQRSTUV', issuedAt: '2026-11-01T10:00:00.000Z', revokedAt: '2026-11-02T10:00:00.000Z' },
];

beforeEach(async () => {
  get.mockReset();
  await Promise.all([localDb.meta.clear(), localDb.session.clear()]);
  await saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: 9, firstName: 'Kofi', lastName: 'Boateng', email: 'kofi@example.com', userType: 'SELLER', profileImage: null, passwordChangedAt: null } });
});
afterEach(cleanup);

describe('SellerRecordPage', () => {
  it('shows the months, the commodities and the shared codes with Withdraw; offline from the last copy', async () => {
    get.mockImplementation((path: string) => Promise.resolve({ data: String(path).includes('shares') ? shares : record }));
    render(<MemoryRouter><SellerRecordPage /></MemoryRouter>);
    await screen.findByText('Maize, 50 kg bag');
    expect(screen.getByText('2026-12')).toBeTruthy();
    expect(screen.getAllByText('not checked').length).toBeGreaterThan(0);
    await screen.findByText('abcdefghijklmnopqrstuv');
    expect(screen.getAllByRole('button', { name: 'Withdraw' })).toHaveLength(1);
    expect(screen.getByText('Withdrawn')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Share my record' })).toBeTruthy();
    cleanup();

    get.mockRejectedValue(new ApiError('offline', 0, 'network'));
    render(<MemoryRouter><SellerRecordPage /></MemoryRouter>);
    await screen.findByText('Offline: showing your record from your last visit.');
    expect(screen.getByText('Maize, 50 kg bag')).toBeTruthy();
  });
});
