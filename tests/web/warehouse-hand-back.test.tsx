import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/local/api';
import { localDb } from '../../src/local/db';
import { saveSession } from '../../src/local/session';
import type { LotToReturn } from '../../src/shared/schemas/checks';
import type { LineToReceive } from '../../src/shared/schemas/transport';

/**
 * Issue 41 items 1 and 2 on the warehouse screen: a same-warehouse line reads "seller brought it
 * here" (no count-in, a check), a check's photo is queued before its check, and a failed lot is handed back to its seller with the code the
 * seller shows: only with the network, a wrong code told at once, nothing queued.
 */
const get = vi.fn();
const post = vi.fn();
vi.mock('../../src/web/lib/api', async () => {
  const { callThrough } = await import('../support/call-through');
  const verbs = { get: (...args: unknown[]) => get(...args), post: (...args: unknown[]) => post(...args), form: (...args: unknown[]) => post(...args) };
  return { api: { ...verbs, call: callThrough(verbs, { query: 'searchParams' }) } };
});
const { default: WarehousePage } = await import('../../src/web/pages/warehouse/WarehousePage');

const brought: LineToReceive = { orderId: 9, orderNumber: 'AK-0009', itemId: 31, productName: 'Cassava', quantity: 3, seller: 'Ama Agro', consignmentId: null, fromWarehouseId: 3, sameWarehouse: true, measured: false };
const failedYams: LotToReturn = { checkId: 5, orderId: 7, orderNumber: 'AK-0007', itemId: 22, productName: 'Yams', quantity: 2, seller: 'Kofi Farms', notes: 'Soft and rotten', at: '2026-12-04T10:00:00.000Z' };
let handedBack = false;

beforeEach(async () => {
  get.mockReset();
  post.mockReset();
  handedBack = false;
  await Promise.all([localDb.meta.clear(), localDb.session.clear(), localDb.outbox.clear()]);
  await saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: 14, firstName: 'Ama', lastName: 'Staff', email: 'staff.tamale@akuafo.demo', userType: 'WAREHOUSE', warehouseId: 3, profileImage: null, passwordChangedAt: null } });
  get.mockImplementation(async (path: string) => (path.endsWith('/lines') ? { data: [brought] } : path.endsWith('/returns') ? { data: handedBack ? [] : [failedYams] } : { data: [] }));
});
afterEach(cleanup);

describe('the warehouse screen, issue 41’s last controls', () => {
  it('shows a same-warehouse line as brought by its seller: no count-in, a check', async () => {
    render(<MemoryRouter><WarehousePage /></MemoryRouter>);
    const item = (await screen.findByText('3 × Cassava from Ama Agro (order AK-0009)')).closest('li') as HTMLElement;
    within(item).getByText('Seller brought it here: a check is optional');
    expect(within(item).queryByRole('button', { name: 'Counted in' })).toBeNull();
    within(item).getByRole('button', { name: 'Check' });
  });

  it('queues a check’s photo before the check that names it', async () => {
    render(<MemoryRouter><WarehousePage /></MemoryRouter>);
    const item = (await screen.findByText('3 × Cassava from Ama Agro (order AK-0009)')).closest('li') as HTMLElement;
    get.mockRejectedValue(new ApiError('offline', 0, 'network'));
    fireEvent.click(within(item).getByRole('button', { name: 'Check' }));
    const form = within(item).getByRole('form', { name: 'Check Cassava' });
    const file = new File([new Uint8Array([1, 2, 3])], 'cassava.jpg', { type: 'image/jpeg' });
    fireEvent.change(within(form).getByLabelText('Photo of the goods (optional)'), { target: { files: [file] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record the check' }));
    await screen.findByText('Kept on this phone; sent when the network is back.');
    const entries = await localDb.outbox.orderBy('seq').toArray();
    expect(entries.map((e) => e.entity.split(':')[0])).toEqual(['check-photo', 'line-checked']);
    expect(entries[0]).toMatchObject({ method: 'POST', path: 'warehouse/photos', files: [{ field: 'images' }] });
    expect(entries[1]!.body).toMatchObject({ result: 'PASS', photo: (entries[0]!.body as { ref: string }).ref });
  });

  it('sends a refusal’s photo first at the pickup counter, then the refusal naming it', async () => {
    get.mockImplementation(async (path: string) => (path.endsWith('/pickup-lines') ? { data: [{ itemId: 21, productName: 'Yams', quantity: 8, refunded: false, refusal: null }] } : { data: [] }));
    post.mockImplementation(async (path: string) => (path.includes('warehouse/photos') ? { data: { ref: 'x', url: '/media/products/x/640.webp', width: 1, height: 1 } } : { data: { id: 3 } }));
    render(<MemoryRouter><WarehousePage /></MemoryRouter>);
    fireEvent.change(await screen.findByLabelText('Order id'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show the order’s lines' }));
    const item = (await screen.findByText('8 × Yams')).closest('li') as HTMLElement;
    fireEvent.change(within(item).getByLabelText('Why the buyer refuses it'), { target: { value: 'Rotten at the bottom' } });
    fireEvent.change(within(item).getByLabelText('Photo of the goods (optional)'), { target: { files: [new File([new Uint8Array([1, 2, 3])], 'yams.jpg', { type: 'image/jpeg' })] } });
    fireEvent.click(within(item).getByRole('button', { name: 'Refuse' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, refuse it' }));
    await vi.waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(post.mock.calls[0]?.[0]).toContain('warehouse/photos');
    const form = post.mock.calls[0]?.[1] as FormData;
    const ref = form.get('ref') as string;
    expect(ref).toMatch(/^[0-9a-f-]{36}$/);
    expect(form.get('images')).toBeInstanceOf(Blob);
    expect(post.mock.calls[1]?.[0]).toContain('warehouse/orders/7/items/21/refusal');
    expect(post.mock.calls[1]?.[1]).toEqual({ reason: 'Rotten at the bottom', photo: ref });
  });

  it('hands a failed lot back with the seller’s code: a wrong code and no network are told, nothing is queued', async () => {
    post
      .mockRejectedValueOnce(new ApiError('That is not the code texted to the seller for these goods.', 400, 'bad_request'))
      .mockRejectedValueOnce(new ApiError('offline', 0, 'network'))
      .mockImplementationOnce(async () => {
        handedBack = true;
        return { data: { id: 5, result: 'FAIL', returnedAt: '2026-12-04T11:00:00.000Z' } };
      });
    render(<MemoryRouter><WarehousePage /></MemoryRouter>);
    const form = await screen.findByRole('form', { name: 'Hand back Yams' });
    screen.getByText('Failed the check: Soft and rotten');
    fireEvent.change(within(form).getByLabelText('Code the seller shows'), { target: { value: '111111' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Handed back' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That is not the code texted to the seller for these goods.');
    expect(post.mock.calls[0]?.[0]).toContain('warehouse/orders/7/items/22/returned');
    expect(post.mock.calls[0]?.[1]).toEqual({ code: '111111' });

    fireEvent.change(within(form).getByLabelText('Code the seller shows'), { target: { value: '424242' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Handed back' }));
    await screen.findByText('Handing goods back needs the network: the server checks the seller’s code before the goods leave. Try again when the network is back.');
    fireEvent.click(within(form).getByRole('button', { name: 'Handed back' }));
    await screen.findByText('No failed goods waiting for their seller.');
    expect(post.mock.calls[2]?.[1]).toEqual({ code: '424242' });
    expect(await localDb.outbox.count()).toBe(0);
  });
});
