import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/local/api';
import { localDb } from '../../src/local/db';
import { saveSession } from '../../src/local/session';
import type { LineToReceive } from '../../src/shared/schemas/transport';

/** Issue 41: the warehouse screen's "Check" form per line, queued offline like the count-in. */
const get = vi.fn();
const post = vi.fn();
vi.mock('../../src/web/lib/api', async () => {
  const { callThrough } = await import('../support/call-through');
  const verbs = { get: (...args: unknown[]) => get(...args), post: (...args: unknown[]) => post(...args) };
  return { api: { ...verbs, call: callThrough(verbs, { query: 'searchParams' }) } };
});
const { default: WarehousePage } = await import('../../src/web/pages/warehouse/WarehousePage');

const maize: LineToReceive = { orderId: 7, orderNumber: 'AK-0007', itemId: 21, productName: 'White maize', quantity: 8, seller: 'Kofi Farms', consignmentId: 40, fromWarehouseId: 3, measured: true };
const yams: LineToReceive = { orderId: 7, orderNumber: 'AK-0007', itemId: 22, productName: 'Yams', quantity: 2, seller: 'Kofi Farms', consignmentId: 40, fromWarehouseId: 3, measured: false };

beforeEach(async () => {
  get.mockReset();
  post.mockReset();
  await Promise.all([localDb.meta.clear(), localDb.session.clear(), localDb.outbox.clear()]);
  await saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: 14, firstName: 'Ama', lastName: 'Staff', email: 'staff.tamale@akuafo.demo', userType: 'WAREHOUSE', warehouseId: 3, profileImage: null, passwordChangedAt: null } });
  get.mockImplementation(async (path: string) => (path.endsWith('/lines') ? { data: [maize, yams] } : { data: [] }));
});
afterEach(cleanup);

const lineItem = async (text: string) => (await screen.findByText(text)).closest('li') as HTMLElement;

describe('the Check form on the warehouse screen', () => {
  it('takes the readings of grains (the grade is the server’s) and queues the check offline', async () => {
    render(<MemoryRouter><WarehousePage /></MemoryRouter>);
    await lineItem('8 × White maize from Kofi Farms (order AK-0007)');
    // The network goes: the check is kept on the phone.
    get.mockRejectedValue(new ApiError('offline', 0, 'network'));
    const item = await lineItem('8 × White maize from Kofi Farms (order AK-0007)');
    fireEvent.click(within(item).getByRole('button', { name: 'Check' }));
    const form = within(item).getByRole('form', { name: 'Check White maize' });
    fireEvent.change(within(form).getByLabelText('Moisture (%)'), { target: { value: '12,4' } });
    fireEvent.change(within(form).getByLabelText('Foreign matter (%)'), { target: { value: '0.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record the check' }));
    await screen.findByText('Kept on this phone; sent when the network is back.');
    const [entry] = await localDb.outbox.toArray();
    expect(entry).toMatchObject({ entity: 'line-checked:7-21', method: 'POST', path: 'warehouse/orders/7/items/21/check', status: 'pending', body: { result: 'PASS', moisturePct: 12.4, foreignMatterPct: 0.5 } });
    expect(entry!.body).not.toHaveProperty('grade');
  });

  it('asks no readings of fresh produce, warns that a FAIL refunds the buyer, and sends the notes', async () => {
    render(<MemoryRouter><WarehousePage /></MemoryRouter>);
    const item = await lineItem('2 × Yams from Kofi Farms (order AK-0007)');
    fireEvent.click(within(item).getByRole('button', { name: 'Check' }));
    const form = within(item).getByRole('form', { name: 'Check Yams' });
    expect(within(form).queryByLabelText('Moisture (%)')).toBeNull();
    fireEvent.click(within(form).getByLabelText('Fail'));
    within(form).getByText('A failed line is refused: the buyer is refunded for it and the seller collects the goods here.');
    fireEvent.change(within(form).getByLabelText('Notes (what is wrong, when it fails)'), { target: { value: '  Soft and rotten  ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record the check' }));
    await screen.findByText('Kept on this phone; sent when the network is back.');
    const entries = await localDb.outbox.toArray();
    expect(entries.find((e) => e.entity === 'line-checked:7-22')).toMatchObject({ body: { result: 'FAIL', notes: 'Soft and rotten' } });
  });

  it('shows what the server refused of a check once replayed', async () => {
    render(<MemoryRouter><WarehousePage /></MemoryRouter>);
    await lineItem('2 × Yams from Kofi Farms (order AK-0007)');
    await localDb.outbox.add({ entity: 'line-checked:7-22', method: 'POST', path: 'warehouse/orders/7/items/22/check', body: { result: 'PASS' }, status: 'failed', error: 'This order line is handled by another warehouse.', createdAt: new Date().toISOString(), attempts: 1, idempotencyKey: 'k' } as never);
    await screen.findByText('This order line is handled by another warehouse.');
  });
});
