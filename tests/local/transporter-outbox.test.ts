import { beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/local/api';
import { AkuafoDb } from '../../src/local/db';
import { replayOutbox } from '../../src/local/outbox';
import { saveSession } from '../../src/local/session';
import { acceptLoad, refreshLoadsBoard, refreshMyLoads, reportLoadEvent } from '../../src/local/transporters';
import { now } from '../../src/server/platform/db';
import { tokenFor } from '../support/sellers';
import { paidOrderFromTamale as paidOrder } from '../support/transport';
import { makeUser, shopServer } from '../support/shop';

/** Issue 40 item 4: the transporter's board read offline from the last pull; accepts and reports queued and replayed; the server decides. */
const shop = shopServer();
let db: AkuafoDb;
beforeEach(async () => {
  db = new AkuafoDb(`transporter-${Math.random()}`);
  await db.open();
});

const client = (token: string, online = true) =>
  createApiClient({
    origin: 'http://test.local',
    fetch: online ? shop.server.fetch : () => Promise.reject(new TypeError('Failed to fetch')),
    auth: { accessToken: async () => token, refresh: async () => false },
  });

/** A paid order whose lines Tamale's staff have counted in: an OPEN load on the board. */
async function paidOrderFromTamale(server: typeof shop.server) {
  const o = await paidOrder(server);
  const staff = await tokenFor(server, 'staff.tamale@akuafo.demo');
  for (const line of o.lines) expect((await server.call(`/warehouse/orders/${o.orderId}/items/${line}/received`, { method: 'POST', token: staff, json: {} })).status).toBe(200);
  return o;
}

async function verifiedTransporter() {
  const user = await makeUser(shop.server, 'TRANSPORTER');
  const at = now();
  await shop.server.deps.db
    .insertInto('transporter_profiles')
    .values({ user_id: user.id, vehicle_type: 'TRUCK', capacity_kg: 5000, plate_number: 'NR-2-26', ghana_card_number: 'GHA-000000002-2', region: 'Northern', payout_network: 'MTN', payout_number: '0244000002', status: 'VERIFIED', verified_at: at, rejection_reason: null, created_at: at, updated_at: at })
    .execute();
  await saveSession({ accessToken: user.token, refreshToken: 'unused', user: { id: user.id, firstName: 'Kwame', lastName: 'Driver', email: user.email, userType: 'TRANSPORTER', profileImage: null, passwordChangedAt: null } }, db);
  return user;
}

describe('the loads board on the phone', () => {
  it('opens offline from the last pull, accepts offline, and shows the load with its code once sent', async () => {
    const o = await paidOrderFromTamale(shop.server);
    const driver = await verifiedTransporter();
    const online = await refreshLoadsBoard(client(driver.token), driver.id, { region: 'Northern' }, db);
    expect(online.fromCache).toBe(false);
    const load = online.value.items.find((l) => l.id === o.consignment.id)!;
    expect(load).toBeDefined();

    const offline = await refreshLoadsBoard(client(driver.token, false), driver.id, { region: 'Northern' }, db);
    expect(offline).toMatchObject({ fromCache: true, fetchedAt: online.fetchedAt });
    await acceptLoad(load, db);
    expect((await refreshLoadsBoard(client(driver.token, false), driver.id, { region: 'Northern' }, db)).value.items.find((l) => l.id === load.id)?.acceptQueued).toBe(true);
    expect((await replayOutbox(client(driver.token, false), db)).retryLater).toBe(true);

    expect((await replayOutbox(client(driver.token), db)).sent).toBe(1);
    const mine = await refreshMyLoads(client(driver.token, false), driver.id, db);
    expect(mine.value.items.find((l) => l.id === load.id)?.collectionCode).toBe(o.consignment.collection_code);
  });

  it('tells plainly after replay that another transporter took the load first', async () => {
    const o = await paidOrderFromTamale(shop.server);
    const rival = await makeUser(shop.server, 'TRANSPORTER');
    const driver = await verifiedTransporter();
    const load = (await refreshLoadsBoard(client(driver.token), driver.id, { region: 'Northern' }, db)).value.items.find((l) => l.id === o.consignment.id)!;
    await acceptLoad(load, db);
    // The rival is verified too, and is first.
    const at = now();
    await shop.server.deps.db.insertInto('transporter_profiles').values({ user_id: rival.id, vehicle_type: 'TRUCK', capacity_kg: 5000, plate_number: 'NR-3-26', ghana_card_number: 'GHA-000000003-3', region: 'Northern', payout_network: 'MTN', payout_number: '0244000003', status: 'VERIFIED', verified_at: at, rejection_reason: null, created_at: at, updated_at: at }).execute();
    expect((await shop.server.call(`/transporters/me/loads/${load.id}/accept`, { method: 'POST', token: rival.token, json: {} })).status).toBe(200);

    expect((await replayOutbox(client(driver.token), db)).failed).toBe(1);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ status: 'failed', error: 'Another transporter accepted this load first. Choose another load on the board.' });
  });

  it('sends reports made offline as one batch', async () => {
    const o = await paidOrderFromTamale(shop.server);
    const driver = await verifiedTransporter();
    const load = (await refreshLoadsBoard(client(driver.token), driver.id, { region: 'Northern' }, db)).value.items.find((l) => l.id === o.consignment.id)!;
    expect((await shop.server.call(`/transporters/me/loads/${load.id}/accept`, { method: 'POST', token: driver.token, json: {} })).status).toBe(200);
    for (let i = 0; i < 3; i++) await reportLoadEvent(load, { type: 'POSITION', at: new Date(Date.now() - (3 - i) * 60_000).toISOString(), lat: 9.4 - i * 0.1, lng: -0.85 }, db);
    await reportLoadEvent(load, { type: 'MILESTONE', at: new Date().toISOString(), note: 'On the way' }, db);
    expect(await db.outbox.count()).toBe(1);
    const calls: string[] = [];
    const counting = createApiClient({ origin: 'http://test.local', fetch: (input, init) => (calls.push(input instanceof Request ? input.url : String(input)), shop.server.fetch(input, init)), auth: { accessToken: async () => driver.token, refresh: async () => false } });
    expect((await replayOutbox(counting, db)).sent).toBe(1);
    expect(calls.filter((c) => c.includes('/events'))).toHaveLength(1);
    const events = await shop.server.deps.db.selectFrom('consignment_events').select('type').where('consignment_id', '=', load.id).execute();
    expect(events.length).toBeGreaterThanOrEqual(4);
  });
});
