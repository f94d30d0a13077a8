import { describe, expect, it } from 'vitest';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import type { AdminOrderListItem } from '../../src/shared/schemas/orders';
import type { Pagination } from '../../src/shared/pagination';
import { makeProduct, makeUser, putInCart, shopServer } from '../support/shop';

const shop = shopServer();

const list = async (query: string, token: string) => {
  const res = await shop.server.call(`/admin/orders${query}`, { token });
  return { status: res.status, body: (await res.json()) as { data: AdminOrderListItem[]; pagination: Pagination; message?: string; fieldErrors?: Record<string, string> } };
};

async function placeOrder(user: { id: number; token: string }, pay: boolean) {
  const productId = await makeProduct(shop.server, 10, 2_500);
  await putInCart(shop.server, user.id, productId, 2);
  const res = await shop.server.call('/shop/checkout', {
    method: 'POST',
    token: user.token,
    json: { pickupLocationId: shop.warehouseId, mobileMoneyNetwork: 'AIRTEL_TIGO', mobileMoneyNumber: '0271234567' },
  });
  const started = ((await res.json()) as { data: CheckoutStarted }).data;
  if (pay) await shop.server.call(`/payments/sandbox/${started.reference}/approve`, { method: 'POST', token: user.token });
  return started;
}

describe('GET /admin/orders', () => {
  it('lists every customer\'s orders for an operator, newest first, filtered by status and paged', async () => {
    const admin = await makeUser(shop.server, 'ADMIN');
    const first = await makeUser(shop.server);
    const second = await makeUser(shop.server);
    const unpaid = await placeOrder(first, false);
    const paid = await placeOrder(second, true);

    const all = await list('?pageSize=50', admin.token);
    expect(all.status).toBe(200);
    const ids = all.body.data.map((o) => o.id);
    expect(ids.indexOf(paid.orderId)).toBeLessThan(ids.indexOf(unpaid.orderId));
    const row = all.body.data.find((o) => o.id === paid.orderId)!;
    expect(row).toMatchObject({ status: 'PROCESSING', paymentStatus: 'PAID', currency: 'GHS', itemCount: 2, customer: { email: second.email, firstName: 'Esi' } });
    expect(row.totalAmount).toBeGreaterThanOrEqual(50);
    expect(row.itemsSummary[0].quantity).toBe(2);
    expect(row.pickupWarehouse).toBeTruthy();

    const processing = await list('?status=PROCESSING&pageSize=50', admin.token);
    expect(processing.body.data.every((o) => o.status === 'PROCESSING')).toBe(true);
    expect(processing.body.data.some((o) => o.id === paid.orderId)).toBe(true);
    expect(processing.body.data.some((o) => o.id === unpaid.orderId)).toBe(false);

    const paged = await list('?pageSize=1&page=2', admin.token);
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.pagination).toMatchObject({ currentPage: 2, pageSize: 1, hasPreviousPage: true });
    expect(paged.body.pagination.totalCount).toBe(all.body.pagination.totalCount);
  });

  it('is for operators only and refuses bad filters with a 400', async () => {
    const admin = await makeUser(shop.server, 'ADMIN');
    const customer = await makeUser(shop.server);
    expect((await list('', customer.token)).status).toBe(403);
    expect((await shop.server.call('/admin/orders')).status).toBe(401);
    const bad = await list('?status=LOST', admin.token);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('status must be PENDING, PROCESSING, SHIPPED, DELIVERED or CANCELLED');
    expect((await list('?page=0', admin.token)).status).toBe(400);
  });
});
