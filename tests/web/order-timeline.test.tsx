import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/local/api';
import { localDb } from '../../src/local/db';
import { saveSession } from '../../src/local/session';
import { formatDateTime } from '../../src/shared/dates';
import type { OrderDetail } from '../../src/shared/schemas/orders';
import type { SellerOrder } from '../../src/shared/schemas/sellers';
import type { OrderConsignment } from '../../src/shared/schemas/transport';
import { paginate } from '../../src/shared/pagination';
import { callThrough } from '../support/call-through';
import { inLocale, untranslated } from '../support/pseudo-locale';

/**
 * Issue 40 item 6: the buyer's order shows each consignment's timeline from the phone's copy,
 * with no network, in the reader's language; the seller's orders show the same for their lines.
 */
const get = vi.fn();
vi.mock('../../src/web/lib/api', () => ({ api: { call: callThrough(() => ({ get })), get: (...args: unknown[]) => get(...args), post: vi.fn() } }));
const { default: OrderDetailPage } = await import('../../src/web/pages/orders/OrderDetailPage');
const { default: SellerOrdersPage } = await import('../../src/web/pages/sellers/SellerOrdersPage');
const { default: TrackOrderPage } = await import('../../src/web/pages/orders/TrackOrderPage');

const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
beforeEach(async () => {
  setOnline(false);
  get.mockReset();
  get.mockRejectedValue(new TypeError('Failed to fetch'));
  await Promise.all([localDb.orders.clear(), localDb.outbox.clear(), localDb.session.clear(), localDb.meta.clear()]);
});
afterEach(async () => {
  cleanup();
  setOnline(true);
  await inLocale('en');
});

const signIn = (id: number, userType: 'CUSTOMER' | 'SELLER') =>
  saveSession({ accessToken: 'a', refreshToken: 'r', user: { id, firstName: 'Efua', lastName: 'Quaye', email: 'efua@example.com', userType, profileImage: null, passwordChangedAt: null } });

const at = (hour: number) => `2026-11-21T${String(hour).padStart(2, '0')}:15:00.000Z`;
const onTheRoad = (towns = { from: 'Tamale', to: 'Accra' }, over: Partial<OrderConsignment> = {}): OrderConsignment => ({
  id: 4, status: 'IN_TRANSIT', fee: 41.55, expectedReadyAt: '2026-11-24T10:00:00.000Z',
  fromWarehouse: { id: 3, name: 'Tamale Depot', town: towns.from }, toWarehouse: { id: 1, name: 'Accra Hub', town: towns.to },
  events: [
    { type: 'AT_ORIGIN', at: at(8), place: towns.from },
    { type: 'ACCEPTED', at: at(9), place: towns.from },
    { type: 'COLLECTED', at: at(10), place: towns.from, carrier: { firstName: 'Kwame' } },
    { type: 'POSITION', at: at(11), place: towns.from },
    { type: 'POSITION', at: at(12), place: towns.from },
    { type: 'POSITION', at: at(16), place: 'Kintampo' },
  ],
  ...over,
});

function detail(over: Partial<OrderDetail>): OrderDetail {
  const address = { name: 'Accra Hub', street: 'Spintex Road, Accra', city: 'Accra', region: 'Greater Accra', postalCode: null, country: 'Ghana' };
  return {
    id: 7, orderNumber: 'ORD-2026-000007', createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z', deliveredAt: null, estimatedDelivery: '2026-11-24T10:00:00.000Z',
    reservationExpiresAt: null, status: 'PROCESSING', currency: 'GHS', subtotal: 40, discountAmount: 0, shippingCost: 0, taxAmount: 0, totalAmount: 81.55, transportTotal: 41.55,
    shippingAddress: address, billingAddress: address, shippingMethod: 'Warehouse pickup', trackingNumber: 'ORD-2026-000007', trackingUrl: '', notes: null, agentCode: null,
    paymentMethod: 'MOBILE_MONEY', paymentStatus: 'PAID', mobileMoney: { network: 'MTN', phoneNumber: '0241234567' }, transactionId: null, paymentReference: 'PSK-1', paymentDate: null,
    statusHistory: [], customer: { phoneNumber: null, user: { firstName: 'Efua', lastName: 'Quaye', email: 'efua@example.com' } }, items: [],
    pickupCode: null, canCancel: false, refund: null, consignments: [onTheRoad()], ...over,
  };
}
async function keep(order: OrderDetail) {
  await signIn(3, 'CUSTOMER');
  await localDb.orders.put({ id: order.id, orderNumber: order.orderNumber, createdAt: order.createdAt, data: { id: order.id, owner: 3 }, detail: order } as never);
}
const orderPage = () =>
  render(
    <MemoryRouter initialEntries={['/orders/7']}>
      <Routes><Route path="/orders/:orderId" element={<OrderDetailPage />} /></Routes>
    </MemoryRouter>,
  );

describe("the buyer's consignment timeline", () => {
  it('shows from the phone’s copy, with no network: route, stage, each step with its town and time, a run of positions near one town once', async () => {
    await keep(detail({}));
    orderPage();
    const timeline = await screen.findByTestId('consignments');
    expect(within(timeline).getByRole('heading', { name: 'Your goods on the way' })).toBeTruthy();
    expect(within(timeline).getByRole('heading', { name: 'From Tamale to Accra' })).toBeTruthy();
    expect(within(timeline).getByText('On the way to Accra')).toBeTruthy();
    expect(within(timeline).getByText('Expected at Accra by 24 Nov 2026')).toBeTruthy();
    const shown = within(within(timeline).getByRole('list', { name: 'What happened so far' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(shown).toEqual([
      `Dropped off at Tamale${formatDateTime(at(8))}`,
      `A transporter took the load at Tamale${formatDateTime(at(9))}`,
      `Collected at Tamale by Kwame${formatDateTime(at(10))}`,
      `On the way, near Tamale${formatDateTime(at(12))}`,
      `On the way, near Kintampo${formatDateTime(at(16))}`,
    ]);
    expect(get).not.toHaveBeenCalled();
  });

  it('ends with ready for pickup once the goods arrived and the order is ready', async () => {
    const arrived = onTheRoad(undefined, { status: 'ARRIVED' });
    arrived.events.push({ type: 'ARRIVED', at: at(20), place: 'Accra' });
    await keep(detail({ status: 'SHIPPED', pickupCode: '048213', consignments: [arrived], statusHistory: [{ id: 9, status: 'SHIPPED', createdAt: at(20), notes: null, icon: 'warehouse' }] as OrderDetail['statusHistory'] }));
    orderPage();
    const timeline = await screen.findByTestId('consignments');
    expect(within(timeline).queryByText(/Expected at/)).toBeNull();
    const shown = within(within(timeline).getByRole('list', { name: 'What happened so far' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(shown.slice(-2)).toEqual([`Arrived at Accra${formatDateTime(at(20))}`, `Ready for pickup${formatDateTime(at(20))}`]);
  });

  it('shows on tracking by number too, from the phone’s copy with no network', async () => {
    await keep(detail({}));
    get.mockRejectedValue(new ApiError('No network', 0, 'network'));
    render(<MemoryRouter initialEntries={['/track-order?orderNumber=ORD-2026-000007']}><TrackOrderPage /></MemoryRouter>);
    const timeline = await screen.findByTestId('consignments');
    expect(within(timeline).getByText('Collected at Tamale by Kwame')).toBeTruthy();
    expect(within(timeline).getByText('On the way to Accra')).toBeTruthy();
  });

  it('is in Twi for a Twi reader, and every word of it comes from the catalogue', async () => {
    await keep(detail({}));
    await inLocale('ak');
    orderPage();
    const timeline = await screen.findByTestId('consignments');
    expect(within(timeline).getByText('Ɛwɔ kwan so rekɔ Accra')).toBeTruthy();
    expect(within(timeline).getByText('Kwame abegye wɔ Tamale')).toBeTruthy();
    cleanup();

    // With the carrier's vehicle (their profile's): "with a truck", in Twi too, from the catalogue.
    const withTruck = onTheRoad(undefined, { events: onTheRoad().events.map((e) => (e.type === 'COLLECTED' ? { ...e, carrier: { firstName: 'Kwame', vehicleType: 'TRUCK' as const } } : e)) });
    await keep(detail({ consignments: [withTruck] }));
    orderPage();
    expect(within(await screen.findByTestId('consignments')).getByText('Kwame de lɔre abegye wɔ Tamale')).toBeTruthy();
    cleanup();
    await inLocale('en');
    orderPage();
    expect(within(await screen.findByTestId('consignments')).getByText('Collected at Tamale by Kwame with a truck')).toBeTruthy();
    cleanup();
    await inLocale('ak');

    await keep(detail({ consignments: [onTheRoad({ from: '⟦Tamale⟧', to: '⟦Accra⟧' }, { events: [...onTheRoad({ from: '⟦Tamale⟧', to: '⟦Accra⟧' }).events.slice(0, 2), { type: 'COLLECTED', at: at(10), place: '⟦Tamale⟧', carrier: { firstName: '⟦Kwame⟧' } }, { type: 'POSITION', at: at(16), place: '⟦Kintampo⟧' }, { type: 'MILESTONE', at: at(17), place: null }] })] }));
    await inLocale('pseudo');
    orderPage();
    expect(untranslated(await screen.findByTestId('consignments'))).toEqual([]);
  });
});

describe("the seller's consignment timeline", () => {
  it('shows the journey of their lines from the last copy, offline, and no mark button for lines the staff count in', async () => {
    const order: SellerOrder = {
      id: 12, orderNumber: 'ORD-2026-000012', createdAt: '2026-11-20T09:00:00.000Z', status: 'PROCESSING', paymentStatus: 'PAID', buyerName: 'Esi',
      pickupWarehouse: 'Accra Hub', sellerTotal: 40, currency: 'GHS',
      items: [{ id: 31, productId: 5, productName: 'Puna yam', quantity: 2, unitPrice: 20, total: 40, atWarehouseAt: null }],
      consignments: [onTheRoad()],
    };
    await signIn(9, 'SELLER');
    setOnline(true);
    get.mockResolvedValue({ data: [order], pagination: paginate(1, 10, 1) });
    render(<MemoryRouter><SellerOrdersPage /></MemoryRouter>);
    await screen.findByText('ORD-2026-000012');
    cleanup();

    // The network gone: the last copy, with its timeline.
    get.mockReset();
    get.mockRejectedValue(new ApiError('No network', 0, 'network'));
    render(<MemoryRouter><SellerOrdersPage /></MemoryRouter>);
    await screen.findByText('Offline: these are the orders from your last visit.');
    const timeline = screen.getByTestId('consignments');
    expect(within(timeline).getByText('Collected at Tamale by Kwame')).toBeTruthy();
    expect(within(timeline).getByText('On the way to Accra')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark Puna yam at the warehouse' })).toBeNull();
  });
});
