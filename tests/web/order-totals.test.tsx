import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb } from '../../src/local/db';
import { saveSession } from '../../src/local/session';
import type { OrderDetail } from '../../src/shared/schemas/orders';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

vi.mock('../../src/web/lib/api', () => ({ api: { get: vi.fn().mockRejectedValue(new TypeError('Failed to fetch')), post: vi.fn() } }));
const { default: PaymentSuccessPage } = await import('../../src/web/pages/checkout/PaymentSuccessPage');
const { default: OrderConfirmationPage } = await import('../../src/web/pages/orders/OrderConfirmationPage');
const { default: OrderDetailPage } = await import('../../src/web/pages/orders/OrderDetailPage');

/**
 * Issue 37.8: the confirmation listed GH₵ 450.00 + GH₵ 320.00 and "Total GH₵ 834.00" with no tax
 * line. A hoe (Tools, 20 % VAT) and maize (exempt): every screen lists the parts that make the total.
 */
const ACCOUNT_ID = 3;
const warehouse = { name: 'Techiman Depot', street: 'Market Road', city: 'Techiman', region: 'Bono East', postalCode: null, country: 'Ghana' };
const order = {
  id: 45, orderNumber: 'ORD-2026-000045', createdAt: '2026-12-01T10:00:00.000Z', updatedAt: '2026-12-01T10:00:00.000Z', deliveredAt: null, estimatedDelivery: null,
  reservationExpiresAt: null, status: 'PROCESSING', currency: 'GHS', subtotal: 770, discountAmount: 0, shippingCost: 0, taxAmount: 64, totalAmount: 834,
  shippingAddress: warehouse, billingAddress: warehouse, shippingMethod: 'Warehouse pickup', trackingNumber: 'ORD-2026-000045', trackingUrl: '', notes: null, agentCode: null,
  paymentMethod: 'MOBILE_MONEY', paymentStatus: 'PAID', mobileMoney: { network: 'MTN', phoneNumber: '0241234567' }, transactionId: null, paymentReference: 'PSK-45', paymentDate: '2026-12-01T10:05:00.000Z',
  statusHistory: [], customer: { phoneNumber: null, user: { firstName: 'Kofi', lastName: 'Boateng', email: 'kofi@example.com' } },
  items: [
    { id: 1, quantity: 1, unitPrice: 450, totalPrice: 450, product: { id: 5, name: 'White maize, 50 kg', sku: 'MAIZE-1', imagesUrls: [], review: null } },
    { id: 2, quantity: 1, unitPrice: 320, totalPrice: 320, product: { id: 6, name: 'Steel hoe', sku: 'HOE-1', imagesUrls: [], review: null } },
  ],
  pickupCode: null, canCancel: false, refund: null,
} as unknown as OrderDetail;

beforeEach(async () => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  await Promise.all([localDb.orders.clear(), localDb.session.clear()]);
  await saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: ACCOUNT_ID, firstName: 'Kofi', lastName: 'Boateng', email: 'kofi@example.com', userType: 'CUSTOMER', profileImage: null, passwordChangedAt: null } });
  await localDb.orders.put({ id: order.id, orderNumber: order.orderNumber, createdAt: order.createdAt, data: { id: order.id, orderNumber: order.orderNumber, owner: ACCOUNT_ID }, detail: order } as never);
});
afterEach(cleanup);

/** The summary's rows as "label amount", in order. */
const rows = (list: HTMLElement) => within(list).getAllByRole('definition').map((dd) => `${dd.previousElementSibling!.textContent} ${dd.textContent}`);

describe('a total is shown with its parts', () => {
  it('the order confirmation lists the goods, the VAT and the total they make', async () => {
    const { container } = render(
      <MemoryRouter initialEntries={[{ pathname: '/checkout/success', state: { orderId: 45, orderNumber: order.orderNumber, amount: 834 } }]}>
        <Routes>
          <Route path="/checkout/success" element={<PaymentSuccessPage />} />
          <Route path="/order-confirmation" element={<OrderConfirmationPage />} />
        </Routes>
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('link', { name: 'Order confirmation' }));
    await screen.findByRole('heading', { level: 1, name: 'Order Confirmed' });
    expect(rows(container.querySelector('dl')!)).toEqual(['Subtotal GH₵ 770.00', 'Pickup GH₵ 0.00', 'VAT GH₵ 64.00', 'Total GH₵ 834.00']);
  });

  it('the order page lists the same parts', async () => {
    render(
      <MemoryRouter initialEntries={['/orders/45']}>
        <Routes><Route path="/orders/:orderId" element={<OrderDetailPage />} /></Routes>
      </MemoryRouter>,
    );
    const summary = (await screen.findByRole('heading', { name: 'Order Summary' })).parentElement!;
    expect(rows(summary.querySelector('dl')!)).toEqual(['Subtotal GH₵ 770.00', 'Pickup GH₵ 0.00', 'VAT GH₵ 64.00', 'Total GH₵ 834.00']);
  });
});
