import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/local/api';
import { localDb } from '../../src/local/db';
import { saveSession } from '../../src/local/session';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import type { TrackedOrder } from '../../src/shared/schemas/orders';
import { callThrough } from '../support/call-through';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

// The screens talk to the server through the app's one client: answer its calls here.
const get = vi.fn();
const post = vi.fn();
vi.mock('../../src/web/lib/api', () => ({ api: { call: callThrough(() => ({ get, post })), get: (...args: unknown[]) => get(...args), post: (...args: unknown[]) => post(...args) } }));

const { default: CheckoutPage } = await import('../../src/web/pages/checkout/CheckoutPage');
const { default: TrackOrderPage } = await import('../../src/web/pages/orders/TrackOrderPage');
const { PaymentStep } = await import('../../src/web/pages/checkout/PaymentStep');

const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

beforeEach(async () => {
  setOnline(true);
  get.mockReset();
  post.mockReset();
  await localDb.cart.clear();
  await localDb.session.clear();
  await saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: 3, firstName: 'Efua', lastName: 'Quaye', email: 'efua@example.com', userType: 'CUSTOMER', profileImage: null, passwordChangedAt: null } });
});
afterEach(cleanup);

const ACCRA = { id: 1, name: 'Accra Hub', address: 'Spintex Road, Accra', region: 'Greater Accra' };
const KUMASI = { id: 2, name: 'Kumasi Depot', address: 'Kejetia, Kumasi', region: 'Ashanti' };
const NO_DEFAULTS = { pickupLocationId: null, mobileMoneyNumber: null, mobileMoneyNetwork: null };

/** The two reads the checkout makes: the warehouses, and the buyer's usual choices. */
function serve(defaults: object = NO_DEFAULTS) {
  get.mockImplementation(async (path: string) => (path === 'warehouses' ? { data: [ACCRA, KUMASI] } : path === 'shop/checkout/defaults' ? { data: defaults } : undefined));
}

async function withCart() {
  await localDb.cart.put({ productId: 5, quantity: 2, name: 'Puna yam', imageUrl: null, price: 45, updatedAt: new Date().toISOString() });
}

describe('CheckoutPage', () => {
  it('shows the summary and the form\'s messages before sending anything', async () => {
    await withCart();
    serve();
    render(<MemoryRouter><CheckoutPage /></MemoryRouter>);
    await screen.findByRole('heading', { name: 'Complete Your Order' });
    expect(screen.getByText('Review your items and enter payment details')).toBeTruthy();
    expect(screen.getByText('Puna yam')).toBeTruthy();
    expect(screen.getAllByText('GH₵ 90.00').length).toBeGreaterThan(0);
    await screen.findByRole('option', { name: 'Accra Hub — Spintex Road, Accra (Greater Accra)' });
    expect((screen.getByRole('radio', { name: /Credit\/Debit Card/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Coming Soon')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Complete Order' }));
    await screen.findByText('Please select a pickup warehouse');
    expect(screen.getByText('Please enter your mobile money number')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Select Pickup Warehouse'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Mobile Money Number'), { target: { value: '0261234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Complete Order' }));
    await screen.findByText('This number is on AT, not MTN. Choose AT Money or enter a number on MTN.');
    expect(screen.queryByText('Please select a pickup warehouse')).toBeNull();
  });

  it('moves the focus to the first problem, scrolls it into view and names the field as the screen does (issue 22.4)', async () => {
    await withCart();
    serve();
    render(<MemoryRouter><CheckoutPage /></MemoryRouter>);
    await screen.findByRole('option', { name: /Accra Hub/ });
    fireEvent.change(screen.getByLabelText('Mobile Money Number'), { target: { value: '0241234567' } });
    const warehouse = screen.getByLabelText('Select Pickup Warehouse');
    const scrolled = vi.fn();
    warehouse.scrollIntoView = scrolled;
    const complete = screen.getByRole('button', { name: 'Complete Order' });
    complete.focus();
    fireEvent.click(complete);
    await waitFor(() => expect(document.activeElement).toBe(warehouse));
    expect(scrolled).toHaveBeenCalledWith({ block: 'center' });
    expect(warehouse.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(warehouse.getAttribute('aria-describedby')!)?.textContent).toBe('Please select a pickup warehouse');
    expect(screen.queryByText('Please select a shipping address')).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });

  it("starts with the buyer's usual warehouse and the profile's wallet number, and sends them", async () => {
    await withCart();
    serve({ pickupLocationId: 2, mobileMoneyNumber: '0271234567', mobileMoneyNetwork: 'AIRTEL_TIGO' });
    post.mockRejectedValue(new ApiError('stop here', 502, 'payment_provider_unavailable'));
    render(<MemoryRouter><CheckoutPage /></MemoryRouter>);
    await waitFor(() => expect((screen.getByLabelText('Select Pickup Warehouse') as HTMLSelectElement).value).toBe('2'));
    expect((screen.getByLabelText('Mobile Money Number') as HTMLInputElement).value).toBe('0271234567');
    expect((screen.getByLabelText('Mobile Money Network') as HTMLSelectElement).value).toBe('AIRTEL_TIGO');
    fireEvent.click(screen.getByRole('button', { name: 'Complete Order' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post.mock.calls[0][1]).toMatchObject({ pickupLocationId: '2', mobileMoneyNumber: '0271234567', mobileMoneyNetwork: 'AIRTEL_TIGO' });
  });

  it("shows the server's refusal of a fourth unpaid order where the buyer is looking (issue 21.9)", async () => {
    await withCart();
    serve({ pickupLocationId: 1, mobileMoneyNumber: '0241234567', mobileMoneyNetwork: 'MTN' });
    const refusal = 'You already have 3 unpaid orders holding stock. Pay for one of them or cancel it in My Orders, then place this order.';
    post.mockRejectedValue(new ApiError(refusal, 409, 'too_many_unpaid_orders'));
    render(<MemoryRouter><CheckoutPage /></MemoryRouter>);
    await waitFor(() => expect((screen.getByLabelText('Select Pickup Warehouse') as HTMLSelectElement).value).toBe('1'));
    fireEvent.click(screen.getByRole('button', { name: 'Complete Order' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(refusal);
    await waitFor(() => expect(document.activeElement?.contains(alert)).toBe(true));
  });

  it('says checkout needs a connection when offline, and keeps the cart', async () => {
    await withCart();
    setOnline(false);
    render(<MemoryRouter><CheckoutPage /></MemoryRouter>);
    await screen.findByText(/Checkout needs an internet connection/);
    expect((screen.getByRole('button', { name: 'Complete Order' }) as HTMLButtonElement).disabled).toBe(true);
    expect(get).not.toHaveBeenCalled();
    expect(await localDb.cart.count()).toBe(1);
  });

  // Issue 37: "an empty warehouse list at checkout offline".
  it('lists the warehouses kept from the last visit when the network is gone', async () => {
    await localDb.meta.clear();
    await withCart();
    serve();
    render(<MemoryRouter><CheckoutPage /></MemoryRouter>);
    await screen.findByRole('option', { name: 'Kumasi Depot — Kejetia, Kumasi (Ashanti)' });
    // The first visit's reads are all out before the network goes.
    await waitFor(() => expect(get.mock.calls.map((c) => c[0]).sort()).toEqual(['shop/cart', 'shop/checkout/defaults', 'warehouses']));
    cleanup();

    setOnline(false);
    get.mockReset();
    render(<MemoryRouter><CheckoutPage /></MemoryRouter>);
    await screen.findByText(/Checkout needs an internet connection/);
    await screen.findByRole('option', { name: 'Kumasi Depot — Kejetia, Kumasi (Ashanti)' });
    expect(screen.getByRole('option', { name: 'Accra Hub — Spintex Road, Accra (Greater Accra)' })).toBeTruthy();
    expect(get).not.toHaveBeenCalled();
  });

  it('shows the empty state with no items', async () => {
    get.mockResolvedValue({ data: [] });
    render(<MemoryRouter><CheckoutPage /></MemoryRouter>);
    await screen.findByText('Your cart is empty');
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/products');
  });
});

const started = (over: Partial<CheckoutStarted['payment']> = {}, provider: CheckoutStarted['provider'] = 'sandbox'): CheckoutStarted => ({
  checkoutId: 4, orderId: 4, orderNumber: 'ORD-2026-000004', amount: 90, currency: 'GHS', reference: 'PSK-1-abc', provider,
  payment: { status: 'PENDING', needsOtp: false, simulated: provider === 'sandbox', network: 'MTN', phoneNumber: '0241234567', displayText: 'Simulated mobile money prompt (sandbox — no real money)', expiresAt: null, ...over },
});

describe('PaymentStep', () => {
  it('shows the labelled sandbox prompt and explains a decline', async () => {
    post.mockImplementation(async (path: string) => {
      if (path.endsWith('/decline')) return { data: { status: 'FAILED' } };
      throw new ApiError('Payment was declined. Your order was not paid and your cart is kept.', 402, 'payment_declined');
    });
    const restart = vi.fn();
    render(<MemoryRouter><PaymentStep started={started()} onRestart={restart} /></MemoryRouter>);
    await screen.findByRole('heading', { name: 'Simulated mobile money prompt (sandbox — no real money)' });
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await screen.findByText('Payment was declined. Your order was not paid and your cart is kept.');
    expect(post.mock.calls.map((c) => c[0])).toEqual(['payments/sandbox/PSK-1-abc/decline', 'shop/checkout/4/payment']);
    fireEvent.click(screen.getByRole('button', { name: 'Back to checkout' }));
    expect(restart).toHaveBeenCalled();
  });

  // Issue 37: "No payment provider keys are configured…" shown to a buyer.
  it('tells a buyer the sandbox prompt is a demo payment, not how the server is configured', async () => {
    render(<MemoryRouter><PaymentStep started={started()} onRestart={vi.fn()} /></MemoryRouter>);
    await screen.findByText('A demo payment: no money is taken. Approve or decline here, as you would on the mobile money prompt on your phone.');
    expect(document.body.textContent).not.toMatch(/provider keys|configured/i);
  });

  it('counts down the hold and pays again with a new attempt after a decline', async () => {
    const expiresAt = new Date(Date.now() + 10 * 60_000 + 30_000).toISOString();
    post.mockImplementation(async (path: string, body?: { retry?: boolean }) => {
      if (path.endsWith('/decline')) return { data: { status: 'FAILED' } };
      if (body?.retry) return { data: { ...started({ expiresAt }), reference: 'PSK-2-def' } };
      throw new ApiError('Payment was declined. Your order was not paid and your cart is kept.', 402, 'payment_declined');
    });
    render(<MemoryRouter><PaymentStep started={started({ expiresAt })} onRestart={() => undefined} /></MemoryRouter>);
    expect((await screen.findByRole('timer')).textContent).toMatch(/held for you for 10:(29|30) more/);
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Pay again' }));
    // The new attempt shows a fresh prompt to answer.
    await waitFor(() => expect((screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(false));
    expect(post.mock.calls.at(-1)?.[1]).toMatchObject({ retry: true, paymentDetails: { reference: 'PSK-1-abc' } });
    expect(screen.queryByText('Payment was declined. Your order was not paid and your cart is kept.')).toBeNull();
    post.mockResolvedValueOnce({ data: { status: 'FAILED' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(post.mock.calls.at(-2)?.[0]).toBe('payments/sandbox/PSK-2-def/decline'));
  });

  it('asks Telecel (Vodafone) Cash customers for the voucher code before waiting for approval', async () => {
    post.mockImplementation(async (path: string) =>
      path.endsWith('/otp')
        ? { data: { ...started({}, 'paystack').payment, network: 'VODAFONE', displayText: 'Please complete authorization process on your mobile phone' } }
        : { data: { status: 'PENDING' } },
    );
    render(<MemoryRouter><PaymentStep started={started({ needsOtp: true, network: 'VODAFONE', displayText: 'Please dial *110# to generate a voucher code' }, 'paystack')} onRestart={() => undefined} /></MemoryRouter>);
    await screen.findByRole('heading', { name: 'Approve the prompt on your phone' });
    fireEvent.change(screen.getByLabelText('Voucher code'), { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText('Please enter the code from your phone (4 to 8 digits)');
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Voucher code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText('Please complete authorization process on your mobile phone');
    expect(post).toHaveBeenCalledWith('payments/PSK-1-abc/otp', { otp: '123456' });
    await screen.findByText('Waiting for your approval…');
  });
});

const tracked = (status: TrackedOrder['status']): TrackedOrder => ({
  id: 9, orderNumber: 'ORD-2026-000009', status, paymentStatus: 'PAID', statusHistory: [], createdAt: '2026-11-20T10:00:00.000Z', currency: 'GHS', subtotal: 90, discountAmount: 0, shippingCost: 0, taxAmount: 0, totalAmount: 90,
  items: [{ productName: 'Puna yam', productImage: null, quantity: 2, unitPrice: 45 }], paymentMethod: 'MOBILE_MONEY', customerName: 'Efua Quaye',
  shippingAddress: { name: 'Accra Hub', street: 'Spintex Road, Accra', city: 'Accra', region: 'Greater Accra', postalCode: null, country: 'Ghana' }, expectedDelivery: '2026-11-23T10:00:00.000Z', trackingUrl: '',
});

describe('TrackOrderPage', () => {
  const renderTrack = (query = '') => render(<MemoryRouter initialEntries={[`/track-order${query}`]}><TrackOrderPage /></MemoryRouter>);

  it('asks for an order number, then steps up to the current status', async () => {
    renderTrack();
    fireEvent.click(await screen.findByRole('button', { name: 'Track' }));
    await screen.findByText('Please enter an order number');
    get.mockResolvedValue({ data: tracked('SHIPPED') });
    fireEvent.change(screen.getByLabelText('Order number'), { target: { value: 'ord-2026-000009' } });
    fireEvent.click(screen.getByRole('button', { name: 'Track' }));
    await screen.findByRole('heading', { name: 'ORD-2026-000009' });
    expect(get).toHaveBeenCalledWith('shop/customers/track-order/ORD-2026-000009');
    const steps = screen.getByRole('list', { name: 'Order progress' }).querySelectorAll('li');
    expect([...steps].map((s) => s.getAttribute('aria-current'))).toEqual([null, null, 'step', null]);
  });

  // Issue 37: "the pickup block without the depot's name", and a total without its parts.
  it("names the pickup depot and lists the parts of the total", async () => {
    get.mockResolvedValue({ data: { ...tracked('SHIPPED'), subtotal: 80, taxAmount: 10, totalAmount: 90 } });
    renderTrack('?orderNumber=ORD-2026-000009');
    const pickup = (await screen.findByRole('heading', { level: 3, name: 'Pickup' })).parentElement!;
    expect(pickup.textContent).toContain('Accra Hub');
    const parts = [...document.querySelectorAll('dl dd')].map((dd) => `${dd.previousElementSibling!.textContent} ${dd.textContent}`);
    expect(parts).toEqual(['Subtotal GH₵ 80.00', 'Pickup GH₵ 0.00', 'VAT GH₵ 10.00', 'Total GH₵ 90.00']);
  });

  it('highlights nothing for a cancelled order and offers another search when none is found', async () => {
    get.mockResolvedValueOnce({ data: tracked('CANCELLED') });
    renderTrack('?orderNumber=ORD-2026-000009');
    await screen.findByText('This order was cancelled.');
    const steps = screen.getByRole('list', { name: 'Order progress' }).querySelectorAll('li');
    expect([...steps].every((s) => s.getAttribute('aria-current') === null)).toBe(true);

    cleanup();
    get.mockRejectedValueOnce(new ApiError("We couldn't find an order with number ORD-2026-999999.", 404, 'not_found'));
    renderTrack('?orderNumber=ORD-2026-999999');
    await screen.findByText("We couldn't find an order with number ORD-2026-999999.");
    await waitFor(() => expect(screen.getByRole('button', { name: 'Search another order' })).toBeTruthy());
  });

  it('asks a visitor to sign in', async () => {
    await localDb.session.clear();
    renderTrack();
    await screen.findByRole('heading', { name: 'Sign In Required' });
  });
});
