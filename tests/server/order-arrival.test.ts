import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/shared/schemas/audit';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import type { AdminOrderListItem, OrderDetail } from '../../src/shared/schemas/orders';
import type { SellerOrder } from '../../src/shared/schemas/sellers';
import { startTestServer, type TestServer } from '../support/server';
import { dropOffAt, firstWarehouseId, makeProduct, makeUser, putInCart, sellerNamed } from '../support/shop';

/**
 * Issue 22.1: an order is ready for pickup only when every line is at the warehouse; the
 * operator sees each line and may take one in (audited); a mark can be taken back until the
 * order is ready (22.11).
 */
let server: TestServer;
let warehouseId: number;
let kofi: Awaited<ReturnType<typeof sellerNamed>>;
let ama: Awaited<ReturnType<typeof sellerNamed>>;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  server = await startTestServer();
  warehouseId = await firstWarehouseId(server);
  kofi = await sellerNamed(server, 'kofi.farms@akuafo.demo');
  ama = await sellerNamed(server, 'ama.agro@akuafo.demo');
  // They bring their goods to the buyers' pickup warehouse here: nothing travels (issue 40).
  await dropOffAt(server, warehouseId, [kofi.id, ama.id]);
  admin = await makeUser(server, 'ADMIN');
});
afterAll(() => server.close());

const call = async (path: string, token: string, method = 'GET', json?: unknown) => {
  const res = await server.call(path, { method, token, json });
  return { status: res.status, body: (await res.json()) as any };
};

/** A paid order: tomatoes from Kofi, cabbage from Ama. */
async function paidOrder() {
  const buyer = await makeUser(server);
  const tomatoes = await makeProduct(server, 10, 1_200, kofi.id);
  const cabbage = await makeProduct(server, 10, 800, ama.id);
  await server.deps.db.updateTable('products').set({ name: 'Fresh Tomatoes' }).where('id', '=', tomatoes).execute();
  await server.deps.db.updateTable('products').set({ name: 'Cabbage' }).where('id', '=', cabbage).execute();
  await putInCart(server, buyer.id, tomatoes, 2);
  await putInCart(server, buyer.id, cabbage, 1);
  const started: CheckoutStarted = (await call('/shop/checkout', buyer.token, 'POST', { pickupLocationId: warehouseId, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: '0241234567' })).body.data;
  await server.call(`/payments/sandbox/${started.reference}/approve`, { method: 'POST', token: buyer.token });
  const lines = await server.deps.db.selectFrom('order_items').select(['id', 'product_name']).where('order_id', '=', started.orderId).orderBy('id').execute();
  return { buyer, orderId: started.orderId, tomatoLine: lines[0]!.id, cabbageLine: lines[1]!.id };
}

const detail = async (o: Awaited<ReturnType<typeof paidOrder>>): Promise<OrderDetail> => (await call(`/shop/customers/me/orders/${o.orderId}`, o.buyer.token)).body.data;
const deskOrder = async (orderId: number): Promise<AdminOrderListItem> =>
  ((await call('/admin/orders?pageSize=50', admin.token)).body.data as AdminOrderListItem[]).find((x) => x.id === orderId)!;
const sellerLine = (seller: typeof kofi, orderId: number, itemId: number, method: 'PUT' | 'DELETE') =>
  call(`/sellers/me/orders/${orderId}/items/${itemId}/at-warehouse`, seller.token, method);
const operatorLine = (orderId: number, itemId: number, method: 'PUT' | 'DELETE', token = admin.token) =>
  call(`/admin/orders/${orderId}/items/${itemId}/at-warehouse`, token, method);
const makeReady = (orderId: number) => call(`/admin/orders/${orderId}/status`, admin.token, 'PATCH', { status: 'SHIPPED' });
const pickupSms = async (userId: number) =>
  (await server.deps.db.selectFrom('messages').select('body').where('user_id', '=', userId).where('channel', '=', 'sms').execute()).filter((m) => m.body.includes('pickup code'));

describe('ready for pickup only with every line at the warehouse', () => {
  it('refuses "ready for pickup" with a line missing (409 naming it), sends no code and marks nothing', async () => {
    const o = await paidOrder();
    expect((await sellerLine(kofi, o.orderId, o.tomatoLine, 'PUT')).status).toBe(200);

    const refused = await makeReady(o.orderId);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Not everything is at the warehouse yet: 1 × Cabbage is still missing. Mark it arrived first.');
    const after = await detail(o);
    expect(after).toMatchObject({ status: 'PROCESSING', pickupCode: null });
    expect(await pickupSms(o.buyer.id)).toEqual([]);
    // The cabbage was not silently marked arrived.
    const cabbage = await server.deps.db.selectFrom('order_items').select('at_warehouse_at').where('id', '=', o.cabbageLine).executeTakeFirstOrThrow();
    expect(cabbage.at_warehouse_at).toBeNull();
  });

  it('shows the operator each line with its seller and state', async () => {
    const o = await paidOrder();
    await sellerLine(kofi, o.orderId, o.tomatoLine, 'PUT');
    const row = await deskOrder(o.orderId);
    expect(row.lines).toEqual([
      expect.objectContaining({ id: o.tomatoLine, productName: 'Fresh Tomatoes', quantity: 2, sellerName: 'Boateng Family Farms', atWarehouseAt: expect.any(String) }),
      expect.objectContaining({ id: o.cabbageLine, productName: 'Cabbage', quantity: 1, atWarehouseAt: null }),
    ]);
  });

  it('lets the operator take a line in, audited; the last line makes the order ready with a code', async () => {
    const o = await paidOrder();
    await sellerLine(kofi, o.orderId, o.tomatoLine, 'PUT');
    const customer = await makeUser(server);
    expect((await operatorLine(o.orderId, o.cabbageLine, 'PUT', customer.token)).status).toBe(403);
    expect((await operatorLine(o.orderId, 999_999, 'PUT')).status).toBe(404);

    const taken = await operatorLine(o.orderId, o.cabbageLine, 'PUT');
    expect(taken.status).toBe(200);
    expect(taken.body.data).toMatchObject({ id: o.orderId, status: 'SHIPPED' });
    expect(taken.body.data.lines.every((l: { atWarehouseAt: string | null }) => l.atWarehouseAt)).toBe(true);
    expect((await detail(o)).pickupCode).toMatch(/^\d{6}$/);
    const audit = (await call('/admin/audit?action=order.line', admin.token)).body.data as AuditEntry[];
    expect(audit.find((a) => a.target.id === o.orderId)).toMatchObject({ actor: { email: admin.email }, action: 'order.line', detail: `Cabbage (line ${o.cabbageLine}) marked at the warehouse` });
  });

  it('is race-safe: 60 "ready" requests racing a seller\'s undo never leave a ready order with a line missing', async () => {
    const o = await paidOrder();
    await operatorLine(o.orderId, o.tomatoLine, 'PUT');
    // The cabbage is in too (written directly: marking it through the API would make the order ready at once).
    await server.deps.db.updateTable('order_items').set({ at_warehouse_at: new Date().toISOString() }).where('id', '=', o.cabbageLine).execute();
    const results = await Promise.all([...Array.from({ length: 60 }, () => makeReady(o.orderId)), sellerLine(ama, o.orderId, o.cabbageLine, 'DELETE')]);
    const readies = results.slice(0, 60);
    const undo = results[60]!;
    const d = await detail(o);
    const cabbage = await server.deps.db.selectFrom('order_items').select('at_warehouse_at').where('id', '=', o.cabbageLine).executeTakeFirstOrThrow();
    if (d.status === 'SHIPPED') {
      // "Ready" won: the undo came too late and was refused; the cabbage is still in.
      expect(undo.status).toBe(409);
      expect(cabbage.at_warehouse_at).not.toBeNull();
      expect(readies.filter((r) => r.status === 200)).toHaveLength(1);
    } else {
      // The undo won: no "ready" got through.
      expect(undo.status).toBe(200);
      expect(cabbage.at_warehouse_at).toBeNull();
      expect(readies.every((r) => r.status === 409)).toBe(true);
    }
    expect(readies.filter((r) => r.status !== 200 && r.status !== 409)).toEqual([]);
    expect(d.statusHistory.filter((h) => h.status === 'SHIPPED').length).toBeLessThanOrEqual(1);
  });

  it('lets an operator make a fully arrived order ready exactly once under a burst', async () => {
    const o = await paidOrder();
    await operatorLine(o.orderId, o.tomatoLine, 'PUT');
    await server.deps.db.updateTable('order_items').set({ at_warehouse_at: new Date().toISOString() }).where('id', '=', o.cabbageLine).execute();
    const results = await Promise.all(Array.from({ length: 60 }, () => makeReady(o.orderId)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(59);
    const d = await detail(o);
    expect(d.statusHistory.filter((h) => h.status === 'SHIPPED')).toHaveLength(1);
  });
});

describe('taking a mark back (undo)', () => {
  it('lets the seller undo their own mark before the order is ready, not another seller\'s, and not after', async () => {
    const o = await paidOrder();
    await sellerLine(kofi, o.orderId, o.tomatoLine, 'PUT');
    expect((await sellerLine(ama, o.orderId, o.tomatoLine, 'DELETE')).status).toBe(404);
    const undone = await sellerLine(kofi, o.orderId, o.tomatoLine, 'DELETE');
    expect(undone.status).toBe(200);
    expect((undone.body.data as SellerOrder).items[0]!.atWarehouseAt).toBeNull();
    // The same undo again (an outbox resend) changes nothing.
    expect((await sellerLine(kofi, o.orderId, o.tomatoLine, 'DELETE')).status).toBe(200);
    // Nothing at the warehouse any more: the buyer may cancel again.
    expect((await detail(o)).canCancel).toBe(true);

    await sellerLine(kofi, o.orderId, o.tomatoLine, 'PUT');
    await sellerLine(ama, o.orderId, o.cabbageLine, 'PUT');
    expect((await detail(o)).status).toBe('SHIPPED');
    const late = await sellerLine(kofi, o.orderId, o.tomatoLine, 'DELETE');
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/already ready for pickup/);
  });

  it('lets the operator undo a line, recorded in the audit log', async () => {
    const o = await paidOrder();
    await operatorLine(o.orderId, o.tomatoLine, 'PUT');
    const undone = await operatorLine(o.orderId, o.tomatoLine, 'DELETE');
    expect(undone.status).toBe(200);
    expect(undone.body.data.lines[0].atWarehouseAt).toBeNull();
    const audit = (await call('/admin/audit?action=order.line', admin.token)).body.data as AuditEntry[];
    expect(audit.find((a) => a.target.id === o.orderId)?.detail).toBe(`Fresh Tomatoes (line ${o.tomatoLine}) no longer marked at the warehouse`);
  });
});
