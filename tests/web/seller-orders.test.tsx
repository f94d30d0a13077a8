import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localDb } from '../../src/local/db';
import { saveSession } from '../../src/local/session';
import { paginate } from '../../src/shared/pagination';
import type { SellerOrder } from '../../src/shared/schemas/sellers';

const get = vi.fn();
vi.mock('../../src/web/lib/api', async () => {
  const { callThrough } = await import('../support/call-through');
  const verbs = { get: (...args: unknown[]) => get(...args) };
  return { api: { ...verbs, call: callThrough(verbs, { query: 'searchParams' }) } };
});
const { default: SellerOrdersPage } = await import('../../src/web/pages/sellers/SellerOrdersPage');

const order: SellerOrder = {
  id: 12, orderNumber: 'ORD-2026-000012', createdAt: '2026-11-22T09:00:00.000Z', status: 'PROCESSING', paymentStatus: 'PAID', buyerName: 'Esi',
  pickupWarehouse: 'Tamale Warehouse', sellerTotal: 60, currency: 'GHS',
  items: [
    { id: 31, productId: 5, productName: 'Puna yam', quantity: 2, unitPrice: 20, total: 40, atWarehouseAt: '2026-11-22T10:00:00.000Z' },
    { id: 32, productId: 6, productName: 'Shea butter', quantity: 1, unitPrice: 20, total: 20, atWarehouseAt: null },
  ],
};

beforeEach(async () => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  get.mockReset();
  get.mockResolvedValue({ data: [order], pagination: paginate(1, 10, 1) });
  await Promise.all([localDb.outbox.clear(), localDb.meta.clear(), localDb.session.clear()]);
  await saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: 9, firstName: 'Kofi', lastName: 'Boateng', email: 'kofi@example.com', userType: 'SELLER', profileImage: null, passwordChangedAt: null } });
});
afterEach(cleanup);

describe('SellerOrdersPage', () => {
  it('shows the seller\'s lines with the buyer\'s first name, filters by state, and marks a line through the outbox', async () => {
    render(<MemoryRouter><SellerOrdersPage /></MemoryRouter>);
    await screen.findByText('ORD-2026-000012');
    expect(screen.getByText('Buyer: Esi · Pickup: Tamale Warehouse')).toBeTruthy();
    expect(screen.getAllByText('At the warehouse')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Mark Shea butter at the warehouse' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, it is there' }));
    await waitFor(async () => expect(await localDb.outbox.count()).toBe(1));
    expect(await localDb.outbox.toArray()).toEqual([expect.objectContaining({ method: 'PUT', path: 'sellers/me/orders/12/items/32/at-warehouse', status: 'pending' })]);
    // Shown at once, before the server has it.
    await waitFor(() => expect(screen.getAllByText('At the warehouse')).toHaveLength(2));

    fireEvent.change(screen.getByLabelText('State'), { target: { value: 'SHIPPED' } });
    await waitFor(() => expect(get).toHaveBeenLastCalledWith('sellers/me/orders', { searchParams: { page: '1', status: 'SHIPPED' } }));
  });

  // Issue 37: "Mark at the warehouse" texted the buyer a pickup code with one tap and no confirmation.
  it('asks before a mark: one tap queues nothing and names the depot; "Not yet" leaves the line as it was', async () => {
    render(<MemoryRouter><SellerOrdersPage /></MemoryRouter>);
    await screen.findByText('ORD-2026-000012');
    fireEvent.click(screen.getByRole('button', { name: 'Mark Shea butter at the warehouse' }));
    expect(screen.getByText('Is Shea butter at Tamale Warehouse now? Once every line of the order is there, the buyer is texted a pickup code.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Not yet' }));
    await screen.findByRole('button', { name: 'Mark Shea butter at the warehouse' });
    expect(await localDb.outbox.count()).toBe(0);
    expect(screen.getAllByText('At the warehouse')).toHaveLength(1);
  });

  // Issue 37: collected lines still read "At the warehouse".
  it("a collected order's lines read Collected, not At the warehouse", async () => {
    const collected = { ...order, status: 'DELIVERED', items: order.items.map((i) => ({ ...i, atWarehouseAt: '2026-11-22T10:00:00.000Z' })) } as SellerOrder;
    get.mockResolvedValue({ data: [collected], pagination: paginate(1, 10, 1) });
    render(<MemoryRouter><SellerOrdersPage /></MemoryRouter>);
    await screen.findByText('ORD-2026-000012');
    expect(screen.queryByText('At the warehouse')).toBeNull();
    expect(screen.getAllByText('Collected').length).toBeGreaterThanOrEqual(2);
  });

  it('offers a 44 px "Undo" after marking: an unsent mark is dropped, a sent one is undone on the server', async () => {
    render(<MemoryRouter><SellerOrdersPage /></MemoryRouter>);
    await screen.findByText('ORD-2026-000012');
    const mark = screen.getByRole('button', { name: 'Mark Shea butter at the warehouse' });
    // Tall enough to hit with a thumb (44 px: Tailwind's min-h-11), not the old 26 px text-xs button.
    expect(mark.className).toContain('min-h-11');
    fireEvent.click(mark);
    fireEvent.click(screen.getByRole('button', { name: 'Yes, it is there' }));
    await waitFor(async () => expect(await localDb.outbox.count()).toBe(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Undo: Shea butter not at the warehouse' }));
    // The mark never left the phone, so nothing needs telling the server.
    await waitFor(async () => expect(await localDb.outbox.count()).toBe(0));
    await screen.findByRole('button', { name: 'Mark Shea butter at the warehouse' });

    // The yam's mark is on the server already: its undo goes out as a DELETE.
    const undo = screen.getByRole('button', { name: 'Undo: Puna yam not at the warehouse' });
    expect(undo.className).toContain('min-h-11');
    fireEvent.click(undo);
    await waitFor(async () => expect(await localDb.outbox.toArray()).toEqual([expect.objectContaining({ method: 'DELETE', path: 'sellers/me/orders/12/items/31/at-warehouse', status: 'pending' })]));
    await screen.findByRole('button', { name: 'Mark Puna yam at the warehouse' });
  });

  it('offers no undo once the order is ready for pickup', async () => {
    get.mockResolvedValue({ data: [{ ...order, status: 'SHIPPED' }], pagination: paginate(1, 10, 1) });
    render(<MemoryRouter><SellerOrdersPage /></MemoryRouter>);
    await screen.findByText('ORD-2026-000012');
    expect(screen.getAllByText('Ready for pickup').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /^Undo/ })).toBeNull();
  });
});
