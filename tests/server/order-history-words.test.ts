import { describe, expect, it } from 'vitest';
import { apiMessage } from '../../src/shared/i18n/api-messages';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import type { OrderDetail } from '../../src/shared/schemas/orders';
import { freshWallet, makeProduct, makeUser, putInCart, shopServer } from '../support/shop';

/**
 * The notes of an order's history are written by the server in English and shown to the
 * buyer in the buyer's language (OrderDetailPage, through the catalogue's api.history*): each
 * note an order's life writes must be a sentence the catalogue knows, or a Twi reader gets English.
 */
const shop = shopServer();

async function order(user: { id: number; token: string }, pay: boolean) {
  await putInCart(shop.server, user.id, await makeProduct(shop.server, 10, 2_000), 1);
  const res = await shop.server.call('/shop/checkout', { method: 'POST', token: user.token, json: { pickupLocationId: shop.warehouseId, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: freshWallet('024') } });
  const started = ((await res.json()) as { data: CheckoutStarted }).data;
  if (pay) expect((await shop.server.call(`/payments/sandbox/${started.reference}/approve`, { method: 'POST', token: user.token })).status).toBe(200);
  return started.orderId;
}
const notesOf = async (orderId: number, token: string) =>
  (((await (await shop.server.call(`/shop/customers/me/orders/${orderId}`, { token })).json()) as { data: OrderDetail }).data.statusHistory).map((h) => h.notes).filter((n): n is string => Boolean(n));

describe("an order's history notes have their words in the catalogue", () => {
  it('paid, ready for pickup, collected; cancelled by the buyer, paid and unpaid', async () => {
    const buyer = await makeUser(shop.server);
    const admin = await makeUser(shop.server, 'ADMIN');
    const collected = await order(buyer, true);
    await shop.server.deps.db.updateTable('order_items').set({ at_warehouse_at: new Date().toISOString() }).where('order_id', '=', collected).execute();
    expect((await shop.server.call(`/admin/orders/${collected}/status`, { method: 'PATCH', token: admin.token, json: { status: 'SHIPPED' } })).status).toBe(200);
    const { pickupCode } = ((await (await shop.server.call(`/shop/customers/me/orders/${collected}`, { token: buyer.token })).json()) as { data: OrderDetail }).data;
    expect((await shop.server.call(`/admin/orders/${collected}/pickup`, { method: 'POST', token: admin.token, json: { code: pickupCode } })).status).toBe(200);
    const cancelledPaid = await order(buyer, true);
    const cancelledUnpaid = await order(buyer, false);
    for (const id of [cancelledPaid, cancelledUnpaid]) expect((await shop.server.call(`/shop/customers/me/orders/${id}/cancel`, { method: 'POST', token: buyer.token, json: {} })).status).toBe(200);

    const notes = [...(await notesOf(collected, buyer.token)), ...(await notesOf(cancelledPaid, buyer.token)), ...(await notesOf(cancelledUnpaid, buyer.token))];
    expect(notes.length).toBeGreaterThanOrEqual(5);
    expect(notes.filter((note) => !apiMessage(note))).toEqual([]);
  });
});
