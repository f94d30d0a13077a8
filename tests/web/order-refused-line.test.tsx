import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb } from '../../src/local/db';
import { saveSession } from '../../src/local/session';
import type { OrderDetail } from '../../src/shared/schemas/orders';
import { callThrough } from '../support/call-through';
import { inLocale } from '../support/pseudo-locale';

/**
 * Issue 41 items 1 and 4: a line refused at the warehouse check, or at the pickup counter (undecided,
 * refunded, released), reads its state on the buyer's order page, in English and in Twi, the
 * cedis through the one formatter. The order is the server's answer as the phone keeps it.
 */
const get = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
vi.mock('../../src/web/lib/api', () => ({ api: { call: callThrough(() => ({ get })), get: (...args: unknown[]) => get(...(args as [])), post: vi.fn() } }));
const { default: OrderDetailPage } = await import('../../src/web/pages/orders/OrderDetailPage');

const EMAIL = 'efua@example.com';
beforeEach(async () => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  await Promise.all([localDb.orders.clear(), localDb.outbox.clear(), localDb.session.clear()]);
  await saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: 3, firstName: 'Efua', lastName: 'Quaye', email: EMAIL, userType: 'CUSTOMER', profileImage: null, passwordChangedAt: null } });
});
afterEach(async () => {
  cleanup();
  await inLocale('en');
});

type Item = OrderDetail['items'][number];
const item = (id: number, name: string, totalPrice: number, over: Partial<Item>): Item => ({
  id, quantity: 1, unitPrice: totalPrice, totalPrice, product: { id, name, sku: `AKM-0000${id}`, imagesUrls: [], review: null }, check: null, refusal: null, ...over,
});
const failedCheck = { result: 'FAIL' as const, grade: null, moisturePct: null, at: '2026-11-21T09:05:00.000Z', warehouse: 'Techiman' };

async function keepOrder() {
  const address = { name: 'Kumasi Central Warehouse', street: 'Adum, Kumasi', city: 'Kumasi', region: 'Ashanti', postalCode: null, country: 'Ghana' };
  const order: OrderDetail = {
    id: 7, orderNumber: 'ORD-2026-000007', createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z', deliveredAt: null, estimatedDelivery: '2026-11-23T10:00:00.000Z',
    reservationExpiresAt: null, status: 'SHIPPED', currency: 'GHS', subtotal: 4_165.5, discountAmount: 0, shippingCost: 0, taxAmount: 0, totalAmount: 4_165.5,
    shippingAddress: address, billingAddress: address, shippingMethod: 'Warehouse pickup', trackingNumber: 'ORD-2026-000007', trackingUrl: '', notes: null, agentCode: null,
    paymentMethod: 'MOBILE_MONEY', paymentStatus: 'PAID', mobileMoney: { network: 'MTN', phoneNumber: '0241234567' }, transactionId: null, paymentReference: 'PSK-1', paymentDate: null,
    statusHistory: [], customer: { phoneNumber: null, user: { firstName: 'Efua', lastName: 'Quaye', email: EMAIL } },
    items: [
      item(1, 'Yams', 1_250, { check: failedCheck, refusal: { at: 'CHECK', reason: 'Soft and rotten', readings: null, outcome: 'REFUND', refunded: 1_250, photoUrl: '/media/products/aaaaaaaaaaaaaaaaaaaaaaaa/640.webp' } }),
      item(2, 'White maize', 40, { check: failedCheck, refusal: { at: 'CHECK', reason: null, readings: { moisturePct: 16.2, foreignMatterPct: 1 }, outcome: 'REFUND', refunded: 40 } }),
      item(3, 'Tomatoes', 30.5, { refusal: { at: 'PICKUP', reason: 'Crushed in the crate', readings: null, outcome: null, refunded: null } }),
      item(4, 'Plantain', 20, { refusal: { at: 'PICKUP', reason: 'Not ripe as described', readings: null, outcome: 'REFUND', refunded: 20 } }),
      item(5, 'Onions', 25, { refusal: { at: 'PICKUP', reason: 'Too small', readings: null, outcome: 'RELEASE', refunded: null } }),
      item(6, 'Garden eggs', 2_800, {}),
      item(7, 'White maize', 80, { check: { result: 'PASS', grade: 'Grade 1', moisturePct: 12, at: '2026-11-21T09:00:00.000Z', warehouse: 'Techiman', photoUrl: '/media/products/bbbbbbbbbbbbbbbbbbbbbbbb/640.webp' } }),
    ],
    pickupCode: '048213', canCancel: false, refund: null,
  };
  await localDb.orders.put({ id: 7, orderNumber: order.orderNumber, createdAt: order.createdAt, data: { id: 7, owner: 3 }, detail: order });
}

const renderOrder = () =>
  render(
    <MemoryRouter initialEntries={['/orders/7']}>
      <Routes><Route path="/orders/:orderId" element={<OrderDetailPage />} /></Routes>
    </MemoryRouter>,
  );

describe('a refused line on the buyer’s order page', () => {
  it('reads its state in English: refused at the check and refunded, or at pickup, waiting, refunded or released', async () => {
    await keepOrder();
    renderOrder();
    await screen.findByText('Refused at the warehouse check: Soft and rotten, GH₵ 1,250.00 refunded');
    screen.getByText('Refused at the warehouse check: moisture 16.2%, foreign matter 1.0%, above every grade’s limits, GH₵ 40.00 refunded');
    screen.getByText('Refused at pickup: Crushed in the crate. Its GH₵ 30.50 stays held while the operator decides, within 48 hours');
    screen.getByText('Refused at pickup: Not ripe as described, GH₵ 20.00 refunded');
    screen.getByText('Refused at pickup: Too small. The operator decided the seller is paid for it');
    // The refusal replaces the check's line; an unrefused line reads nothing of it.
    expect(screen.queryByText(/Failed the check at/)).toBeNull();
    expect(screen.queryAllByText(/^Refused/)).toHaveLength(5);
    // The photos staff took: on the refused yams, and on the checked maize; none elsewhere.
    expect((screen.getByAltText('Photo of Yams taken at the warehouse') as HTMLImageElement).getAttribute('src')).toBe('/media/products/aaaaaaaaaaaaaaaaaaaaaaaa/640.webp');
    expect((screen.getByAltText('Photo of White maize taken at the warehouse') as HTMLImageElement).getAttribute('src')).toBe('/media/products/bbbbbbbbbbbbbbbbbbbbbbbb/640.webp');
    expect(screen.getAllByAltText(/taken at the warehouse/)).toHaveLength(2);
  });

  it('reads it in Twi, the cedis written the same way', async () => {
    await inLocale('ak');
    await keepOrder();
    renderOrder();
    await screen.findByText('Wɔpoe wɔ adekoradan nhwehwɛmu no ase: Soft and rotten; yɛde GH₵ 1,250.00 asan ama wo');
    screen.getByText('Wopoe wɔ baabi a wogye nneɛma: Crushed in the crate. Yɛkura ne GH₵ 30.50 kosi sɛ yɛn adwumayɛfo bɛsi gyinae, nnɔnhwerew 48 mu');
    screen.getByText('Wopoe wɔ baabi a wogye nneɛma: Too small. Yɛn adwumayɛfo asi gyinae sɛ yɛbɛtua ɔdetɔnfo no ka');
  });
});
