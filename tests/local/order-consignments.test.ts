import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/local/api';
import { AkuafoDb } from '../../src/local/db';
import { localOrderDetail, refreshOrderDetail } from '../../src/local/orders';
import { refreshSellerOrders } from '../../src/local/sellers';
import { saveSession } from '../../src/local/session';
import { acceptLoad, collectLoad, countLineIn } from '../../src/server/modules/transport/life';
import { startTestServer, type TestServer } from '../support/server';
import { paidOrderFromTamale, transporterNamed } from '../support/transport';

/**
 * Issue 40 item 6: the phone keeps an order's consignments and their events as the server
 * answered them, so the buyer's timeline (and the seller's) opens with no network.
 */
let server: TestServer;
let db: AkuafoDb;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
beforeEach(async () => {
  db = new AkuafoDb(`consignments-${Math.random()}`);
  await db.open();
});

const client = (token: string, online = true) =>
  createApiClient({
    origin: 'http://test.local',
    fetch: online ? server.fetch : () => Promise.reject(new TypeError('Failed to fetch')),
    auth: { accessToken: async () => token, refresh: async () => false },
  });
const signIn = (user: { id: number; email: string; token: string }, userType: 'CUSTOMER' | 'SELLER') =>
  saveSession({ accessToken: user.token, refreshToken: 'unused', user: { id: user.id, firstName: 'Esi', lastName: 'Tetteh', email: user.email, userType, profileImage: null, passwordChangedAt: null } }, db);

/** Kofi's goods counted in at Tamale and collected by Kwame: on the road to Accra. */
async function onTheRoad() {
  const o = await paidOrderFromTamale(server);
  for (const line of o.lines) await countLineIn(server.deps.db, { warehouseId: o.tamale.id }, o.orderId, line);
  await acceptLoad(server.deps.db, await transporterNamed(server, 'Kwame'), o.consignment.id);
  await collectLoad(server.deps.db, { warehouseId: o.tamale.id }, o.consignment.id, o.consignment.collection_code);
  return o;
}

describe("an order's consignments on the phone", () => {
  it("keeps the buyer's pulled order with its consignment and events, read back with no network", async () => {
    const o = await onTheRoad();
    await signIn(o.buyer, 'CUSTOMER');
    const pulled = await refreshOrderDetail(client(o.buyer.token), o.orderId, db);
    expect(pulled.consignments?.[0]?.events.map((e) => e.type)).toEqual(['AT_ORIGIN', 'ACCEPTED', 'COLLECTED']);

    const kept = await localOrderDetail(o.orderId, db);
    expect(kept?.consignments).toEqual(pulled.consignments);
    expect(kept?.consignments?.[0]).toMatchObject({ status: 'IN_TRANSIT', fromWarehouse: { town: 'Tamale' }, toWarehouse: { town: 'Accra' } });
    expect(kept?.consignments?.[0]?.events.find((e) => e.type === 'COLLECTED')).toMatchObject({ place: 'Tamale', carrier: { firstName: 'Kwame' } });
  });

  it("keeps the seller's orders with the consignment of their lines, shown from the last pull offline", async () => {
    const o = await onTheRoad();
    await signIn(o.kofi, 'SELLER');
    const online = await refreshSellerOrders(client(o.kofi.token), o.kofi.id, 1, db);
    const order = online.value.data.find((s) => s.id === o.orderId)!;
    expect(order.consignments?.[0]?.status).toBe('IN_TRANSIT');

    const offline = await refreshSellerOrders(client(o.kofi.token, false), o.kofi.id, 1, db);
    expect(offline.fromCache).toBe(true);
    expect(offline.value.data.find((s) => s.id === o.orderId)!.consignments).toEqual(order.consignments);
  });
});
