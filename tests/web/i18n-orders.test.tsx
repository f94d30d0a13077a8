import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb } from '../../src/local/db';
import { saveSession } from '../../src/local/session';
import type { OrderDetail, OrderListItem, TrackedOrder } from '../../src/shared/schemas/orders';
import { inLocale, untranslated } from '../support/pseudo-locale';
import { callThrough } from '../support/call-through';

configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 30_000 });

const get = vi.fn();
vi.mock('../../src/web/lib/api', () => ({ api: { call: callThrough(() => ({ get })), get: (...args: unknown[]) => get(...args), post: vi.fn() } }));
const { default: OrdersPage } = await import('../../src/web/pages/orders/OrdersPage');
const { default: OrderDetailPage } = await import('../../src/web/pages/orders/OrderDetailPage');
const { default: TrackOrderPage } = await import('../../src/web/pages/orders/TrackOrderPage');
const { default: OrderConfirmationPage } = await import('../../src/web/pages/orders/OrderConfirmationPage');

/**
 * Issue 27, the orders, an order and tracking: drawn only from the catalogue (the
 * pseudo-locale), and in Twi. Names of products, warehouses and people are data: bracketed.
 */
const EMAIL = 'efua@example.com';
const listItem = (id: number, over: Partial<OrderListItem> = {}): OrderListItem => ({
  id, orderNumber: `ORD-2026-00000${id}`, createdAt: `2026-11-2${id}T10:00:00.000Z`, status: 'PENDING', paymentStatus: 'PENDING', totalAmount: 36, currency: 'GHS',
  itemCount: 3, itemsSummary: [{ productName: '⟦Fresh Tomatoes⟧', quantity: 3 }], hasMoreItems: true, previewImage: null, ...over,
});
const address = { name: '⟦Kumasi Central Warehouse⟧', street: '⟦Adum⟧', city: '⟦Kumasi⟧', region: 'Ashanti', postalCode: null, country: 'Ghana' };
const detail = (over: Partial<OrderDetail>): OrderDetail => ({
  id: 7, orderNumber: 'ORD-2026-000007', createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z', deliveredAt: '2026-11-22T10:00:00.000Z', estimatedDelivery: '2026-11-23T10:00:00.000Z',
  reservationExpiresAt: null, status: 'PROCESSING', currency: 'GHS', subtotal: 40, discountAmount: 4, shippingCost: 0, taxAmount: 0, totalAmount: 36,
  shippingAddress: address, billingAddress: address, shippingMethod: 'Warehouse pickup', trackingNumber: 'ORD-2026-000007', trackingUrl: '', notes: null, agentCode: null,
  paymentMethod: 'MOBILE_MONEY', paymentStatus: 'PAID', mobileMoney: { network: 'MTN', phoneNumber: '0241234567' }, transactionId: null, paymentReference: 'PSK-1', paymentDate: '2026-11-20T10:05:00.000Z',
  statusHistory: [
    { id: 1, status: 'ORDER_PLACED', createdAt: '2026-11-20T10:00:00.000Z', notes: null },
    { id: 2, status: 'PAYMENT_CONFIRMED', createdAt: '2026-11-20T10:05:00.000Z', notes: null },
  ],
  customer: { phoneNumber: null, user: { firstName: '⟦Efua⟧', lastName: '⟦Quaye⟧', email: EMAIL } },
  items: [{ id: 1, quantity: 2, unitPrice: 20, totalPrice: 40, product: { id: 5, name: '⟦Puna yam⟧', sku: 'YAM-1', imagesUrls: [], review: null } }],
  pickupCode: null, canCancel: true, refund: null, ...over,
} as OrderDetail);
const tracked = (status: TrackedOrder['status']): TrackedOrder => ({
  id: 9, orderNumber: 'ORD-2026-000009', status, paymentStatus: 'PAID', statusHistory: [], createdAt: '2026-11-20T10:00:00.000Z', currency: 'GHS', subtotal: 90, discountAmount: 0, shippingCost: 0, taxAmount: 0, totalAmount: 90,
  items: [{ productName: '⟦Puna yam⟧', productImage: null, quantity: 2, unitPrice: 45 }], paymentMethod: 'MOBILE_MONEY', customerName: '⟦Efua Quaye⟧',
  shippingAddress: { name: '⟦Accra Hub⟧', street: '⟦Spintex Road⟧', city: '⟦Accra⟧', region: 'Greater Accra', postalCode: null, country: 'Ghana' }, expectedDelivery: '2026-11-23T10:00:00.000Z', trackingUrl: '',
});

/** Kept on the phone as the signed-in account's (id 3, below): rows are filed under the account id. */
async function keep(order: OrderDetail | OrderListItem) {
  const full = 'items' in order ? order : undefined;
  await localDb.orders.put({ id: order.id, orderNumber: order.orderNumber, createdAt: order.createdAt, data: { ...(full ? listItem(order.id) : order), owner: ACCOUNT_ID }, detail: full } as never);
}
const ACCOUNT_ID = 3;
const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

beforeEach(async () => {
  setOnline(false);
  get.mockReset();
  get.mockRejectedValue(new TypeError('Failed to fetch'));
  await Promise.all([localDb.orders.clear(), localDb.outbox.clear(), localDb.session.clear()]);
  await saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: ACCOUNT_ID, firstName: 'Efua', lastName: 'Quaye', email: EMAIL, userType: 'CUSTOMER', profileImage: null, passwordChangedAt: null } });
});
afterEach(async () => {
  cleanup();
  setOnline(true);
  await inLocale('en');
});

const orderPage = () =>
  render(
    <MemoryRouter initialEntries={['/orders/7']}>
      <Routes><Route path="/orders/:orderId" element={<OrderDetailPage />} /></Routes>
    </MemoryRouter>,
  );

describe('orders from the catalogue', () => {
  it('draws the orders list offline only from the catalogue (pseudo-locale)', async () => {
    for (let id = 1; id <= 3; id++) await keep(listItem(id, id === 2 ? { status: 'SHIPPED', paymentStatus: 'PAID' } : {}));
    await inLocale('pseudo');
    const { container } = render(<MemoryRouter initialEntries={['/orders']}><OrdersPage /></MemoryRouter>);
    expect(await screen.findAllByRole('listitem')).toHaveLength(3);
    expect(untranslated(container)).toEqual([]);
  });

  it('draws an order in each state, its updates, the cancel and the refund only from the catalogue (pseudo-locale)', async () => {
    await inLocale('pseudo');
    const states: Partial<OrderDetail>[] = [
      {},
      { status: 'SHIPPED', pickupCode: '048213', canCancel: false, notes: '⟦Saturday⟧' },
      { status: 'DELIVERED', canCancel: false },
      { status: 'CANCELLED', canCancel: false, paymentStatus: 'REFUNDED', refund: { status: 'COMPLETED', amount: 36, completedAt: '2026-11-21T10:00:00.000Z' } as OrderDetail['refund'] },
    ];
    for (const over of states) {
      await keep(detail(over));
      const { container } = orderPage();
      await screen.findByRole('heading', { level: 1, name: /ORD-2026-000007/ });
      if (over.canCancel !== false) fireEvent.click(screen.getByRole('button', { name: /Çàñçél ördér/ }));
      expect(untranslated(container)).toEqual([]);
      fireEvent.click(screen.getByRole('tab', { name: /Štàtüš Üpdàtéš/ }));
      expect(untranslated(container)).toEqual([]);
      cleanup();
    }
  });

  it('draws the missing order, and tracking, only from the catalogue (pseudo-locale)', async () => {
    await inLocale('pseudo');
    const missing = orderPage();
    await screen.findByRole('heading', { level: 1 });
    expect(untranslated(missing.container)).toEqual([]);
    cleanup();
    setOnline(true);
    get.mockResolvedValue({ data: tracked('SHIPPED') });
    const track = render(<MemoryRouter initialEntries={['/track-order?orderNumber=ORD-2026-000009']}><TrackOrderPage /></MemoryRouter>);
    await screen.findByRole('heading', { level: 2, name: 'ORD-2026-000009' });
    expect(untranslated(track.container)).toEqual([]);
  });

  it('draws the order confirmation, and its empty state, only from the catalogue (pseudo-locale)', async () => {
    await inLocale('pseudo');
    const order = {
      orderNumber: 'ORD-2026-000007', date: '2026-11-20T10:00:00.000Z', status: 'PROCESSING', trackingNumber: 'ORD-2026-000007', estimatedDelivery: '2026-11-23T10:00:00.000Z',
      items: [{ name: '⟦Puna yam⟧', quantity: 2, price: 20 }], total: 40, totals: { goods: 4000, vat: 0, pickup: 0 }, paymentMethod: 'mobileMoney', paymentDetails: { mobileMoney: { network: 'MTN', phoneNumber: '0241234567' } },
    };
    const shown = render(<MemoryRouter initialEntries={[{ pathname: '/order-confirmation', state: { order } }]}><OrderConfirmationPage /></MemoryRouter>);
    await screen.findByRole('heading', { level: 1 });
    expect(untranslated(shown.container)).toEqual([]);
    cleanup();
    const none = render(<MemoryRouter initialEntries={['/order-confirmation']}><OrderConfirmationPage /></MemoryRouter>);
    await screen.findByRole('heading', { level: 1 });
    expect(untranslated(none.container)).toEqual([]);
  });

  it("reads the history's notes, which the server writes in English, in Twi", async () => {
    await keep(detail({
      status: 'DELIVERED', canCancel: false,
      statusHistory: [
        { id: 1, status: 'ORDER_PLACED', createdAt: '2026-11-20T10:00:00.000Z', notes: null },
        { id: 2, status: 'PAYMENT_CONFIRMED', createdAt: '2026-11-20T10:05:00.000Z', notes: 'Paid GH₵ 36.00 by mobile money (reference PSK-1)' },
        { id: 3, status: 'SHIPPED', createdAt: '2026-11-21T10:00:00.000Z', notes: 'Ready for pickup at ⟦Kumasi Central Warehouse⟧.' },
        { id: 4, status: 'DELIVERED', createdAt: '2026-11-22T10:00:00.000Z', notes: 'Collected at ⟦Kumasi Central Warehouse⟧ with the pickup code.' },
      ],
    } as Partial<OrderDetail>));
    await inLocale('ak');
    orderPage();
    await screen.findByRole('heading', { level: 1, name: 'Adetɔ ORD-2026-000007' });
    fireEvent.click(screen.getByRole('tab', { name: 'Sɛnea ɛrekɔ' }));
    expect(screen.getByText('Woatua GH₵ 36.00 wɔ mobile money so (reference PSK-1)')).toBeTruthy();
    expect(screen.getByText('Ayɛ krado: kɔgye wɔ ⟦Kumasi Central Warehouse⟧.')).toBeTruthy();
    expect(screen.getByText('Wode wo gye kood gyee wɔ ⟦Kumasi Central Warehouse⟧.')).toBeTruthy();
    expect(screen.queryByText(/Paid|Ready for pickup|Collected at/)).toBeNull();
  });

  it('shows an order in Twi: its state, pickup code, dates in Twi months and the money as in English', async () => {
    await keep(detail({ status: 'SHIPPED', pickupCode: '048213', canCancel: false }));
    await inLocale('ak');
    orderPage();
    await screen.findByRole('heading', { level: 1, name: 'Adetɔ ORD-2026-000007' });
    expect(screen.getByText('Ayɛ krado: kɔgye wɔ ⟦Kumasi Central Warehouse⟧')).toBeTruthy();
    expect(screen.getByText('Wotɔɔ no 20 Obubuo 2026, 10:00')).toBeTruthy();
    expect(screen.getAllByText('Ayɛ krado: kɔgye').length).toBeGreaterThan(0);
    expect(screen.getByText('Ne nyinaa').nextElementSibling?.textContent).toBe('GH₵ 36.00');
  });
});
