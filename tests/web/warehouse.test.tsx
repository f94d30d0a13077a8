import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/local/api';
import { localDb } from '../../src/local/db';
import { saveSession } from '../../src/local/session';
import { homeFor } from '../../src/web/pages/account/return-path';
import type { LineToReceive, StaffConsignment } from '../../src/shared/schemas/transport';

const get = vi.fn();
const post = vi.fn();
vi.mock('../../src/web/lib/api', async () => {
  const { callThrough } = await import('../support/call-through');
  const verbs = { get: (...args: unknown[]) => get(...args), post: (...args: unknown[]) => post(...args) };
  return { api: { ...verbs, call: callThrough(verbs, { query: 'searchParams' }) } };
});
const { default: WarehousePage } = await import('../../src/web/pages/warehouse/WarehousePage');

const place = (id: number, name: string) => ({ id, name, town: name.split(' ')[0]! });
const line: LineToReceive = { orderId: 7, orderNumber: 'AK-0007', itemId: 21, productName: 'Yams', quantity: 8, seller: 'Kofi Farms', consignmentId: 40, fromWarehouseId: 3 };
const consignment = (id: number, direction: 'OUTGOING' | 'INCOMING'): StaffConsignment => ({
  id, orderId: 7, orderNumber: `AK-00${id}`, status: direction === 'OUTGOING' ? 'AT_ORIGIN' : 'IN_TRANSIT', fromWarehouse: place(3, 'Tamale Depot'), toWarehouse: place(1, 'Accra Hub'), direction,
  weightKg: 120, lines: 2, linesReceived: 2, transporter: { name: 'Kwame Driver', phone: null, vehicleType: 'TRUCK', plateNumber: 'NR-2-26' }, expectedReadyAt: '2026-12-03T08:00:00.000Z',
});

const answers = (path: string, options?: { searchParams?: Record<string, string> }) => {
  if (path.endsWith('/lines')) return { data: [line] };
  return { data: options?.searchParams?.status === 'AT_ORIGIN' ? [consignment(40, 'OUTGOING')] : [consignment(52, 'INCOMING')] };
};

async function signInAs(userType: 'WAREHOUSE' | 'CUSTOMER') {
  await saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: 14, firstName: 'Ama', lastName: 'Staff', email: 'staff.tamale@akuafo.demo', userType, warehouseId: 3, profileImage: null, passwordChangedAt: null } });
}

beforeEach(async () => {
  get.mockReset();
  post.mockReset();
  await Promise.all([localDb.meta.clear(), localDb.session.clear(), localDb.outbox.clear()]);
});
afterEach(cleanup);

describe('WarehousePage', () => {
  it('opens from the mirror with no network, says when it was, and queues a Counted in', async () => {
    await signInAs('WAREHOUSE');
    get.mockImplementation(async (path: string, options?: { searchParams?: Record<string, string> }) => answers(path, options));
    render(<MemoryRouter><WarehousePage /></MemoryRouter>);
    await screen.findByText('8 × Yams from Kofi Farms (order AK-0007)');
    await screen.findByText('Order AK-0040: Tamale Depot to Accra Hub, 120 kg');
    await screen.findByText('Order AK-0052: Tamale Depot to Accra Hub, 120 kg');
    cleanup();

    get.mockRejectedValue(new ApiError('offline', 0, 'network'));
    render(<MemoryRouter><WarehousePage /></MemoryRouter>);
    // The lines, both loads' lists and the failed lots to hand back.
    expect(await screen.findAllByText(/^Offline: as of /)).toHaveLength(4);
    fireEvent.click(await screen.findByRole('button', { name: 'Counted in' }));
    await screen.findByText('Kept on this phone; sent when the network is back.');
    const [entry] = await localDb.outbox.toArray();
    expect(entry).toMatchObject({ entity: 'line-received:7-21', method: 'POST', path: 'warehouse/orders/7/items/21/received', status: 'pending' });
  });

  it('queues Collected with the code the transporter shows, and shows a refused code', async () => {
    await signInAs('WAREHOUSE');
    get.mockImplementation(async (path: string, options?: { searchParams?: Record<string, string> }) => answers(path, options));
    render(<MemoryRouter><WarehousePage /></MemoryRouter>);
    await screen.findByText('Order AK-0040: Tamale Depot to Accra Hub, 120 kg');
    const [outgoingCode] = screen.getAllByLabelText('Code the transporter shows');
    fireEvent.change(outgoingCode!, { target: { value: '481516' } });
    fireEvent.click(screen.getByRole('button', { name: 'Collected' }));
    await screen.findByText('Kept on this phone; sent when the network is back.');
    const [entry] = await localDb.outbox.toArray();
    expect(entry).toMatchObject({ entity: 'load-collected:40', path: 'warehouse/consignments/40/collected', body: { code: '481516' } });

    await localDb.outbox.update(entry!.seq!, { status: 'failed', error: 'That is not this load’s collection code. Ask the transporter to show the code of this load.' });
    await screen.findByText('That is not this load’s collection code. Ask the transporter to show the code of this load.');
  });

  it('tells another kind of account plainly that the page is for warehouse staff', async () => {
    await signInAs('CUSTOMER');
    render(<MemoryRouter><WarehousePage /></MemoryRouter>);
    await screen.findByText('This page is for warehouse staff. Your account is not a warehouse staff account.');
    expect(screen.queryByRole('button', { name: 'Counted in' })).toBeNull();
  });

  it('hands an order over at the pickup counter only with the network', async () => {
    await signInAs('WAREHOUSE');
    get.mockRejectedValue(new ApiError('offline', 0, 'network'));
    post.mockRejectedValueOnce(new ApiError('offline', 0, 'network')).mockResolvedValueOnce({ data: { id: 7, status: 'DELIVERED' } });
    render(<MemoryRouter><WarehousePage /></MemoryRouter>);
    fireEvent.change(await screen.findByLabelText('Order id'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Pickup code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hand over' }));
    await screen.findByText('The pickup needs the network: the server checks the code before the goods leave.');
    fireEvent.click(screen.getByRole('button', { name: 'Hand over' }));
    await screen.findByText('Order 7 was collected by its buyer.');
    expect(post.mock.calls[1]?.[0]).toContain('admin/orders/7/pickup');
    expect(await localDb.outbox.count()).toBe(0);
  });

  it('refuses a line at the pickup counter with a reason, after the clerk confirms, and only with the network', async () => {
    await signInAs('WAREHOUSE');
    get.mockImplementation(async (path: string, options?: { searchParams?: Record<string, string> }) => {
      if (path.endsWith('/pickup-lines')) return { data: [{ itemId: 21, productName: 'Yams', quantity: 8, refunded: false, refusal: post.mock.calls.length > 0 ? { id: 3, outcome: null } : null }] };
      return answers(path, options);
    });
    post.mockRejectedValueOnce(new ApiError('offline', 0, 'network')).mockResolvedValue({ data: { id: 3 } });
    render(<MemoryRouter><WarehousePage /></MemoryRouter>);
    fireEvent.change(await screen.findByLabelText('Order id'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show the order’s lines' }));
    await screen.findByText('8 × Yams');
    fireEvent.change(screen.getByLabelText('Why the buyer refuses it'), { target: { value: 'Rotten at the bottom' } });
    fireEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    await screen.findByText('Refuse 8 × Yams? Its money stays held until the operator decides.');
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, refuse it' }));
    await screen.findByText('Refusing a line needs the network, like the pickup.');
    fireEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, refuse it' }));
    await screen.findByText('Refused: the operator decides.');
    expect(post.mock.calls[1]?.[0]).toContain('warehouse/orders/7/items/21/refusal');
    expect(post.mock.calls[1]?.[1]).toEqual({ reason: 'Rotten at the bottom' });
    expect(await localDb.outbox.count()).toBe(0);
  });

  it('is where a staff account lands after signing in, unless a page was asked for', () => {
    expect(homeFor('WAREHOUSE', '/')).toBe('/warehouse');
    expect(homeFor('WAREHOUSE', '/orders/7')).toBe('/orders/7');
    expect(homeFor('TRANSPORTER', '/')).toBe('/transporter');
    expect(homeFor('CUSTOMER', '/')).toBe('/');
  });
});
