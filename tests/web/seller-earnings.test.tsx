import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/local/api';
import { localDb } from '../../src/local/db';
import { saveSession } from '../../src/local/session';
import type { Earnings } from '../../src/shared/schemas/money';

const get = vi.fn();
vi.mock('../../src/web/lib/api', async () => {
  const { callThrough } = await import('../support/call-through');
  const verbs = { get: (...args: unknown[]) => get(...args) };
  return { api: { ...verbs, call: callThrough(verbs, { query: 'searchParams' }) } };
});
const { default: SellerEarningsPage } = await import('../../src/web/pages/sellers/SellerEarningsPage');

const earnings: Earnings = {
  currency: 'GHS', held: 40, available: 1140, sending: 0, paidOut: 250, commissionRate: 5, payoutMinimum: 10,
  nextPayout: { at: '2026-11-24T15:00:00.000Z', note: 'With the next payout run, to your MTN MoMo 024XXX4567.' },
  entries: [
    { id: 3, at: '2026-11-24T10:00:00.000Z', description: 'Order ORD-2026-000012 collected: your share, less GH₵ 60.00 commission', amount: 1140, bucket: 'available', orderNumber: 'ORD-2026-000012', balance: 1180 },
    { id: 2, at: '2026-11-23T10:00:00.000Z', description: 'Payout to your MTN MoMo 024XXX4567: sent', amount: -250, bucket: 'available', orderNumber: null, balance: 40 },
  ],
  payouts: [{ id: 1, amount: 250, currency: 'GHS', status: 'SUCCESS', account: 'MTN MoMo 024XXX4567', reference: 'akuafo-payout-x', lastError: null, createdAt: '2026-11-23T10:00:00.000Z', completedAt: '2026-11-23T10:01:00.000Z' }],
};

beforeEach(async () => {
  get.mockReset();
  await Promise.all([localDb.meta.clear(), localDb.session.clear()]);
  await saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: 9, firstName: 'Kofi', lastName: 'Boateng', email: 'kofi@example.com', userType: 'SELLER', profileImage: null, passwordChangedAt: null } });
});
afterEach(cleanup);

describe('SellerEarningsPage', () => {
  it('shows held, available and paid out, the next payout, the commission rate and every entry in plain words; offline from the last copy', async () => {
    get.mockResolvedValue({ data: earnings });
    render(<MemoryRouter><SellerEarningsPage /></MemoryRouter>);
    await screen.findByText('With the next payout run, to your MTN MoMo 024XXX4567.');
    expect(screen.getByText('Held until buyers collect')).toBeTruthy();
    expect(screen.getByText('GH₵ 1,140.00', { selector: 'dd *' })).toBeTruthy();
    expect(screen.getByText(/less our 5% commission/)).toBeTruthy();
    expect(screen.getByText('Order ORD-2026-000012 collected: your share, less GH₵ 60.00 commission')).toBeTruthy();
    expect(screen.getByText(/MTN MoMo 024XXX4567 · Sent/)).toBeTruthy();
    // One payout, one line, with its state; each line shows what is the seller's after it.
    const payoutLine = screen.getByText('Payout to your MTN MoMo 024XXX4567: sent').closest('li')!;
    expect(payoutLine.textContent).toContain('−GH₵ 250.00');
    expect(payoutLine.textContent).toContain('Balance: GH₵ 40.00');
    expect(screen.getByText('Order ORD-2026-000012 collected: your share, less GH₵ 60.00 commission').closest('li')!.textContent).toContain('Balance: GH₵ 1,180.00');
    cleanup();

    // No network: the copy kept on the phone.
    get.mockRejectedValue(new ApiError('offline', 0, 'network'));
    render(<MemoryRouter><SellerEarningsPage /></MemoryRouter>);
    await screen.findByText('Offline: showing your earnings from your last visit.');
    expect(screen.getByText('Payout to your MTN MoMo 024XXX4567: sent')).toBeTruthy();
  });
});
