import { beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/local/api';
import { AkuafoDb } from '../../src/local/db';
import { replayOutbox } from '../../src/local/outbox';
import { saveSession } from '../../src/local/session';
import { markArrived, markCollected, markLineReceived, refreshConsignments, refreshLinesToReceive } from '../../src/local/warehouse';
import { now } from '../../src/server/platform/db';
import { TRANSPORT_MESSAGES } from '../../src/shared/schemas/transport';
import { tokenFor } from '../support/sellers';
import { paidOrderFromTamale } from '../support/transport';
import { makeUser, shopServer } from '../support/shop';

/** Issue 40 item 2: the staff's lists read offline from the last pull; counting in and handovers queued and replayed; a wrong code refused after replay. */
const shop = shopServer();
let db: AkuafoDb;
beforeEach(async () => {
  db = new AkuafoDb(`warehouse-${Math.random()}`);
  await db.open();
});

const client = (token: string, online = true) =>
  createApiClient({
    origin: 'http://test.local',
    fetch: online ? shop.server.fetch : () => Promise.reject(new TypeError('Failed to fetch')),
    auth: { accessToken: async () => token, refresh: async () => false },
  });

async function staffOf(email: string) {
  const { id } = await shop.server.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  const signedIn = { id, token: await tokenFor(shop.server, email) };
  await saveSession({ accessToken: signedIn.token, refreshToken: 'unused', user: { id: signedIn.id, firstName: 'Staff', lastName: 'Member', email, userType: 'WAREHOUSE', profileImage: null, passwordChangedAt: null } }, db);
  return signedIn;
}
const tamaleStaff = () => staffOf('staff.tamale@akuafo.demo');

async function driverAccepts(loadId: number) {
  const driver = await makeUser(shop.server, 'TRANSPORTER');
  const at = now();
  await shop.server.deps.db.insertInto('transporter_profiles').values({ user_id: driver.id, vehicle_type: 'TRUCK', capacity_kg: 5000, plate_number: 'NR-4-26', ghana_card_number: 'GHA-000000004-4', region: 'Northern', payout_network: 'MTN', payout_number: '0244000004', status: 'VERIFIED', verified_at: at, rejection_reason: null, created_at: at, updated_at: at }).execute();
  expect((await shop.server.call(`/transporters/me/loads/${loadId}/accept`, { method: 'POST', token: driver.token, json: {} })).status).toBe(200);
}

describe('the warehouse counter on the phone', () => {
  it('counts lines in offline from the last pull, and sends them when the network is back', async () => {
    const o = await paidOrderFromTamale(shop.server);
    const staff = await tamaleStaff();
    const online = await refreshLinesToReceive(client(staff.token), staff.id, db);
    const lines = online.value.items.filter((l) => l.orderId === o.orderId);
    expect(lines).toHaveLength(2);

    const offline = await refreshLinesToReceive(client(staff.token, false), staff.id, db);
    expect(offline).toMatchObject({ fromCache: true, fetchedAt: online.fetchedAt });
    for (const line of lines) await markLineReceived(line, db);
    expect((await refreshLinesToReceive(client(staff.token, false), staff.id, db)).value.items.filter((l) => l.orderId === o.orderId).every((l) => l.queued)).toBe(true);
    expect((await replayOutbox(client(staff.token, false), db)).retryLater).toBe(true);

    expect((await replayOutbox(client(staff.token), db)).sent).toBe(2);
    expect((await refreshLinesToReceive(client(staff.token, false), staff.id, db)).value.items.filter((l) => l.orderId === o.orderId)).toEqual([]);
    const outgoing = await refreshConsignments(client(staff.token), staff.id, 'OUTGOING', db);
    expect(outgoing.value.items.find((c) => c.id === o.consignment.id)).toMatchObject({ direction: 'OUTGOING', linesReceived: 2 });
  });

  it('shows after replay that a collection code was wrong, and takes the right one', async () => {
    const o = await paidOrderFromTamale(shop.server);
    const staff = await tamaleStaff();
    for (const line of o.lines) expect((await shop.server.call(`/warehouse/orders/${o.orderId}/items/${line}/received`, { method: 'POST', token: staff.token, json: {} })).status).toBe(200);
    await driverAccepts(o.consignment.id);
    const load = (await refreshConsignments(client(staff.token), staff.id, 'OUTGOING', db)).value.items.find((c) => c.id === o.consignment.id)!;
    const wrong = o.consignment.collection_code === '000000' ? '111111' : '000000';

    await markCollected(load, wrong, db);
    expect((await refreshConsignments(client(staff.token, false), staff.id, 'OUTGOING', db)).value.items.find((c) => c.id === load.id)?.queued).toBe(true);
    expect((await replayOutbox(client(staff.token), db)).failed).toBe(1);
    const [refused] = await db.outbox.toArray();
    expect(refused).toMatchObject({ status: 'failed', error: TRANSPORT_MESSAGES.wrongCollectionCode });

    await db.outbox.clear();
    await markCollected(load, o.consignment.collection_code!, db);
    expect((await replayOutbox(client(staff.token), db)).sent).toBe(1);
    expect((await refreshConsignments(client(staff.token, false), staff.id, 'OUTGOING', db)).value.items.find((c) => c.id === load.id)).toBeUndefined();
  });

  it('receives an incoming load at Accra offline against its delivery code once replayed', async () => {
    const o = await paidOrderFromTamale(shop.server);
    const tamale = await tokenFor(shop.server, 'staff.tamale@akuafo.demo');
    for (const line of o.lines) expect((await shop.server.call(`/warehouse/orders/${o.orderId}/items/${line}/received`, { method: 'POST', token: tamale, json: {} })).status).toBe(200);
    await driverAccepts(o.consignment.id);
    expect((await shop.server.call(`/warehouse/consignments/${o.consignment.id}/collected`, { method: 'POST', token: tamale, json: { code: o.consignment.collection_code } })).status).toBe(200);

    const accra = await staffOf('staff.accra@akuafo.demo');
    await refreshConsignments(client(accra.token), accra.id, 'INCOMING', db);
    const load = (await refreshConsignments(client(accra.token, false), accra.id, 'INCOMING', db)).value.items.find((c) => c.id === o.consignment.id)!;
    expect(load).toMatchObject({ direction: 'INCOMING', status: 'IN_TRANSIT' });
    await markArrived(load, o.consignment.delivery_code, db);
    expect((await replayOutbox(client(accra.token), db)).sent).toBe(1);
    const row = await shop.server.deps.db.selectFrom('consignments').select('status').where('id', '=', load.id).executeTakeFirstOrThrow();
    expect(row.status).toBe('ARRIVED');
  });
});
