import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/local/api';
import { AkuafoDb } from '../../src/local/db';
import { localOrderDetail, refreshOrderDetail, requestCancel } from '../../src/local/orders';
import { replayOutbox } from '../../src/local/outbox';
import { markAtWarehouse, refreshSellerOrders } from '../../src/local/sellers';
import { saveSession } from '../../src/local/session';
import { runDueRefunds } from '../../src/server/modules/orders/refunds';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import { startTestServer, type TestServer } from '../support/server';
import { dropOffAt, firstWarehouseId, makeProduct, makeUser, putInCart, sellerNamed } from '../support/shop';

let server: TestServer;
let warehouseId: number;
let db: AkuafoDb;
beforeAll(async () => {
  server = await startTestServer();
  warehouseId = await firstWarehouseId(server);
});
afterAll(() => server.close());
beforeEach(async () => {
  db = new AkuafoDb(`orders-${Math.random()}`);
  await db.open();
});

const client = (token: string, online = true) =>
  createApiClient({
    origin: 'http://test.local',
    fetch: online ? server.fetch : () => Promise.reject(new TypeError('Failed to fetch')),
    auth: { accessToken: async () => token, refresh: async () => false },
  });

async function signIn(user: { id: number; email: string; token: string }, userType: 'CUSTOMER' | 'SELLER') {
  await saveSession({ accessToken: user.token, refreshToken: 'unused', user: { id: user.id, firstName: 'Esi', lastName: 'Tetteh', email: user.email, userType, profileImage: null, passwordChangedAt: null } }, db);
}

/** A paid order with one line from each of two demo sellers. */
async function paidOrder() {
  const kofi = await sellerNamed(server, 'kofi.farms@akuafo.demo');
  const ama = await sellerNamed(server, 'ama.agro@akuafo.demo');
  // They bring their goods to the buyer's pickup warehouse here: nothing travels (issue 40).
  await dropOffAt(server, warehouseId, [kofi.id, ama.id]);
  const buyer = await makeUser(server);
  await putInCart(server, buyer.id, await makeProduct(server, 10, 2_000, kofi.id), 1);
  await putInCart(server, buyer.id, await makeProduct(server, 10, 2_500, ama.id), 2);
  const res = await server.call('/shop/checkout', { method: 'POST', token: buyer.token, json: { pickupLocationId: warehouseId, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: '0241234567' } });
  const started = ((await res.json()) as { data: CheckoutStarted }).data;
  await server.call(`/payments/sandbox/${started.reference}/approve`, { method: 'POST', token: buyer.token });
  return { buyer, kofi, ama, orderId: started.orderId };
}

describe('cancelling from the phone', () => {
  it('is asked offline, sent when the network returns, and the refund shows on the kept order', async () => {
    const { buyer, orderId } = await paidOrder();
    await signIn(buyer, 'CUSTOMER');
    await refreshOrderDetail(client(buyer.token), orderId, db);

    await requestCancel(orderId, 'Found it cheaper nearby', db);
    expect((await localOrderDetail(orderId, db))?.cancel?.status).toBe('pending');
    expect((await replayOutbox(client(buyer.token, false), db)).retryLater).toBe(true);

    expect((await replayOutbox(client(buyer.token), db)).sent).toBe(1);
    const cancelled = await localOrderDetail(orderId, db);
    expect(cancelled).toMatchObject({ status: 'CANCELLED', paymentStatus: 'REFUND_DUE', refund: { status: 'PENDING' } });
    expect(cancelled?.cancel).toBeUndefined();

    await runDueRefunds(server.deps);
    await refreshOrderDetail(client(buyer.token), orderId, db);
    // Offline, the phone's copy says the refund is done.
    expect(await localOrderDetail(orderId, db)).toMatchObject({ paymentStatus: 'REFUNDED', refund: { status: 'COMPLETED' } });
  });

  it('shows the server\'s refusal and its truth when the goods were already at the warehouse', async () => {
    const { buyer, kofi, orderId } = await paidOrder();
    await signIn(buyer, 'CUSTOMER');
    await refreshOrderDetail(client(buyer.token), orderId, db);
    await requestCancel(orderId, undefined, db);
    const line = await server.deps.db.selectFrom('order_items').innerJoin('products', 'products.id', 'order_items.product_id').select('order_items.id').where('order_id', '=', orderId).where('products.seller_id', '=', kofi.id).executeTakeFirstOrThrow();
    await server.call(`/sellers/me/orders/${orderId}/items/${line.id}/at-warehouse`, { method: 'PUT', token: kofi.token });

    expect((await replayOutbox(client(buyer.token), db)).failed).toBe(1);
    const kept = await localOrderDetail(orderId, db);
    expect(kept).toMatchObject({ status: 'PROCESSING', canCancel: false, cancel: { status: 'failed' } });
    expect(kept?.cancel?.error).toMatch(/can no longer be cancelled/);
  });
});

describe('sellers marking lines at the warehouse from the phone', () => {
  it('marks offline, shows the mark at once, sends it later; the buyer then reads the pickup code offline', async () => {
    const { buyer, kofi, ama, orderId } = await paidOrder();
    await signIn(kofi, 'SELLER');
    const first = await refreshSellerOrders(client(kofi.token), kofi.id, 1, db);
    const order = first.value.data.find((o) => o.id === orderId)!;
    expect(order.items[0].atWarehouseAt).toBeNull();

    await markAtWarehouse(order, order.items[0], db);
    const offline = await refreshSellerOrders(client(kofi.token, false), kofi.id, 1, db);
    expect(offline.fromCache).toBe(true);
    expect(offline.value.data.find((o) => o.id === orderId)!.items[0].atWarehouseAt).toBeTruthy();
    expect((await replayOutbox(client(kofi.token, false), db)).retryLater).toBe(true);
    expect((await replayOutbox(client(kofi.token), db)).sent).toBe(1);
    const marked = await server.deps.db.selectFrom('order_items').select('at_warehouse_at').where('id', '=', order.items[0].id).executeTakeFirstOrThrow();
    expect(marked.at_warehouse_at).toBeTruthy();

    // Ama's line arrives too: the order is ready for pickup.
    const amaLine = await server.deps.db.selectFrom('order_items').select('id').where('order_id', '=', orderId).where('at_warehouse_at', 'is', null).executeTakeFirstOrThrow();
    await server.call(`/sellers/me/orders/${orderId}/items/${amaLine.id}/at-warehouse`, { method: 'PUT', token: ama.token });
    await db.session.clear();
    await signIn(buyer, 'CUSTOMER');
    await refreshOrderDetail(client(buyer.token), orderId, db);
    const ready = await localOrderDetail(orderId, db);
    expect(ready?.status).toBe('SHIPPED');
    expect(ready?.pickupCode).toMatch(/^\d{6}$/);
  });
});
