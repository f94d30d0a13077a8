import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb } from '../../src/local/db';
import { saveSession } from '../../src/local/session';
import { callThrough } from '../support/call-through';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const get = vi.fn();
const post = vi.fn();
vi.mock('../../src/web/lib/api', () => ({ api: { call: callThrough(() => ({ get, post })), get: (...args: unknown[]) => get(...args), post: (...args: unknown[]) => post(...args) } }));

const { default: CheckoutPage } = await import('../../src/web/pages/checkout/CheckoutPage');

const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
const ACCRA = { id: 1, name: 'Accra Hub', address: 'Spintex Road, Accra', region: 'Greater Accra' };
const TAMALE = { id: 3, name: 'Tamale Depot', address: 'Aboabo Market Road, Tamale', region: 'Northern' };
const QUOTE = {
  consignments: [{ sellerId: 7, fromWarehouseId: 3, toWarehouseId: 1, weightKg: 20, distanceKm: 554, fee: 16.62, expectedReadyAt: '2026-12-06T10:00:00.000Z' }],
  transportTotal: 16.62,
  subtotal: 90,
  tax: 0,
  total: 106.62,
  currency: 'GHS',
  expectedReadyAt: '2026-12-06T10:00:00.000Z',
};

beforeEach(async () => {
  setOnline(true);
  get.mockReset();
  post.mockReset();
  await localDb.cart.clear();
  await localDb.meta.clear();
  await localDb.session.clear();
  await saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: 3, firstName: 'Efua', lastName: 'Quaye', email: 'efua@example.com', userType: 'CUSTOMER', profileImage: null, passwordChangedAt: null } });
  await localDb.cart.put({ productId: 5, quantity: 2, name: 'Puna yam', imageUrl: null, price: 45, updatedAt: new Date().toISOString() });
  get.mockImplementation(async (path: string) =>
    path === 'warehouses' ? { data: [ACCRA, TAMALE] } : path === 'shop/checkout/defaults' ? { data: { pickupLocationId: null, mobileMoneyNumber: null, mobileMoneyNetwork: null } } : path.startsWith('shop/checkout/quote') ? { data: QUOTE } : undefined,
  );
});
afterEach(cleanup);

describe('the checkout’s transport fees (issue 40)', () => {
  it('shows per consignment where from, the weight, distance, fee and ready date, and the total with the fees', async () => {
    render(<MemoryRouter><CheckoutPage /></MemoryRouter>);
    await screen.findByRole('option', { name: /Accra Hub/ });
    fireEvent.change(screen.getByLabelText('Select Pickup Warehouse'), { target: { value: '1' } });
    const list = await screen.findByTestId('transport-consignments');
    expect(within(list).getByText('From Tamale Depot')).toBeTruthy();
    expect(within(list).getByText(/20 kg · 554 km · ready by/)).toBeTruthy();
    expect(within(list).getByText('GH₵ 16.62')).toBeTruthy();
    // GH₵ 90.00 of goods, the cart's VAT estimate (this line names no category: 20 %), and the fee.
    expect(screen.getByTestId('checkout-total').textContent).toBe('GH₵ 124.62');
    expect(get).toHaveBeenCalledWith('shop/checkout/quote?pickupLocationId=1');
  });

  it('offline, shows the last quote for the same cart and warehouse, or says the fee will be confirmed', async () => {
    const first = render(<MemoryRouter><CheckoutPage /></MemoryRouter>);
    await screen.findByRole('option', { name: /Accra Hub/ });
    fireEvent.change(screen.getByLabelText('Select Pickup Warehouse'), { target: { value: '1' } });
    await screen.findByTestId('transport-consignments');
    first.unmount();

    setOnline(false);
    render(<MemoryRouter><CheckoutPage /></MemoryRouter>);
    await screen.findByRole('option', { name: /Accra Hub/ });
    fireEvent.change(screen.getByLabelText('Select Pickup Warehouse'), { target: { value: '1' } });
    await screen.findByText('Last quote for this cart: the fee is confirmed when you complete the order.');
    expect(screen.getByTestId('checkout-total').textContent).toBe('GH₵ 124.62');

    // Another warehouse was never quoted: no figure is made up.
    fireEvent.change(screen.getByLabelText('Select Pickup Warehouse'), { target: { value: '3' } });
    await screen.findByText('The transport fee will be confirmed when you are back online, before you pay.');
    expect(screen.getByTestId('checkout-total').textContent).toBe('GH₵ 108.00');
  });
});
