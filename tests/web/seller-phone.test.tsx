import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb } from '../../src/local/db';
import { saveSession } from '../../src/local/session';
import type { SellerProfile } from '../../src/shared/schemas/sellers';

/** The seller dashboard's phone: verify by SMS (issue 22.16), change with the password (issue 21.6). */
const post = vi.fn(async (_path: string, _body?: unknown): Promise<unknown> => ({ data: {} }));
let served: SellerProfile;
vi.mock('../../src/web/lib/api', async () => {
  const { callThrough } = await import('../support/call-through');
  const verbs = { get: async () => ({ data: served }), post: (path: string, body?: unknown) => post(path, body), put: vi.fn() };
  return { api: { ...verbs, call: callThrough(verbs, { query: 'searchParams' }) } };
});
const { default: SellerDashboardPage } = await import('../../src/web/pages/sellers/SellerDashboardPage');

function sellerProfile(over: Partial<SellerProfile> = {}): SellerProfile {
  return {
    userId: 9, businessName: 'Boateng Family Farms', businessDescription: 'Yams', businessType: 'FARM', phoneNumber: '+233241234567', isPhoneVerified: false,
    pendingPhoneNumber: null, businessAddress: 'Techiman', businessRegion: 'Bono East', ghanaCardNumber: null, bankAccountName: null, bankAccountNumber: null, payoutType: null, payoutNetwork: null, payoutBankCode: null, payoutsHeldUntil: null,
    totalProducts: 0, totalSales: 0, totalRevenue: 0, currency: 'GHS', commissionRate: 5, profileCompleteness: 70, missingFields: [], verificationStatus: 'PENDING',
    joinedDate: '2026-01-01T00:00:00.000Z', user: { firstName: 'Kofi', lastName: 'Boateng', email: 'kofi@example.com', isEmailVerified: true }, ...over,
  };
}

beforeEach(async () => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
  post.mockReset();
  post.mockImplementation(async () => ({ data: {} }));
  await Promise.all([localDb.meta.clear(), localDb.outbox.clear(), localDb.session.clear()]);
  await saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: 9, firstName: 'Kofi', lastName: 'Boateng', email: 'kofi@example.com', userType: 'SELLER', profileImage: null, passwordChangedAt: null } });
});
afterEach(cleanup);

const show = () => render(<MemoryRouter><SellerDashboardPage /></MemoryRouter>);

describe('seller dashboard phone', () => {
  it('an unverified number offers an SMS code and verifies with it', async () => {
    served = sellerProfile();
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Verify by SMS' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('auth/phone/send-code', undefined));
    fireEvent.change(await screen.findByLabelText('Code from the SMS'), { target: { value: '135790' } });
    served = sellerProfile({ isPhoneVerified: true });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('auth/phone/verify', { code: '135790' }));
    await screen.findByText('024 123 4567 (verified)');
  });

  it('a new number needs the password, goes online, and then waits for its code', async () => {
    served = sellerProfile({ isPhoneVerified: true });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    expect(screen.queryByLabelText('Current password')).toBeNull();
    fireEvent.change(screen.getByLabelText('Phone Number'), { target: { value: '055 123 4567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter your current password to change your e-mail or phone number.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Akuafo#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('auth/contact-change', { channel: 'phone', value: '055 123 4567', currentPassword: 'Akuafo#2026' }));
    await screen.findByText('Saved. We sent a code by SMS to your new number: enter it below to finish.');
    // The queued business-profile save carries no phone number and no password.
    const queued = await localDb.outbox.toArray();
    expect(queued.map((e) => e.body)).toEqual([expect.not.objectContaining({ phoneNumber: expect.anything() })]);
    expect(JSON.stringify(queued)).not.toContain('Akuafo#2026');
  });

  it('a pending number shows with its code field', async () => {
    served = sellerProfile({ isPhoneVerified: true, pendingPhoneNumber: '+233551234567' });
    show();
    expect(await screen.findByText('055 123 4567')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Code sent to the new phone number'), { target: { value: '112233' } });
    served = sellerProfile({ isPhoneVerified: true, phoneNumber: '+233551234567' });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('auth/contact-change/verify', { channel: 'phone', code: '112233' }));
    // Wait for the page to settle: a state update after the file's environment is gone fails the run.
    expect(await screen.findByText('Phone number changed and verified')).toBeTruthy();
    expect(screen.queryByLabelText('Code sent to the new phone number')).toBeNull();
  });

  it('a payout wallet on another network than its number\'s is refused before it is queued; ticking that the number moved keeps it, and the warning shows (issue 37)', async () => {
    served = sellerProfile({ isPhoneVerified: true });
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
    fireEvent.change(screen.getByLabelText('Paid to'), { target: { value: 'MOBILE_MONEY' } });
    fireEvent.change(screen.getByLabelText('Network'), { target: { value: 'VODAFONE' } });
    fireEvent.change(screen.getByLabelText('Account Name'), { target: { value: 'Kofi Boateng' } });
    fireEvent.change(screen.getByLabelText('Account Number'), { target: { value: '0241234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This number was issued on MTN, not Telecel. Choose MTN Mobile Money, or tick "I moved this number to Telecel" if you did.')).toBeTruthy();
    expect(await localDb.outbox.count()).toBe(0);

    fireEvent.click(screen.getByLabelText('I moved this number to Telecel'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await localDb.outbox.toArray()).map((e) => e.body)).toEqual([expect.objectContaining({ bankAccountNumber: '0241234567', payoutNetwork: 'VODAFONE', payoutNumberMoved: true })]));
    cleanup();

    served = sellerProfile({ isPhoneVerified: true, bankAccountName: 'Kofi Boateng', bankAccountNumber: '0241234567', payoutType: 'MOBILE_MONEY', payoutNetwork: 'VODAFONE', payoutNetworkWarning: 'This number was issued on MTN: payouts to it fail unless it is on Telecel now.' });
    await localDb.meta.clear();
    show();
    expect(await screen.findByText('This number was issued on MTN: payouts to it fail unless it is on Telecel now.')).toBeTruthy();
  });
});
