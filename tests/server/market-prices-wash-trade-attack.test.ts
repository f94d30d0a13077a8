import { describe, expect, it } from 'vitest';
import type { MarketPriceSummary } from '../../src/shared/schemas/market-prices';
import { CART_MESSAGES } from '../../src/shared/schemas/cart';
import { answerPriceQuery } from '../../src/server/modules/market-prices/sms';
import { marketFixtures } from '../support/market';
import { sessionToken } from '../support/session';
import { freshWallet, makeUser, putInCart, shopServer, stockOf } from '../support/shop';

/**
 * Issue 37, item 1: a seller raises its maize listing from GH₵ 412 to 625, buys 100 of it
 * (with its own account, then with a second one), and the paid median of its region and of
 * the whole country, and the SMS answer, were to read 625. Every step refused or outweighed:
 * the index stays where it was.
 */
const shop = shopServer();
const { freshCommodity, listing, buy, collect } = marketFixtures(shop);
const db = () => shop.server.deps.db;

async function paidNow(commodityId: string, region?: string) {
  const res = await shop.server.call(`/market-prices${region ? `?region=${encodeURIComponent(region)}` : ''}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: MarketPriceSummary[] }).data.find((c) => c.id === commodityId)!.paid;
}

/** A maize market in Bono East: three sellers at GH₵ 412, each sold one bag to a buyer of its own, collected. */
async function market() {
  const commodity = await freshCommodity();
  const attacker = await makeUser(shop.server);
  await db().updateTable('users').set({ user_type: 'SELLER' }).where('id', '=', attacker.id).execute();
  const seller = { id: attacker.id, token: (await sessionToken(shop.server, attacker.id)).token };
  const own = await listing(commodity, 41_200, 'Bono East', seller.id);
  const others = [await listing(commodity, 41_200, 'Bono East'), await listing(commodity, 41_200, 'Bono East')];
  for (const product of [own, ...others]) await buy(product, 1);
  expect(await paidNow(commodity, 'Bono East')).toBe(412);
  expect(await paidNow(commodity)).toBe(412);
  return { commodity, seller, own };
}

describe('attack: a seller moves the price index with wash trades', () => {
  it("refuses the seller its own listing, in the cart and at checkout, with 409 and a sentence; nothing is ordered and the index does not move", async () => {
    const { commodity, seller, own } = await market();
    await db().updateTable('products').set({ price_minor: 62_500, stock_quantity: 1_000 }).where('id', '=', own).execute();

    const add = await shop.server.call('/shop/cart', { method: 'POST', token: seller.token, json: { productId: own, quantity: 100 } });
    expect(add.status).toBe(409);
    expect(((await add.json()) as { message: string }).message).toBe(CART_MESSAGES.ownListing);
    expect(await db().selectFrom('cart_items').select('id').where('user_id', '=', seller.id).execute()).toEqual([]);

    // A cart line that got there another way (written before the rule) is refused at checkout.
    await putInCart(shop.server, seller.id, own, 100);
    const stock = await stockOf(shop.server, own);
    const checkout = await shop.server.call('/shop/checkout', { method: 'POST', token: seller.token, json: { pickupLocationId: shop.warehouseId, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: freshWallet() } });
    expect(checkout.status).toBe(409);
    expect(((await checkout.json()) as { message: string }).message).toBe(CART_MESSAGES.ownListing);
    expect(await db().selectFrom('orders').select('id').where('user_id', '=', seller.id).execute()).toEqual([]);
    expect(await stockOf(shop.server, own)).toBe(stock);
    expect(await paidNow(commodity, 'Bono East')).toBe(412);

    // A seller still buys other sellers' goods.
    const elsewhere = await listing(commodity, 40_000, 'Ashanti');
    const bought = await shop.server.call('/shop/cart', { method: 'POST', token: seller.token, json: { productId: elsewhere, quantity: 1 } });
    expect(bought.status).toBe(200);
  });

  it("a second account's 100 bags at the raised price move nothing while paid and not collected, and once collected cannot outweigh the cell, by SMS either", async () => {
    const { commodity, own } = await market();
    await db().updateTable('products').set({ price_minor: 62_500, stock_quantity: 1_000 }).where('id', '=', own).execute();
    const sms = await answerPriceQuery(db(), commodity, 'Bono East', { language: 'en' });
    expect(sms).toContain('GHS 412.00');

    const second = await buy(own, 100, 'paid');
    const order = await db().selectFrom('orders').select(['status', 'payment_status']).where('id', '=', second.orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'PROCESSING', payment_status: 'PAID' });
    expect(await paidNow(commodity, 'Bono East')).toBe(412);
    expect(await paidNow(commodity)).toBe(412);
    expect(await answerPriceQuery(db(), commodity, 'Bono East', { language: 'en' })).toBe(sms);

    // Collected (the goods changed hands and the commission was paid): one buyer of four, a third of the weight at most.
    await collect(second.orderId);
    // And more orders of the same account add to the same capped share.
    await buy(own, 50, 'collected', second.buyer);
    expect(await paidNow(commodity, 'Bono East')).toBe(412);
    expect(await paidNow(commodity)).toBe(412);
    expect(await answerPriceQuery(db(), commodity, 'Bono East', { language: 'en' })).toBe(sms);
  });
});
