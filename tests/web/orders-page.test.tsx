import { cleanup, configure, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb } from '../../src/local/db';
import { ApiError } from '../../src/local/api';
import { saveSession } from '../../src/local/session';
import type { OrderListItem } from '../../src/shared/schemas/orders';
import { callThrough } from '../support/call-through';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const get = vi.fn();
vi.mock('../../src/web/lib/api', () => ({ api: { call: callThrough(() => ({ get })), get: (...args: unknown[]) => get(...args), post: vi.fn() } }));
const { default: OrdersPage } = await import('../../src/web/pages/orders/OrdersPage');

const EMAIL = 'ama@example.com';
const order: OrderListItem = {
  id: 11, orderNumber: 'ORD-2026-000011', createdAt: '2026-11-20T10:00:00.000Z', status: 'PENDING', paymentStatus: 'PAID', totalAmount: 36, currency: 'GHS',
  itemCount: 2, itemsSummary: [{ productName: 'Fresh Tomatoes', quantity: 2 }], hasMoreItems: false, previewImage: null,
};
const page = (data: OrderListItem[]) => ({ data, pagination: { currentPage: 1, pageSize: 10, totalItems: data.length, totalPages: 1, hasNextPage: false, hasPreviousPage: false } });

beforeEach(async () => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
  get.mockReset();
  await Promise.all([localDb.orders.clear(), localDb.session.clear(), localDb.outbox.clear()]);
});
afterEach(cleanup);

const renderOrders = () =>
  render(
    <MemoryRouter initialEntries={['/orders']}>
      <OrdersPage />
    </MemoryRouter>,
  );

describe('/orders', () => {
  // Issue 22.12: in a fresh browser the server answered with the order, and the page said the history was empty.
  it('shows the orders the server answered with right after signing in, on an empty phone', async () => {
    await saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: 3, firstName: 'Ama', lastName: 'Mensah', email: EMAIL, userType: 'CUSTOMER', profileImage: null, passwordChangedAt: null } });
    get.mockResolvedValue(page([order]));
    renderOrders();
    await screen.findByText('ORD-2026-000011');
    expect(screen.getByText('2 × Fresh Tomatoes')).toBeTruthy();
    expect(screen.queryByText('Your order history is currently empty.')).toBeNull();
    expect(get).toHaveBeenCalledWith('shop/customers/me/orders?page=1&pageSize=10');
  });

  it('says the history is empty when the server has no orders', async () => {
    await saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: 3, firstName: 'Ama', lastName: 'Mensah', email: EMAIL, userType: 'CUSTOMER', profileImage: null, passwordChangedAt: null } });
    get.mockResolvedValue(page([]));
    renderOrders();
    await screen.findByText('Your order history is currently empty.');
  });

  it('shows another account\'s orders kept on this phone to nobody else', async () => {
    await localDb.orders.put({ id: 12, orderNumber: 'ORD-2026-000012', createdAt: order.createdAt, data: { ...order, id: 12, orderNumber: 'ORD-2026-000012', owner: 4 } });
    await saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: 3, firstName: 'Ama', lastName: 'Mensah', email: EMAIL, userType: 'CUSTOMER', profileImage: null, passwordChangedAt: null } });
    get.mockResolvedValue(page([]));
    renderOrders();
    await screen.findByText('Your order history is currently empty.');
    expect(screen.queryByText('ORD-2026-000012')).toBeNull();
  });

  // A phone-only account (made by USSD, signed in by SMS code) has no e-mail: the API says ''.
  it('a phone-only buyer signed in by SMS code sees their orders, and again with no network', async () => {
    await saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: 21, firstName: 'Phone customer', lastName: '+233241234567', email: '', userType: 'CUSTOMER', profileImage: null, passwordChangedAt: null } });
    get.mockResolvedValue(page([order]));
    renderOrders();
    await screen.findByText('ORD-2026-000011');
    cleanup();

    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    get.mockRejectedValue(new ApiError('You appear to be offline.', 0, 'network_error'));
    renderOrders();
    await screen.findByText('ORD-2026-000011');
    expect(screen.getByText('2 × Fresh Tomatoes')).toBeTruthy();
  });

  // Issue 37: "two identical status badges on each order card" (a paid order: "Paid" and "Paid").
  it('an order card shows a badge for the payment only when it says more than the order state', async () => {
    await saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: 3, firstName: 'Ama', lastName: 'Mensah', email: EMAIL, userType: 'CUSTOMER', profileImage: null, passwordChangedAt: null } });
    const paid = { ...order, id: 13, orderNumber: 'ORD-2026-000013', status: 'PROCESSING', paymentStatus: 'PAID' } as OrderListItem;
    const waiting = { ...order, id: 14, orderNumber: 'ORD-2026-000014', status: 'PENDING', paymentStatus: 'PENDING' } as OrderListItem;
    get.mockResolvedValue(page([paid, waiting]));
    renderOrders();
    const card = async (number: string) => (await screen.findByText(number)).closest('a')!;
    expect((await card('ORD-2026-000013')).textContent!.match(/Paid/g)).toEqual(['Paid']);
    const placed = await card('ORD-2026-000014');
    expect(placed.textContent).toContain('Placed');
    expect(placed.textContent).toContain('Awaiting payment');
  });
});
