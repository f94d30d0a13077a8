import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueRefunds } from '../../src/server/modules/orders/refunds';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import type { AdminRefund, OrderDetail } from '../../src/shared/schemas/orders';
import type { SellerOrder } from '../../src/shared/schemas/sellers';
import { startTestServer, type TestServer } from '../support/server';
import { dropOffAt, firstWarehouseId, makeProduct, makeUser, putInCart, sellerNamed, stockOf } from '../support/shop';

let server: TestServer;
let warehouseId: number;
let kofi: Awaited<ReturnType<typeof sellerNamed>>;
let ama: Awaited<ReturnType<typeof sellerNamed>>;
beforeAll(async () => {
  server = await startTestServer();
  warehouseId = await firstWarehouseId(server);
  kofi = await sellerNamed(server, 'kofi.farms@akuafo.demo');
  ama = await sellerNamed(server, 'ama.agro@akuafo.demo');
  // They bring their goods to the buyers' pickup warehouse here: nothing travels (issue 40).
  await dropOffAt(server, warehouseId, [kofi.id, ama.id]);
});
afterAll(() => server.close());

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
const get = async (path: string, token: string) => json(await server.call(path, { token }));
const post = async (path: string, token: string, body?: unknown) => json(await server.call(path, { method: 'POST', token, json: body }));
const put = async (path: string, token: string) => json(await server.call(path, { method: 'PUT', token }));

/** A buyer's order with one line from Kofi and one from Ama; paid unless told otherwise. */
async function order(pay = true) {
  const buyer = await makeUser(server);
  const kofiProduct = await makeProduct(server, 10, 2_000, kofi.id);
  const amaProduct = await makeProduct(server, 10, 3_000, ama.id);
  await putInCart(server, buyer.id, kofiProduct, 2);
  await putInCart(server, buyer.id, amaProduct, 1);
  const started: CheckoutStarted = (await post('/shop/checkout', buyer.token, { pickupLocationId: warehouseId, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: '0241234567' })).body.data;
  if (pay) await server.call(`/payments/sandbox/${started.reference}/approve`, { method: 'POST', token: buyer.token });
  return { buyer, started, kofiProduct, amaProduct };
}

const detail = async (o: Awaited<ReturnType<typeof order>>): Promise<OrderDetail> => (await get(`/shop/customers/me/orders/${o.started.orderId}`, o.buyer.token)).body.data;
const sellerOrder = async (seller: typeof kofi, orderId: number, query = ''): Promise<SellerOrder | undefined> =>
  ((await get(`/sellers/me/orders${query}`, seller.token)).body.data as SellerOrder[]).find((o) => o.id === orderId);
const markLine = (seller: typeof kofi, orderId: number, itemId: number) => put(`/sellers/me/orders/${orderId}/items/${itemId}/at-warehouse`, seller.token);

describe('sellers fulfil', () => {
  it('lists paid orders with only the seller\'s own lines, the buyer\'s first name and pickup warehouse, newest first, by state', async () => {
    const unpaid = await order(false);
    const older = await order();
    const newer = await order();
    const list = (await get('/sellers/me/orders', kofi.token)).body.data as SellerOrder[];
    const ids = list.map((o) => o.id);
    expect(ids).not.toContain(unpaid.started.orderId);
    expect(ids.indexOf(newer.started.orderId)).toBeLessThan(ids.indexOf(older.started.orderId));
    const mine = list.find((o) => o.id === newer.started.orderId)!;
    expect(mine.items.map((i) => i.productId)).toEqual([newer.kofiProduct]);
    expect(mine.items[0]).toMatchObject({ quantity: 2, atWarehouseAt: null });
    expect(mine.buyerName).toBe('Esi');
    expect(mine.pickupWarehouse).toBeTruthy();
    // Never the buyer's contact details.
    expect(JSON.stringify(mine)).not.toMatch(/@|0241234567|Tetteh/);
    expect(await sellerOrder(kofi, newer.started.orderId, '?status=SHIPPED')).toBeUndefined();
    expect(await sellerOrder(kofi, newer.started.orderId, '?status=PROCESSING')).toBeDefined();
    expect((await get('/sellers/me/orders?status=LOST', kofi.token)).status).toBe(400);
  });

  it('moves the order to SHIPPED with a pickup code when every seller has brought their lines in', async () => {
    const o = await order();
    const kofiLine = (await sellerOrder(kofi, o.started.orderId))!.items[0];
    const amaLine = (await sellerOrder(ama, o.started.orderId))!.items[0];
    // Another seller's line is as invisible as one that does not exist.
    expect((await markLine(ama, o.started.orderId, kofiLine.id)).status).toBe(404);
    const first = await markLine(kofi, o.started.orderId, kofiLine.id);
    expect(first.status).toBe(200);
    expect(first.body.data.items[0].atWarehouseAt).toBeTruthy();
    // The same intent again (an outbox resend) changes nothing.
    expect((await markLine(kofi, o.started.orderId, kofiLine.id)).status).toBe(200);
    expect((await detail(o)).status).toBe('PROCESSING');
    // With goods at the warehouse, the buyer can no longer cancel.
    expect((await detail(o)).canCancel).toBe(false);
    expect((await post(`/shop/customers/me/orders/${o.started.orderId}/cancel`, o.buyer.token, {})).status).toBe(409);

    expect((await markLine(ama, o.started.orderId, amaLine.id)).body.data.status).toBe('SHIPPED');
    const ready = await detail(o);
    expect(ready.status).toBe('SHIPPED');
    expect(ready.pickupCode).toMatch(/^\d{6}$/);
    expect(ready.statusHistory.at(-1)).toMatchObject({ status: 'SHIPPED', notes: `Ready for pickup at ${ready.shippingAddress.name}.` });
    expect((await sellerOrder(kofi, o.started.orderId, '?status=SHIPPED'))?.status).toBe('SHIPPED');
    // The buyer hears it (the messages outbox) with the code, in the transaction of the change.
    const told = await server.deps.db.selectFrom('messages').select(['channel', 'body']).where('user_id', '=', o.buyer.id).execute();
    expect(told.some((m) => m.body.includes(ready.pickupCode!))).toBe(true);
  });

  it('refuses marking lines of an unpaid or cancelled order', async () => {
    const o = await order(false);
    const line = await server.deps.db.selectFrom('order_items').select('id').where('order_id', '=', o.started.orderId).where('product_id', '=', o.kofiProduct).executeTakeFirstOrThrow();
    expect((await markLine(kofi, o.started.orderId, line.id)).status).toBe(409);
    await post(`/shop/customers/me/orders/${o.started.orderId}/cancel`, o.buyer.token, {});
    const cancelled = await markLine(kofi, o.started.orderId, line.id);
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe('This order was cancelled, so there is nothing to bring to the warehouse.');
  });
});

/** Warehouse staff take every line in (the last one makes the order ready for pickup). */
async function takeEveryLineIn(token: string, orderId: number) {
  const lines = await server.deps.db.selectFrom('order_items').select('id').where('order_id', '=', orderId).execute();
  for (const line of lines) await server.call(`/admin/orders/${orderId}/items/${line.id}/at-warehouse`, { method: 'PUT', token });
}

describe('pickup by code', () => {
  it('delivers only with the right code, and limits wrong guesses per order', async () => {
    const admin = await makeUser(server, 'ADMIN');
    const o = await order();
    expect((await post(`/admin/orders/${o.started.orderId}/pickup`, admin.token, { code: '123456' })).status).toBe(409);
    await takeEveryLineIn(admin.token, o.started.orderId);
    const { pickupCode } = await detail(o);
    const wrongCode = pickupCode === '000000' ? '000001' : '000000';
    expect((await post(`/admin/orders/${o.started.orderId}/pickup`, admin.token, { code: '12a' })).status).toBe(400);
    expect((await post(`/admin/orders/${o.started.orderId}/pickup`, o.buyer.token, { code: pickupCode })).status).toBe(403);
    const wrong = await post(`/admin/orders/${o.started.orderId}/pickup`, admin.token, { code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^That pickup code is not right/);
    expect((await post(`/admin/orders/${o.started.orderId}/pickup`, admin.token, { code: pickupCode })).status).toBe(200);
    const delivered = await detail(o);
    expect(delivered).toMatchObject({ status: 'DELIVERED', pickupCode: null });
    expect(delivered.deliveredAt).toBeTruthy();

    const other = await order();
    await takeEveryLineIn(admin.token, other.started.orderId);
    const code = (await detail(other)).pickupCode!;
    const guess = code === '999999' ? '999998' : '999999';
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(`/admin/orders/${other.started.orderId}/pickup`, admin.token, { code: guess })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect((await post(`/admin/orders/${other.started.orderId}/pickup`, admin.token, { code })).status).toBe(429);
  });
});

describe('cancel and refund', () => {
  it('cancels an unpaid order for its buyer, stock back, reason kept; 404 for anyone else', async () => {
    const o = await order(false);
    expect(await stockOf(server, o.kofiProduct)).toBe(8);
    const stranger = await makeUser(server);
    expect((await post(`/shop/customers/me/orders/${o.started.orderId}/cancel`, stranger.token, {})).status).toBe(404);
    const res = await post(`/shop/customers/me/orders/${o.started.orderId}/cancel`, o.buyer.token, { reason: 'Bought at the market instead' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'CANCELLED', paymentStatus: 'PENDING', refund: null, canCancel: false });
    expect(res.body.data.statusHistory.at(-1).notes).toBe('You cancelled this order: Bought at the market instead');
    expect(await stockOf(server, o.kofiProduct)).toBe(10);
    // Cancelling again is the same intent: nothing changes, stock stays right.
    expect((await post(`/shop/customers/me/orders/${o.started.orderId}/cancel`, o.buyer.token)).status).toBe(200);
    expect(await stockOf(server, o.kofiProduct)).toBe(10);
    // The prompt still open on the phone can no longer pay for it.
    expect((await server.call(`/payments/sandbox/${o.started.reference}/approve`, { method: 'POST', token: o.buyer.token })).status).toBe(200);
    expect((await detail(o)).status).toBe('CANCELLED');
  });

  it('refunds a paid order through the provider; the order shows the refund; the console lists it', async () => {
    const admin = await makeUser(server, 'ADMIN');
    const o = await order();
    expect((await detail(o)).canCancel).toBe(true);
    const res = await post(`/shop/customers/me/orders/${o.started.orderId}/cancel`, o.buyer.token, {});
    expect(res.body.data).toMatchObject({ status: 'CANCELLED', paymentStatus: 'REFUND_DUE', refund: { status: 'PENDING', amount: o.started.amount } });
    expect(await stockOf(server, o.amaProduct)).toBe(10);
    const listed = (await get('/admin/refunds?status=PENDING', admin.token)).body.data as AdminRefund[];
    expect(listed.find((r) => r.orderId === o.started.orderId)).toMatchObject({ status: 'PENDING', provider: 'sandbox', paymentReference: o.started.reference });

    expect(await runDueRefunds(server.deps)).toBeGreaterThanOrEqual(1);
    const after = await detail(o);
    expect(after).toMatchObject({ paymentStatus: 'REFUNDED', refund: { status: 'COMPLETED' } });
    expect(after.statusHistory.at(-1)?.status).toBe('REFUNDED');
    const done = (await get('/admin/refunds?status=COMPLETED', admin.token)).body.data as AdminRefund[];
    expect(done.find((r) => r.orderId === o.started.orderId)?.completedAt).toBeTruthy();
    expect((await get('/admin/refunds', o.buyer.token)).status).toBe(403);
  });

  it('sends an operator\'s cancel of a paid order down the same refund path', async () => {
    const admin = await makeUser(server, 'ADMIN');
    const o = await order();
    const res = await server.call(`/admin/orders/${o.started.orderId}/status`, { method: 'PATCH', token: admin.token, json: { status: 'CANCELLED', notes: 'Seller out of yams' } });
    expect(res.status).toBe(200);
    expect((await detail(o)).refund?.status).toBe('PENDING');
    await runDueRefunds(server.deps);
    expect((await detail(o)).paymentStatus).toBe('REFUNDED');
  });
});
