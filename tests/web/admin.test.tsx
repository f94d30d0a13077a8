import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/local/api';
import { localDb } from '../../src/local/db';
import { saveSession, type SessionUser } from '../../src/local/session';
import type { AdminOrderListItem } from '../../src/shared/schemas/orders';
import type { AdminSubmission } from '../../src/shared/schemas/submissions';
import { paginate } from '../../src/shared/pagination';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

// The console talks to the server through the app's one client: answer its calls here.
const get = vi.fn();
const post = vi.fn();
const patch = vi.fn();
const put = vi.fn();
const del = vi.fn();
vi.mock('../../src/web/lib/api', async () => {
  const { callThrough } = await import('../support/call-through');
  const verbs = {
    get: (...args: unknown[]) => get(...args),
    post: (...args: unknown[]) => post(...args),
    patch: (...args: unknown[]) => patch(...args),
    put: (...args: unknown[]) => put(...args),
    delete: (...args: unknown[]) => del(...args),
  };
  return { api: { ...verbs, call: callThrough(verbs, { query: 'searchParams' }) } };
});

const { default: AdminPage } = await import('../../src/web/pages/admin/AdminPage');

const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
const signIn = (userType: SessionUser['userType']) =>
  saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: 1, firstName: 'Ama', lastName: 'Ops', email: 'ops@akuafo.demo', userType, profileImage: null, passwordChangedAt: null } });

const submission = (over: Partial<AdminSubmission> = {}): AdminSubmission => ({
  id: 7, name: 'Fresh cassava', description: 'Harvested this week', category: 'Tubers', condition: 'standard', region: 'Ashanti', price: 1250, currency: 'GHS', stockQuantity: 40,
  status: 'PENDING', changesPending: false, live: null, reviewNote: null, productId: null, imagesUrls: ['/images/c-640.webp'],
  images: [{ id: 1, width: 640, height: 480, urls: { 320: '/images/c-320.webp', 640: '/images/c-640.webp', 1280: '/images/c-1280.webp' } }],
  createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z',
  seller: { id: 4, businessName: 'Kofi Farms', email: 'kofi.farms@akuafo.demo', verificationStatus: 'VERIFIED' },
  ...over,
});

const order = (over: Partial<AdminOrderListItem> = {}): AdminOrderListItem => ({
  id: 31, orderNumber: 'AK-2026-0031', createdAt: '2026-11-21T09:00:00.000Z', status: 'PROCESSING', paymentStatus: 'PAID', totalAmount: 90,
  currency: 'GHS', itemCount: 2, itemsSummary: [{ productName: 'Puna yam', quantity: 2 }],
  lines: [{ id: 71, productName: 'Puna yam', quantity: 2, sellerName: 'Kofi Farms', atWarehouseAt: '2026-11-21T12:00:00.000Z' }],
  customer: { firstName: 'Efua', lastName: 'Quaye', email: 'efua@example.com', phone: '0241234567' }, pickupWarehouse: 'Accra Hub',
  ...over,
});

beforeEach(async () => {
  setOnline(true);
  get.mockReset();
  post.mockReset();
  patch.mockReset();
  put.mockReset();
  del.mockReset();
  await localDb.session.clear();
});
afterEach(cleanup);

const renderConsole = () => render(<MemoryRouter><AdminPage /></MemoryRouter>);

describe('AdminPage', () => {
  it('says what a decision did in a toast at the bottom of the screen, where the operator is looking, not atop the panel', async () => {
    await signIn('ADMIN');
    get.mockResolvedValueOnce({ data: [submission({ id: 8, name: 'Shea butter' })], pagination: paginate(1, 20, 1) }).mockResolvedValue({ data: [], pagination: paginate(1, 20, 0) });
    post.mockResolvedValue({ data: submission({ id: 8, name: 'Shea butter', status: 'APPROVED' }) });
    renderConsole();
    const card = (await screen.findByRole('heading', { name: 'Shea butter' })).closest('article')!;
    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    const toast = (await screen.findByText('"Shea butter" is approved and live.')).closest('[role="status"]')!;
    expect(toast.className).toMatch(/\bfixed\b.*\bbottom-4\b/);
    expect(screen.getByRole('tabpanel').contains(toast)).toBe(false);
  });

  it('shows pending listings with photo, price in cedis and seller, and approves one', async () => {
    await signIn('ADMIN');
    get.mockResolvedValueOnce({ data: [submission()], pagination: paginate(1, 20, 1) }).mockResolvedValue({ data: [], pagination: paginate(1, 20, 0) });
    post.mockResolvedValue({ data: submission({ status: 'APPROVED' }) });
    renderConsole();
    const card = (await screen.findByRole('heading', { name: 'Fresh cassava' })).closest('article')!;
    expect(get).toHaveBeenCalledWith('admin/submissions', { searchParams: { status: 'PENDING', page: '1' } });
    expect(within(card).getByText('GH₵ 1,250.00')).toBeTruthy();
    expect(within(card).getByText('Kofi Farms')).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Fresh cassava, photo 1' }).getAttribute('src')).toBe('/images/c-320.webp');

    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    await screen.findByText('"Fresh cassava" is approved and live.');
    // The version the operator looked at goes along, so a listing changed since is not approved blind.
    expect(post).toHaveBeenCalledWith('admin/submissions/7/approve', { updatedAt: '2026-11-20T10:00:00.000Z' });
    await screen.findByText('No listings are waiting for review.');
  });

  it('shows a live listing\'s waiting changes beside what buyers see now, and approves the changes', async () => {
    await signIn('ADMIN');
    const changed = submission({
      status: 'APPROVED', productId: 40, changesPending: true, name: 'PAY OUTSIDE APP 0550000000', updatedAt: '2026-11-22T08:00:00.000Z',
      live: { name: 'Fresh cassava', description: 'Harvested this week', category: 'Tubers', condition: 'standard', region: 'Ashanti', price: 1250, imagesUrls: ['/images/c-640.webp'] },
    });
    get.mockResolvedValueOnce({ data: [changed], pagination: paginate(1, 20, 1) }).mockResolvedValue({ data: [], pagination: paginate(1, 20, 0) });
    post.mockResolvedValue({ data: { ...changed, changesPending: false } });
    renderConsole();
    const card = (await screen.findByRole('heading', { name: 'PAY OUTSIDE APP 0550000000' })).closest('article')!;
    expect(within(card).getByText('Changes to a live listing')).toBeTruthy();
    const row = within(card).getByRole('rowheader', { name: 'Name' }).closest('tr')!;
    expect(within(row).getByText('Fresh cassava')).toBeTruthy();
    expect(within(row).getByText('PAY OUTSIDE APP 0550000000')).toBeTruthy();
    // Only what changed is listed.
    expect(within(card).queryByRole('rowheader', { name: 'Price' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Approve changes' }));
    await screen.findByText('The changes to "PAY OUTSIDE APP 0550000000" are approved and live.');
    expect(post).toHaveBeenCalledWith('admin/submissions/7/approve', { updatedAt: '2026-11-22T08:00:00.000Z' });
  });

  it('asks for a reason before rejecting a listing, and shows a refusal from the server', async () => {
    await signIn('ADMIN');
    get.mockResolvedValue({ data: [submission()], pagination: paginate(1, 20, 1) });
    post.mockRejectedValue(new ApiError('This listing is already rejected.', 409, 'conflict'));
    renderConsole();
    await screen.findByRole('heading', { name: 'Fresh cassava' });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send rejection' }));
    await screen.findByText('Please give the seller a reason');
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Reason for the seller'), { target: { value: '  Photos are blurred  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send rejection' }));
    await screen.findByText('This listing is already rejected.');
    expect(post).toHaveBeenCalledWith('admin/submissions/7/reject', { note: 'Photos are blurred' });
  });

  it('lists sellers with their Ghana Card and verifies one', async () => {
    await signIn('ADMIN');
    get.mockImplementation(async (path: string) => {
      if (path.startsWith('admin/submissions')) return { data: [], pagination: paginate(1, 20, 0) };
      return {
        data: [{ userId: 9, email: 'ama.agro@akuafo.demo', firstName: 'Ama', lastName: 'Mensah', isEmailVerified: true, businessName: 'Ama Agro', businessRegion: 'Ashanti', ghanaCardNumber: 'GHA-123456789-0', verificationStatus: 'PENDING', joinedDate: '2026-10-01T00:00:00.000Z' }],
      };
    });
    post.mockResolvedValue({ data: { userId: 9, verificationStatus: 'VERIFIED' } });
    renderConsole();
    fireEvent.click(await screen.findByRole('tab', { name: 'Sellers' }));
    await screen.findByText('GHA-123456789-0');
    expect(get).toHaveBeenCalledWith('admin/sellers', { searchParams: { verificationStatus: 'PENDING' } });
    expect(screen.getByText('Pending Verification')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Verify Ama Agro' }));
    await screen.findByText('Ama Agro is now verified.');
    expect(post).toHaveBeenCalledWith('admin/sellers/9/verification', { status: 'VERIFIED' });
  });

  it('keeps Verify off, with the reason, for a seller whose Ghana Card is not given', async () => {
    await signIn('ADMIN');
    get.mockImplementation(async (path: string) => {
      if (path.startsWith('admin/submissions')) return { data: [], pagination: paginate(1, 20, 0) };
      return {
        data: [{ userId: 9, email: 'ama.agro@akuafo.demo', firstName: 'Ama', lastName: 'Mensah', isEmailVerified: true, businessName: 'Ama Agro', businessRegion: 'Ashanti', ghanaCardNumber: null, verificationStatus: 'PENDING', joinedDate: '2026-10-01T00:00:00.000Z' }],
      };
    });
    renderConsole();
    fireEvent.click(await screen.findByRole('tab', { name: 'Sellers' }));
    await screen.findByText('Not given');
    const verify = screen.getByRole('button', { name: 'Verify Ama Agro' }) as HTMLButtonElement;
    expect(verify.disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Verify Ama Agro', description: /has not given a Ghana Card number/ })).toBe(verify);
    fireEvent.click(verify);
    expect(post).not.toHaveBeenCalled();
    // Rejecting stays open.
    expect((screen.getByRole('button', { name: 'Reject Ama Agro' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('makes a processing order ready for pickup with a note, takes the pickup code, and cancels only after confirming', async () => {
    await signIn('ADMIN');
    let status: AdminOrderListItem['status'] = 'PROCESSING';
    get.mockImplementation(async (path: string) =>
      path.startsWith('admin/orders') ? { data: [order({ status })], pagination: paginate(1, 20, 1) } : { data: [], pagination: paginate(1, 20, 0) },
    );
    patch.mockImplementation(async (_path: string, body: { status: AdminOrderListItem['status'] }) => {
      status = body.status;
      return { data: { id: 31, status } };
    });
    renderConsole();
    fireEvent.click(await screen.findByRole('tab', { name: 'Orders' }));
    await screen.findByRole('heading', { name: 'Order AK-2026-0031' });
    expect(screen.getByText('GH₵ 90.00')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Hand over' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Note for the order history (optional)'), { target: { value: 'Left with the driver' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark ready for pickup' }));
    await screen.findByText('Order AK-2026-0031 is now ready for pickup.');
    expect(patch).toHaveBeenCalledWith('admin/orders/31/status', { status: 'SHIPPED', notes: 'Left with the driver' });
    // The reloaded order asks for the buyer's pickup code, with the note field emptied.
    await screen.findByRole('button', { name: 'Hand over' });
    expect((screen.getByLabelText('Note for the order history (optional)') as HTMLInputElement).value).toBe('');
    fireEvent.change(screen.getByLabelText("Buyer's pickup code"), { target: { value: '12a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hand over' }));
    await screen.findByText('The pickup code is 6 digits');
    expect(post).not.toHaveBeenCalled();
    post.mockRejectedValueOnce(new ApiError('That pickup code is not right for this order.', 400, 'bad_request'));
    fireEvent.change(screen.getByLabelText("Buyer's pickup code"), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hand over' }));
    await screen.findByText('That pickup code is not right for this order.');
    expect(post).toHaveBeenCalledWith('admin/orders/31/pickup', { code: '123456' });

    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(patch).toHaveBeenCalledTimes(1);
    await screen.findByText("This order is paid: cancelling refunds the buyer's mobile money.");
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel AK-2026-0031' }));
    await waitFor(() => expect(patch).toHaveBeenLastCalledWith('admin/orders/31/status', { status: 'CANCELLED' }));
    await screen.findByText('Order AK-2026-0031 is now cancelled.');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('shows each line\'s state, holds "ready for pickup" until all are in, and lets the operator mark a line or undo it', async () => {
    await signIn('ADMIN');
    let lines: AdminOrderListItem['lines'] = [
      { id: 71, productName: 'Fresh Tomatoes', quantity: 2, sellerName: 'Kofi Farms', atWarehouseAt: '2026-11-21T12:00:00.000Z' },
      { id: 72, productName: 'Cabbage', quantity: 1, sellerName: 'Ama Agro', atWarehouseAt: null },
    ];
    get.mockImplementation(async (path: string) =>
      path.startsWith('admin/orders')
        ? { data: [order({ lines, customer: { firstName: 'Efua', lastName: 'Quaye', email: 'efua@example.com', phone: '233241234567' } })], pagination: paginate(1, 20, 1) }
        : { data: [], pagination: paginate(1, 20, 0) },
    );
    put.mockImplementation(async () => {
      lines = lines.map((l) => ({ ...l, atWarehouseAt: '2026-11-21T13:00:00.000Z' }));
      return { data: order({ lines }) };
    });
    renderConsole();
    fireEvent.click(await screen.findByRole('tab', { name: 'Orders' }));
    const card = (await screen.findByRole('heading', { name: 'Order AK-2026-0031' })).closest('article')!;
    const list = within(card).getByRole('list', { name: 'Lines of order AK-2026-0031' });
    const [tomatoes, cabbage] = within(list).getAllByRole('listitem');
    expect(within(tomatoes!).getByText('At the warehouse')).toBeTruthy();
    expect(within(cabbage!).getByText('Not at the warehouse yet')).toBeTruthy();
    // The phone number as people write it, not the stored digits.
    expect(within(card).getByText(/024 123 4567/)).toBeTruthy();
    expect(card.textContent).not.toContain('233241234567');
    // Not ready while the cabbage is missing.
    expect(within(card).queryByRole('button', { name: 'Mark ready for pickup' })).toBeNull();
    within(card).getByText('Ready for pickup once every line is at the warehouse (1 missing).');

    fireEvent.click(within(cabbage!).getByRole('button', { name: 'Mark arrived: Cabbage' }));
    await screen.findByText('Cabbage (order AK-2026-0031) is at the warehouse.');
    expect(put).toHaveBeenCalledWith('admin/orders/31/items/72/at-warehouse');

    fireEvent.click(within(card).getAllByRole('button', { name: /^Undo/ })[0]!);
    await screen.findByText('Fresh Tomatoes (order AK-2026-0031) is no longer marked at the warehouse.');
    expect(del).toHaveBeenCalledWith('admin/orders/31/items/71/at-warehouse');
  });

  it('the Payouts tab shows who is due, the trial balance, runs payouts and retries a failed one', async () => {
    await signIn('ADMIN');
    get.mockImplementation(async (path: string, options?: { searchParams?: Record<string, string> }) => {
      if (path === 'admin/payouts/due') {
        return {
          data: [
            { sellerId: 4, businessName: 'Boateng Family Farms', available: 1140, account: 'MTN MoMo 024XXX4567', waiting: null },
            { sellerId: 5, businessName: 'Tamale Grains', available: 1_198_860.5, account: 'Telecel Cash 020XXX1234', waiting: null },
            { sellerId: 6, businessName: 'New Farm', available: 500, account: 'AT Money 026XXX0000', waiting: 'Payout account changed in the last 24 hours' },
          ],
        };
      }
      if (path === 'admin/ledger/trial-balance') return { data: { debits: 2500, credits: 2500, balanced: true } };
      if (path === 'admin/payouts' && options?.searchParams?.status === 'FAILED') {
        return { data: [{ id: 9, sellerId: 4, businessName: 'Boateng Family Farms', amount: 190, currency: 'GHS', status: 'FAILED', account: 'MTN MoMo 024XXX4567', reference: 'akuafo-payout-9', lastError: 'Account not found', createdAt: '2026-11-24T10:00:00.000Z', completedAt: null }] };
      }
      return { data: [], pagination: paginate(1, 20, 0) };
    });
    post.mockImplementation(async (path: string) => (path === 'admin/payouts/run' ? { data: { created: 1, sent: 1, pending: 0, failed: 0, errors: 0, held: 0, noAccount: 0, uncollectedCancelled: 0, notPrepared: 2 } } : { data: {} }));
    renderConsole();
    fireEvent.click(await screen.findByRole('tab', { name: 'Payouts' }));
    await screen.findByText('MTN MoMo 024XXX4567 · paid at the next run');
    expect(screen.getByText(/Boateng Family Farms/)).toBeTruthy();
    expect(screen.getByText(/\(balanced\)/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Run payouts now' }));
    // Nothing leaves before the operator has seen how many payouts and how much, and said yes.
    const confirm = await screen.findByRole('group', { name: 'Confirm the payout run' });
    expect(confirm.textContent).toContain('Send 2 payouts, GH₵ 1,200,000.50 in all, now?');
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('group', { name: 'Confirm the payout run' })).toBeNull();
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Run payouts now' }));
    fireEvent.click(within(await screen.findByRole('group', { name: 'Confirm the payout run' })).getByRole('button', { name: 'Yes, send 2 payouts' }));
    await screen.findByText(/Last run: 1 payouts prepared, 1 sent/);
    expect(screen.getByText(/2 sellers' payouts could not be prepared/)).toBeTruthy();
    expect(post).toHaveBeenCalledWith('admin/payouts/run');

    fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'FAILED' } });
    await screen.findByText('Last answer: Account not found');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('admin/payouts/9/retry'));
  });

  it('lists refused lines oldest first and moves money only after the operator confirms', async () => {
    await signIn('ADMIN');
    const refusal = { id: 5, orderId: 31, orderNumber: 'AK-2026-0031', itemId: 71, productName: 'Puna yam', quantity: 2, amount: 30, seller: 'Kofi Farms', warehouse: 'Accra Hub', reason: 'Rotten', travelled: true, createdAt: '2026-11-21T09:00:00.000Z', outcome: null, chargedTo: null, decidedAt: null, photoUrl: '/media/products/cccccccccccccccccccccccc/640.webp' };
    let decided = false;
    get.mockImplementation(async (path: string) => (path.startsWith('admin/refusals') ? { data: decided ? [] : [refusal] } : { data: [], pagination: paginate(1, 20, 0) }));
    post.mockImplementation(async () => {
      decided = true;
      return { data: { ...refusal, outcome: 'REFUND', chargedTo: 'TRANSPORTER', decidedAt: '2026-11-22T09:00:00.000Z' } };
    });
    renderConsole();
    fireEvent.click(await screen.findByRole('tab', { name: 'Refusals at pickup' }));
    await screen.findByText('2 × Puna yam from Kofi Farms, order AK-2026-0031 · GH₵ 30.00');
    expect(screen.getByText('Waiting over 48 hours: decide now.')).toBeTruthy();
    // The counter's photo of the goods (issue 41 item 1).
    expect(screen.getByAltText('Photo of Puna yam taken at the pickup counter').getAttribute('src')).toBe('/media/products/cccccccccccccccccccccccc/640.webp');
    fireEvent.click(screen.getByRole('button', { name: 'Refund, charged to the transporter' }));
    await screen.findByText('Refund GH₵ 30.00 and its VAT to the buyer, charged to the transporter? The seller is paid; the transporter pays GH₵ 30.00.');
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, do it' }));
    await screen.findByText('No refused lines are waiting for a decision.');
    expect(post).toHaveBeenCalledWith('admin/refusals/5/decision', { outcome: 'REFUND', chargedTo: 'TRANSPORTER' });
  });

  it('hints at the tabs beyond the edge of a narrow screen, at whichever side has more', async () => {
    await signIn('ADMIN');
    get.mockResolvedValue({ data: [], pagination: paginate(1, 20, 0) });
    renderConsole();
    const tabs = await screen.findByRole('tablist', { name: 'Operator console sections' });
    // A 360 px phone: the seven tabs are 700 px wide.
    let scrolled = 0;
    Object.defineProperties(tabs, { scrollWidth: { configurable: true, get: () => 700 }, clientWidth: { configurable: true, get: () => 330 }, scrollLeft: { configurable: true, get: () => scrolled } });
    fireEvent.scroll(tabs);
    expect(screen.getByTestId('scroll-hint-after')).toBeTruthy();
    expect(screen.queryByTestId('scroll-hint-before')).toBeNull();
    scrolled = 200;
    fireEvent.scroll(tabs);
    expect(screen.getByTestId('scroll-hint-before')).toBeTruthy();
    expect(screen.getByTestId('scroll-hint-after')).toBeTruthy();
    scrolled = 370;
    fireEvent.scroll(tabs);
    expect(screen.getByTestId('scroll-hint-before')).toBeTruthy();
    expect(screen.queryByTestId('scroll-hint-after')).toBeNull();
  });

  it('shows a load failure with Retry', async () => {
    await signIn('ADMIN');
    get.mockRejectedValueOnce(new ApiError('The server is having trouble. Please try again.', 500, 'error')).mockResolvedValue({ data: [], pagination: paginate(1, 20, 0) });
    renderConsole();
    await screen.findByText('The server is having trouble. Please try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByText('No listings are waiting for review.');
  });

  it('needs a connection, and asks nothing of the server offline', async () => {
    await signIn('ADMIN');
    setOnline(false);
    renderConsole();
    await screen.findByText('The operator console needs a connection.');
    expect(get).not.toHaveBeenCalled();
  });

  it('tells a signed-in non-operator the page is not theirs', async () => {
    await signIn('SELLER');
    renderConsole();
    await screen.findByText('This page is for Akuafo operators.');
    expect(screen.queryByRole('tab')).toBeNull();
    expect(get).not.toHaveBeenCalled();
  });
});
