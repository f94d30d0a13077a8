import { describe, expect, it } from 'vitest';
import { MAX_UNPAID_ORDERS } from '../../src/shared/schemas/checkout';
import { freshWallet, makeProduct, makeUser, putInCart, shopServer, stockOf } from '../support/shop';

/**
 * Lapsed holds are swept when a refusal may be theirs, not before every checkout (one scan
 * fewer per order; the timer sweeps each minute): a buyer is still never refused because of
 * an order whose reservation has lapsed, theirs (the unpaid limit) or another's (the stock).
 */
const shop = shopServer();

const checkout = async (token: string) => {
  const res = await shop.server.call('/shop/checkout', { method: 'POST', token, json: { pickupLocationId: shop.warehouseId, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: freshWallet() } });
  return { status: res.status, body: (await res.json()) as { data?: { orderId: number } } };
};
async function buyerWithCart(productId: number, quantity = 1) {
  const buyer = await makeUser(shop.server);
  await putInCart(shop.server, buyer.id, productId, quantity);
  return buyer;
}
const unpaidOrders = async (userId: number) =>
  (await shop.server.deps.db.selectFrom('orders').select('id').where('user_id', '=', userId).where('status', '=', 'PENDING').execute()).length;

describe('a refusal that a lapsed hold explains', () => {
  it('a refusal that a lapsed hold explains is not given: the lapsed orders are swept, and the order is placed', async () => {
    // The buyer's own orders, all lapsed but not swept yet (the timer runs each minute): the limit would count them.
    const productId = await makeProduct(shop.server, 1_000);
    const buyer = await buyerWithCart(productId);
    const lapsed = [];
    for (let i = 0; i < MAX_UNPAID_ORDERS; i++) lapsed.push((await checkout(buyer.token)).body.data!.orderId);
    const past = new Date(Date.now() - 1000).toISOString();
    await shop.server.deps.db.updateTable('orders').set({ reservation_expires_at: past }).where('id', 'in', lapsed).execute();
    const placed = await checkout(buyer.token);
    expect(placed.status).toBe(201);
    expect(await unpaidOrders(buyer.id)).toBe(1);

    // Another buyer's lapsed hold on the last units: a second buyer gets them.
    const scarce = await makeProduct(shop.server, 2);
    const first = await buyerWithCart(scarce, 2);
    const held = (await checkout(first.token)).body.data!.orderId;
    const second = await buyerWithCart(scarce, 2);
    expect((await checkout(second.token)).status).toBe(409);
    await shop.server.deps.db.updateTable('orders').set({ reservation_expires_at: past }).where('id', '=', held).execute();
    expect((await checkout(second.token)).status).toBe(201);
    const swept = await shop.server.deps.db.selectFrom('orders').select('status').where('id', '=', held).executeTakeFirstOrThrow();
    expect(swept.status).toBe('CANCELLED');
    expect(await stockOf(shop.server, scarce)).toBe(0);
  });
});
