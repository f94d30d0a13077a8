import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/local/api';
import { localDb } from '../../src/local/db';
import { saveSession } from '../../src/local/session';
import type { Earnings } from '../../src/shared/schemas/money';
import type { Load } from '../../src/shared/schemas/transport';

const get = vi.fn();
vi.mock('../../src/web/lib/api', async () => {
  const { callThrough } = await import('../support/call-through');
  const verbs = { get: (...args: unknown[]) => get(...args) };
  return { api: { ...verbs, call: callThrough(verbs, { query: 'searchParams' }) } };
});
const { default: TransporterPage } = await import('../../src/web/pages/transporters/TransporterPage');

const warehouse = (id: number, name: string, region: string) => ({ id, name, town: name.split(' ')[0]!, region });
const open: Load = { id: 41, status: 'AT_ORIGIN', fromWarehouse: warehouse(3, 'Tamale Depot', 'Northern'), toWarehouse: warehouse(1, 'Accra Hub', 'Greater Accra'), weightKg: 120, distanceKm: 610, earnings: 512.5, expectedReadyAt: '2026-12-03T08:00:00.000Z' };
const mine: Load = { ...open, id: 40, collectionCode: '481516' };
const earnings: Earnings = { currency: 'GHS', held: 300, available: 0, sending: 0, paidOut: 0, commissionRate: 10, payoutMinimum: 10, nextPayout: { at: null, note: 'When a load you carried is collected by its buyer.' }, entries: [], payouts: [] };

const answers = (path: string, options?: { searchParams?: Record<string, string> }) => {
  if (path.endsWith('/earnings')) return { data: earnings };
  return { data: options?.searchParams?.status === 'MINE' ? [mine] : [open] };
};

async function signInAs(userType: 'TRANSPORTER' | 'CUSTOMER') {
  await saveSession({ accessToken: 'a', refreshToken: 'r', user: { id: 12, firstName: 'Kwame', lastName: 'Mensah', email: 'transporter@akuafo.demo', userType, profileImage: null, passwordChangedAt: null } });
}

beforeEach(async () => {
  get.mockReset();
  await Promise.all([localDb.meta.clear(), localDb.session.clear(), localDb.outbox.clear()]);
});
afterEach(cleanup);

describe('TransporterPage', () => {
  it('opens offline from the last pull, says when it was, and queues an Accept', async () => {
    await signInAs('TRANSPORTER');
    get.mockImplementation(async (path: string, options?: { searchParams?: Record<string, string> }) => answers(path, options));
    render(<MemoryRouter><TransporterPage /></MemoryRouter>);
    await screen.findByText('481516');
    await screen.findByRole('button', { name: 'Accept' });
    expect(screen.getAllByText('Tamale Depot to Accra Hub')).toHaveLength(2);
    cleanup();

    get.mockRejectedValue(new ApiError('offline', 0, 'network'));
    render(<MemoryRouter><TransporterPage /></MemoryRouter>);
    await screen.findByText(/^Offline: the loads as of /);
    await screen.findByText('481516');
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await screen.findByText('Accepted on this phone; sent when the network is back.');
    const [entry] = await localDb.outbox.toArray();
    expect(entry).toMatchObject({ entity: 'load-accept:41', method: 'POST', path: 'transporters/me/loads/41/accept', status: 'pending' });
  });

  it('queues a progress report offline', async () => {
    await signInAs('TRANSPORTER');
    get.mockImplementation(async (path: string, options?: { searchParams?: Record<string, string> }) => answers(path, options));
    render(<MemoryRouter><TransporterPage /></MemoryRouter>);
    await screen.findByText('481516');
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Past Kintampo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Report: on the way' }));
    await screen.findByText('Report kept; sent with the others when the network allows.');
    const [entry] = await localDb.outbox.toArray();
    expect(entry).toMatchObject({ entity: 'load-events:40', body: { events: [{ type: 'MILESTONE', note: 'Past Kintampo' }] } });
  });

  it('loads the next page of the board with Load more, and says offline without losing what it shows', async () => {
    await signInAs('TRANSPORTER');
    const next: Load = { ...open, id: 97, fromWarehouse: warehouse(5, 'Bolgatanga Depot', 'Upper East') };
    get.mockImplementation(async (path: string, options?: { searchParams?: Record<string, string> }) => {
      if (path.endsWith('/earnings')) return { data: earnings };
      if (options?.searchParams?.status === 'MINE') return { data: [mine], nextCursor: null };
      return options?.searchParams?.cursor === 'WzQxXQ' ? { data: [next], nextCursor: null } : { data: [open], nextCursor: 'WzQxXQ' };
    });
    render(<MemoryRouter><TransporterPage /></MemoryRouter>);
    await screen.findByRole('button', { name: 'Accept' });
    get.mockRejectedValueOnce(new ApiError('offline', 0, 'network'));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText(/^Offline: more can be loaded once the network is back/);
    expect(screen.getAllByRole('button', { name: 'Accept' })).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Bolgatanga Depot to Accra Hub');
    expect(screen.getAllByRole('button', { name: 'Accept' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(get).toHaveBeenCalledWith('transporters/me/loads', expect.objectContaining({ searchParams: expect.objectContaining({ status: 'OPEN', cursor: 'WzQxXQ' }) }));
  });

  it('tells another kind of account plainly that the page is for transporters', async () => {
    await signInAs('CUSTOMER');
    render(<MemoryRouter><TransporterPage /></MemoryRouter>);
    await screen.findByText('This page is for transporters. Your account is not a transporter account.');
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
  });
});
