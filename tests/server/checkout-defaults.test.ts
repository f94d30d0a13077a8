import { describe, expect, it } from 'vitest';
import type { CheckoutDefaults } from '../../src/shared/schemas/checkout';
import { makeProduct, makeUser, putInCart, shopServer } from '../support/shop';

/**
 * Issue 22.4: the checkout form starts with the buyer's usual pickup warehouse (their last
 * order's, else one in their home region) and the wallet number of their profile.
 */
const shop = shopServer();

const defaults = async (token: string) => {
  const res = await shop.server.call('/shop/checkout/defaults', { token });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: CheckoutDefaults }).data;
};

async function warehouseIn(region: string) {
  return (await shop.server.deps.db.selectFrom('warehouses').select('id').where('region', '=', region).orderBy('id').executeTakeFirstOrThrow()).id;
}

describe('GET /shop/checkout/defaults', () => {
  it('suggests a warehouse in the home region and the profile number before any order', async () => {
    const buyer = await makeUser(shop.server);
    expect(await defaults(buyer.token)).toEqual({ pickupLocationId: null, mobileMoneyNumber: '0241234567', mobileMoneyNetwork: 'MTN' });
    await shop.server.call('/shop/customers/me/addresses', { method: 'POST', token: buyer.token, json: { street: '4 Harper Road', city: 'Kumasi', region: 'Ashanti', country: 'Ghana' } });
    expect((await defaults(buyer.token)).pickupLocationId).toBe(await warehouseIn('Ashanti'));
  });

  it("then the last order's warehouse, and the last order's wallet when the profile has no mobile number", async () => {
    const buyer = await makeUser(shop.server);
    await shop.server.deps.db.updateTable('users').set({ phone: null }).where('id', '=', buyer.id).execute();
    const northern = await warehouseIn('Northern');
    await putInCart(shop.server, buyer.id, await makeProduct(shop.server, 5), 1);
    const started = await shop.server.call('/shop/checkout', { method: 'POST', token: buyer.token, json: { pickupLocationId: northern, mobileMoneyNetwork: 'AIRTEL_TIGO', mobileMoneyNumber: '0271234567' } });
    expect(started.status).toBe(201);
    expect(await defaults(buyer.token)).toEqual({ pickupLocationId: northern, mobileMoneyNumber: '0271234567', mobileMoneyNetwork: 'AIRTEL_TIGO' });
  });

  it('needs a signed-in buyer', async () => {
    expect((await shop.server.call('/shop/checkout/defaults')).status).toBe(401);
  });
});
