import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { foldAllPaidSales } from '../../src/server/modules/market-prices/index-update';
import { collectWithCode, markLineAtWarehouse } from '../../src/server/modules/orders/fulfilment';
import { nextCatalogueVersion } from '../../src/server/platform/db/catalogue-versions';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import { freshWallet, makeProduct, makeUser, putInCart, type Shop } from './shop';

/** Price-index fixtures (issue 28): a commodity of the test's own, listings under it, paid orders. */
export function marketFixtures(shop: Shop) {
  /** A commodity of this test's own, so the demo seed's trade does not mix in. */
  async function freshCommodity(category = 'Grains') {
    const id = `test-${randomUUID().slice(0, 8)}`;
    await shop.server.deps.db.insertInto('commodities').values({ id, name: `Test maize ${id}`, unit: '50 kg bag', category, words: id, position: 999 }).execute();
    return id;
  }

  /** A product change as the catalogue makes one: with the next catalogue version. */
  async function changeListing(id: number, values: { commodity_id?: string; region?: string; price_minor?: number; is_active?: number }) {
    await shop.server.deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('products').set({ ...values, version: await nextCatalogueVersion(trx) }).where('id', '=', id).execute();
    });
  }

  /** A seller of the test's own: the index publishes paid prices only from MIN_SELLERS distinct sellers. */
  async function freshSeller() {
    const { id } = await makeUser(shop.server);
    await shop.server.deps.db.updateTable('users').set({ user_type: 'SELLER' }).where('id', '=', id).execute();
    return id;
  }

  /** A listing under the commodity, each by a fresh seller unless one is named. */
  async function listing(commodityId: string, priceMinor: number, region = 'Upper West', sellerId?: number) {
    const id = await makeProduct(shop.server, 100, priceMinor, sellerId ?? (await freshSeller()));
    await changeListing(id, { commodity_id: commodityId, region });
    return id;
  }

  /** What the price-index job does a moment after a payment: the paid sales join their cells. */
  const fold = () => foldAllPaidSales(shop.server.deps.db);

  /**
   * A fresh buyer's order of `quantity` of a product, taken as far as `stage`: paid through the
   * sandbox, then (the default) brought to the warehouse and collected, when the index counts
   * it, and the index job run after. `buyer` buys with an account of the test's own.
   */
  async function buy(productId: number, quantity: number, stage: 'unpaid' | 'paid' | 'collected' = 'collected', buyer?: { id: number; token: string }) {
    buyer ??= await makeUser(shop.server);
    await putInCart(shop.server, buyer.id, productId, quantity);
    const res = await shop.server.call('/shop/checkout', {
      method: 'POST',
      token: buyer.token,
      json: { pickupLocationId: shop.warehouseId, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: freshWallet() },
    });
    expect(res.status).toBe(201);
    const started = ((await res.json()) as { data: CheckoutStarted }).data;
    if (stage !== 'unpaid') {
      expect((await shop.server.call(`/payments/sandbox/${started.reference}/approve`, { method: 'POST', token: buyer.token })).status).toBeLessThan(300);
      if (stage === 'collected') await collect(started.orderId);
      await fold();
    }
    return { buyer, orderId: started.orderId };
  }

  /** A paid order's lines brought to the warehouse and the order handed over with its code (as the operator does). */
  async function collect(orderId: number) {
    const db = shop.server.deps.db;
    await db.transaction().execute(async (trx) => {
      for (const line of await trx.selectFrom('order_items').select('id').where('order_id', '=', orderId).execute()) await markLineAtWarehouse(trx, { operator: true }, orderId, line.id);
    });
    await db.transaction().execute(async (trx) => {
      const { pickup_code } = await trx.selectFrom('orders').select('pickup_code').where('id', '=', orderId).executeTakeFirstOrThrow();
      await collectWithCode(trx, orderId, pickup_code!);
    });
  }

  return { freshCommodity, freshSeller, changeListing, listing, buy, collect, fold };
}
