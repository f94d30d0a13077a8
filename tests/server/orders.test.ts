import { describe, expect, it } from 'vitest';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import type { OrderDetail, OrderListItem, TrackedOrder } from '../../src/shared/schemas/orders';
import { freshWallet, makeProduct, makeUser, putInCart, stockOf, shopServer } from '../support/shop';

const shop = shopServer();

const get = async (path: string, token: string) => {
  const res = await shop.server.call(path, { token });
  return { status: res.status, body: (await res.json()) as any };
};

/** A paid order of `lines` fresh products for `user`. */
async function paidOrder(user: { id: number; token: string }, lines = 1, pay = true, wallet = freshWallet('027')) {
  const products: number[] = [];
  for (let i = 0; i < lines; i++) {
    const id = await makeProduct(shop.server, 10, 1_000 * (i + 1));
    products.push(id);
    await putInCart(shop.server, user.id, id, i + 1);
  }
  const res = await shop.server.call('/shop/checkout', {
    method: 'POST',
    token: user.token,
    json: { pickupLocationId: shop.warehouseId, mobileMoneyNetwork: 'AIRTEL_TIGO', mobileMoneyNumber: wallet, notes: 'Call on arrival' },
  });
  const started = ((await res.json()) as { data: CheckoutStarted }).data;
  if (pay) await shop.server.call(`/payments/sandbox/${started.reference}/approve`, { method: 'POST', token: user.token });
  return { started, products };
}

describe('order history', () => {
  it('pages the signed-in user\'s orders, newest first, in the spec\'s list shape', async () => {
    const user = await makeUser(shop.server);
    // Two left unpaid: with the last order a buyer holds at most three (checkout-limits.test.ts).
    for (let i = 0; i < 11; i++) await paidOrder(user, 1, i % 6 !== 0);
    const { started } = await paidOrder(user, 4);
    const first = await get('/shop/customers/me/orders', user.token);
    expect(first.status).toBe(200);
    expect(first.body.pagination).toMatchObject({ currentPage: 1, pageSize: 10, totalCount: 12, totalPages: 2, hasNextPage: true, hasPreviousPage: false });
    const newest: OrderListItem = first.body.data[0];
    expect(newest).toMatchObject({ id: started.orderId, orderNumber: started.orderNumber, status: 'PROCESSING', paymentStatus: 'PAID', currency: 'GHS', itemCount: 10, hasMoreItems: true, totalAmount: 300 });
    expect(newest.itemsSummary).toHaveLength(3);
    expect(newest.previewImage).toBeNull();
    const second = await get('/shop/customers/me/orders?page=2', user.token);
    expect(second.body.data).toHaveLength(2);
    const pending = await get('/shop/customers/me/orders?status=PENDING&sortBy=totalAmount&sortDir=asc', user.token);
    expect(pending.body.data.every((o: OrderListItem) => o.status === 'PENDING')).toBe(true);
    expect(pending.body.pagination.totalCount).toBe(2);
    expect((await get('/shop/customers/me/orders?status=LOST', user.token)).status).toBe(400);
  });

  it('shows nobody else\'s orders', async () => {
    const owner = await makeUser(shop.server);
    const stranger = await makeUser(shop.server);
    const { started } = await paidOrder(owner);
    const list = await get('/shop/customers/me/orders', stranger.token);
    expect(list.body.data).toEqual([]);
    const detail = await get(`/shop/customers/me/orders/${started.orderId}`, stranger.token);
    expect(detail.status).toBe(404);
    expect(detail.body.message).toBe("We couldn't find the order you're looking for.");
    const tracked = await get(`/shop/customers/track-order/${started.orderNumber}`, stranger.token);
    expect(tracked.status).toBe(404);
    expect(tracked.body.message).toBe(`We couldn't find an order with number ${started.orderNumber}.`);
    expect((await get('/shop/customers/me/orders/abc', owner.token)).status).toBe(404);
    expect((await shop.server.call('/shop/customers/me/orders')).status).toBe(401);
  });
});

describe('order detail and tracking', () => {
  it('gives the detail shape with history, pickup address, payment and items', async () => {
    const user = await makeUser(shop.server);
    const { started, products } = await paidOrder(user, 2, true, '0271234567');
    const { status, body } = await get(`/shop/customers/me/orders/${started.orderId}`, user.token);
    expect(status).toBe(200);
    const d: OrderDetail = body.data;
    expect(d).toMatchObject({
      orderNumber: started.orderNumber, status: 'PROCESSING', paymentStatus: 'PAID', currency: 'GHS', subtotal: 50, totalAmount: 50,
      shippingCost: 0, taxAmount: 0, discountAmount: 0, notes: 'Call on arrival', paymentMethod: 'MOBILE_MONEY', shippingMethod: 'Warehouse pickup',
      mobileMoney: { network: 'AIRTEL_TIGO', phoneNumber: '0271234567' }, paymentReference: started.reference,
      customer: { user: { firstName: 'Esi', lastName: 'Tetteh', email: user.email } },
    });
    expect(d.shippingAddress.name).toBe('Accra Hub');
    expect(d.paymentDate).toBeTruthy();
    expect(d.statusHistory.map((h) => [h.status, h.icon])).toEqual([['ORDER_PLACED', 'clipboard-list'], ['PAYMENT_CONFIRMED', 'credit-card']]);
    expect(d.items.map((i) => [i.product.id, i.quantity, i.unitPrice, i.totalPrice, i.product.review])).toEqual([
      [products[0], 1, 10, 10, null],
      [products[1], 2, 20, 40, null],
    ]);
    expect(d.trackingUrl).toBe(`http://test.local/track-order?orderNumber=${started.orderNumber}`);
  });

  it('tracks by order number in the tracking shape, ignoring case', async () => {
    const user = await makeUser(shop.server);
    const { started } = await paidOrder(user, 1);
    const { status, body } = await get(`/shop/customers/track-order/${started.orderNumber.toLowerCase()}`, user.token);
    expect(status).toBe(200);
    const t: TrackedOrder = body.data;
    // The total's parts and the depot's name too (issue 37: a total is shown with its parts; the pickup block names the depot).
    expect(t).toMatchObject({ orderNumber: started.orderNumber, status: 'PROCESSING', currency: 'GHS', subtotal: 10, discountAmount: 0, shippingCost: 0, taxAmount: 0, totalAmount: 10, paymentMethod: 'MOBILE_MONEY', customerName: 'Esi Tetteh' });
    expect(t.items[0]).toMatchObject({ quantity: 1, unitPrice: 10 });
    const depot = await shop.server.deps.db.selectFrom('warehouses').select('name').where('id', '=', shop.warehouseId).executeTakeFirstOrThrow();
    expect(t.shippingAddress).toMatchObject({ name: depot.name, region: 'Greater Accra', country: 'Ghana' });
    expect(t.statusHistory.map((h) => h.status)).toEqual(['ORDER_PLACED', 'PAYMENT_CONFIRMED']);
  });
});

describe('PATCH /admin/orders/{id}/status', () => {
  it('lets an operator ship and deliver a paid order, which opens reviews', async () => {
    const user = await makeUser(shop.server);
    const admin = await makeUser(shop.server, 'ADMIN');
    const { started, products } = await paidOrder(user, 1);
    const patch = (status: string, token = admin.token) =>
      shop.server.call(`/admin/orders/${started.orderId}/status`, { method: 'PATCH', token, json: { status, notes: `Now ${status}` } });
    expect((await patch('SHIPPED', user.token)).status).toBe(403);
    expect((await patch('DELIVERED')).status).toBe(409);
    // Issue 22.1: not ready for pickup while a line is not at the warehouse.
    expect((await patch('SHIPPED')).status).toBe(409);
    await shop.server.deps.db.updateTable('order_items').set({ at_warehouse_at: new Date().toISOString() }).where('order_id', '=', started.orderId).execute();
    expect((await patch('SHIPPED')).status).toBe(200);
    // Handing over needs the buyer's pickup code.
    expect((await patch('DELIVERED')).status).toBe(409);
    const { pickupCode } = (await get(`/shop/customers/me/orders/${started.orderId}`, user.token)).body.data as OrderDetail;
    expect(pickupCode).toMatch(/^\d{6}$/);
    const pickup = await shop.server.call(`/admin/orders/${started.orderId}/pickup`, { method: 'POST', token: admin.token, json: { code: pickupCode } });
    expect(pickup.status).toBe(200);
    expect((await patch('CANCELLED')).status).toBe(409);
    const d: OrderDetail = (await get(`/shop/customers/me/orders/${started.orderId}`, user.token)).body.data;
    expect(d.status).toBe('DELIVERED');
    expect(d.deliveredAt).toBeTruthy();
    expect(d.statusHistory.map((h) => h.status)).toEqual(['ORDER_PLACED', 'PAYMENT_CONFIRMED', 'SHIPPED', 'DELIVERED']);
    const product = await get(`/products/${products[0]}`, user.token);
    expect(product.body.data.canReview).toBe(true);
    // The audit log names the operator of each move; refused moves left nothing there.
    const audit = (await get('/admin/audit?action=order.status&pageSize=100', admin.token)).body.data.filter((e: any) => e.target.id === started.orderId);
    expect(audit.map((e: any) => [e.actor.email, e.detail])).toEqual([
      [admin.email, 'SHIPPED -> DELIVERED: pickup code accepted'],
      [admin.email, 'PROCESSING -> SHIPPED: Now SHIPPED'],
    ]);
  });

  it('cancels an unpaid order and puts its stock back', async () => {
    const user = await makeUser(shop.server);
    const admin = await makeUser(shop.server, 'ADMIN');
    const { started, products } = await paidOrder(user, 1, false);
    expect(await stockOf(shop.server, products[0])).toBe(9);
    const res = await shop.server.call(`/admin/orders/${started.orderId}/status`, { method: 'PATCH', token: admin.token, json: { status: 'CANCELLED' } });
    expect(res.status).toBe(200);
    expect(await stockOf(shop.server, products[0])).toBe(10);
    expect((await shop.server.call('/admin/orders/999999/status', { method: 'PATCH', token: admin.token, json: { status: 'SHIPPED' } })).status).toBe(404);
  });
});
