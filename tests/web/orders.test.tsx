import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb } from '../../src/local/db';
import { saveSession } from '../../src/local/session';
import type { OrderDetail } from '../../src/shared/schemas/orders';
import { callThrough } from '../support/call-through';

// Offline: the page must not need the server, so any call is a failure of the test.
const get = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
vi.mock('../../src/web/lib/api', () => ({ api: { call: callThrough(() => ({ get })), get: (...args: unknown[]) => get(...(args as [])), post: vi.fn() } }));
const { default: OrderDetailPage } = await import('../../src/web/pages/orders/OrderDetailPage');

const EMAIL = 'efua@example.com';
beforeEach(async () => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  await Promise.all([localDb.orders.clear(), localDb.outbox.clear(), localDb.session.clear()]);
  await saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: 3, firstName: 'Efua', lastName: 'Quaye', email: EMAIL, userType: 'CUSTOMER', profileImage: null, passwordChangedAt: null } });
});
afterEach(cleanup);

function detail(over: Partial<OrderDetail>): OrderDetail {
  const address = { name: 'Kumasi Central Warehouse', street: 'Adum, Kumasi', city: 'Kumasi', region: 'Ashanti', postalCode: null, country: 'Ghana' };
  return {
    id: 7, orderNumber: 'ORD-2026-000007', createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z', deliveredAt: null, estimatedDelivery: '2026-11-23T10:00:00.000Z',
    reservationExpiresAt: null, status: 'PROCESSING', currency: 'GHS', subtotal: 40, discountAmount: 0, shippingCost: 0, taxAmount: 0, totalAmount: 40,
    shippingAddress: address, billingAddress: address, shippingMethod: 'Warehouse pickup', trackingNumber: 'ORD-2026-000007', trackingUrl: '', notes: null, agentCode: null,
    paymentMethod: 'MOBILE_MONEY', paymentStatus: 'PAID', mobileMoney: { network: 'MTN', phoneNumber: '0241234567' }, transactionId: null, paymentReference: 'PSK-1', paymentDate: null,
    statusHistory: [], customer: { phoneNumber: null, user: { firstName: 'Efua', lastName: 'Quaye', email: EMAIL } }, items: [],
    pickupCode: null, canCancel: false, refund: null, ...over,
  };
}

async function keep(order: OrderDetail) {
  await localDb.orders.put({ id: order.id, orderNumber: order.orderNumber, createdAt: order.createdAt, data: { id: order.id, owner: 3 }, detail: order }); // filed under the signed-in account's id (3)
}

const renderOrder = () =>
  render(
    <MemoryRouter initialEntries={['/orders/7']}>
      <Routes><Route path="/orders/:orderId" element={<OrderDetailPage />} /></Routes>
    </MemoryRouter>,
  );

describe('OrderDetailPage offline', () => {
  it('shows a ready order\'s warehouse and pickup code from the phone\'s copy', async () => {
    await keep(detail({ status: 'SHIPPED', pickupCode: '048213' }));
    renderOrder();
    await screen.findByText('Ready for pickup at Kumasi Central Warehouse');
    expect(screen.getByText('048213')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('asks a cancel with a reason through the outbox and says it is waiting for the network', async () => {
    await keep(detail({ canCancel: true }));
    renderOrder();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    expect(screen.getByText('You paid for this order: the money goes back to your mobile money wallet.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Why are you cancelling? (optional)'), { target: { value: 'Ordered twice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel order ORD-2026-000007' }));
    await screen.findByText('Cancellation requested. It is sent as soon as you are online.');
    const [entry] = await localDb.outbox.toArray();
    expect(entry).toMatchObject({ method: 'POST', path: 'shop/customers/me/orders/7/cancel', body: { reason: 'Ordered twice' }, status: 'pending' });
  });

  it('shows where a refund has got to', async () => {
    await keep(detail({ status: 'CANCELLED', paymentStatus: 'REFUNDED', refund: { status: 'COMPLETED', amount: 40, currency: 'GHS', createdAt: '2026-11-20T11:00:00.000Z', completedAt: '2026-11-20T11:00:05.000Z' } }));
    renderOrder();
    await screen.findByText('Refund completed');
    expect(screen.getByText('Order Cancelled')).toBeTruthy();
  });
});

describe('OrderDetailPage: the warehouse check of each line (issue 41)', () => {
  it('shows a line\'s grade and moisture, and a failed line as refused and refunded', async () => {
    const item = (id: number, name: string, check: OrderDetail['items'][number]['check']) => ({
      id, quantity: 1, unitPrice: 20, totalPrice: 20, product: { id, name, sku: `AKM-0000${id}`, imagesUrls: [], review: null }, check,
    });
    await keep(detail({
      items: [
        item(1, 'White maize', { result: 'PASS', grade: 'Grade 1', moisturePct: 12, at: '2026-11-21T09:00:00.000Z', warehouse: 'Techiman' }),
        item(2, 'Yams', { result: 'FAIL', grade: null, moisturePct: null, at: '2026-11-21T09:05:00.000Z', warehouse: 'Techiman' }),
        item(3, 'Tomatoes', null),
      ],
    }));
    renderOrder();
    await screen.findByText('Checked at Techiman: Grade 1, moisture 12.0%.');
    expect(screen.getByText('Failed the check at Techiman: refused, and refunded to you.')).toBeTruthy();
    expect(screen.queryAllByText(/Checked at|Failed the check/)).toHaveLength(2);
  });
});

describe('OrderDetailPage online', () => {
  it('reads an order with a refund in flight again until the refund completes', { timeout: 30_000 }, async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
    const refund = { amount: 40, currency: 'GHS' as const, createdAt: '2026-11-20T11:00:00.000Z' };
    const pending = detail({ status: 'CANCELLED', paymentStatus: 'PAID', refund: { ...refund, status: 'PENDING', completedAt: null } });
    const done = detail({ status: 'CANCELLED', paymentStatus: 'REFUNDED', refund: { ...refund, status: 'COMPLETED', completedAt: '2026-11-20T11:00:05.000Z' } });
    await keep(pending);
    const answers = [pending, pending, done];
    get.mockImplementation(async () => ({ data: answers.shift() ?? done }) as never);
    // Only the page's poll runs on the fake clock: IndexedDB (fake-indexeddb schedules its
    // work with setImmediate) keeps its real pace, so a busy machine cannot starve it.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'], shouldAdvanceTime: true });
    try {
      renderOrder();
      await screen.findByText(/Refund requested/);
      await vi.advanceTimersByTimeAsync(5_000);
      await vi.advanceTimersByTimeAsync(5_000);
      // On a loaded machine the first answers can land after the clock was moved: the clock
      // also runs on by itself (shouldAdvanceTime), so the next read comes within one period.
      await screen.findByText('Refund completed', undefined, { timeout: 15_000 });
      expect(get.mock.calls.length).toBeGreaterThanOrEqual(3);
    } finally {
      vi.useRealTimers();
      get.mockImplementation(async () => Promise.reject(new TypeError('Failed to fetch')));
    }
  });
});
