import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { trialBalance } from '../../src/server/modules/ledger/balances';
import { balanceOf } from '../../src/server/modules/ledger/post';
import { computedRoadKm, expectedReadyAt, feeVatMinor, transportFeeMinor } from '../../src/shared/transport';
import { makeProduct, makeUser, putInCart, sellerNamed, shopServer } from '../support/shop';

/**
 * Issue 40, item 3: a price before paying. The quote of the buyer's cart per consignment (one
 * seller's lines to one destination; none from the same warehouse), the checkout charging it,
 * its consignments written with the order, and the fee held in escrow with the goods.
 */
const shop = shopServer();
const db = () => shop.server.deps.db;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });

async function warehouseNamed(name: string) {
  return db().selectFrom('warehouses').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
}
const quote = async (token: string, pickupLocationId: number | string) => json(await shop.server.call(`/shop/checkout/quote?pickupLocationId=${pickupLocationId}`, { token }));
const checkout = async (token: string, pickupLocationId: number) =>
  json(await shop.server.call('/shop/checkout', { method: 'POST', token, json: { pickupLocationId, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: `024${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}` } }));

/** A buyer with Kofi's yams (drop-off Tamale), Ama's (drop-off Kumasi) and the demo seller's (drop-off Accra) in the cart. */
async function buyerWithThreeSellers() {
  const [kofi, ama, kwame] = await Promise.all(['kofi.farms@akuafo.demo', 'ama.agro@akuafo.demo', 'seller@akuafo.demo'].map((e) => sellerNamed(shop.server, e)));
  const buyer = await makeUser(shop.server);
  const products = { kofi: await makeProduct(shop.server, 50, 2_000, kofi!.id), ama: await makeProduct(shop.server, 50, 3_000, ama!.id), kwame: await makeProduct(shop.server, 50, 1_000, kwame!.id) };
  await putInCart(shop.server, buyer.id, products.kofi, 8); // 8 × 2.5 kg = 20 kg of yams
  await putInCart(shop.server, buyer.id, products.ama, 2); // 5 kg
  await putInCart(shop.server, buyer.id, products.kwame, 1);
  return { buyer, kofi: kofi!, ama: ama!, kwame: kwame!, products };
}

describe('GET /shop/checkout/quote', () => {
  it('prices one consignment per seller whose drop-off is elsewhere, none for the same warehouse, with weight, road distance, fee and expected date', async () => {
    const { buyer, kofi, ama } = await buyerWithThreeSellers();
    const [accra, tamale, kumasi] = await Promise.all(['Accra Hub', 'Tamale Depot', 'Kumasi Hub'].map(warehouseNamed));
    const tariff = { rateMinorPerTonneKm: 150, minFeeMinor: 1_000, maxFeeMinor: 200_000 };
    const before = Date.now();
    const { status, body } = await quote(buyer.token, accra!.id);
    expect(status).toBe(200);
    const q = body.data;
    expect(q.consignments).toHaveLength(2);
    const fromTamale = q.consignments.find((c: any) => c.sellerId === kofi.id);
    const km = computedRoadKm(tamale as { latitude: number; longitude: number }, accra as { latitude: number; longitude: number });
    expect(fromTamale).toMatchObject({ fromWarehouseId: tamale!.id, toWarehouseId: accra!.id, weightKg: 20, distanceKm: km, fee: transportFeeMinor(20_000, km, tariff) / 100 });
    // 20 kg × ~554 km × GH₵ 0.0015: about GH₵ 16.6.
    expect(fromTamale.fee).toBeGreaterThan(15);
    expect(fromTamale.fee).toBeLessThan(20);
    const readyAt = Date.parse(fromTamale.expectedReadyAt);
    expect(readyAt).toBeGreaterThanOrEqual(Date.parse(expectedReadyAt(new Date(before), km)));
    // 5 kg from Kumasi pays the minimum, GH₵ 10.
    expect(q.consignments.find((c: any) => c.sellerId === ama.id)).toMatchObject({ fromWarehouseId: kumasi!.id, weightKg: 5, fee: 10 });
    expect(q.transportTotal).toBeCloseTo(fromTamale.fee + 10, 2);
    // Tubers carry no VAT; the fee's VAT is inside it: total = goods + VAT + transport.
    expect(q.subtotal).toBe(8 * 20 + 2 * 30 + 10);
    expect(q.total).toBeCloseTo(q.subtotal + q.tax + q.transportTotal, 2);

    // Collected at Tamale instead: Kofi's lines travel no more, Ama's and the demo seller's do.
    const atTamale = (await quote(buyer.token, tamale!.id)).body.data;
    expect(atTamale.consignments.map((c: any) => c.fromWarehouseId).sort()).toEqual([accra!.id, kumasi!.id].sort());
  });

  it('answers no consignment and no fee when every seller drops off at the pickup warehouse, and refuses an unknown warehouse', async () => {
    const kwame = await sellerNamed(shop.server, 'seller@akuafo.demo');
    const buyer = await makeUser(shop.server);
    await putInCart(shop.server, buyer.id, await makeProduct(shop.server, 5, 1_000, kwame.id), 1);
    const accra = await warehouseNamed('Accra Hub');
    const q = (await quote(buyer.token, accra.id)).body.data;
    expect(q).toMatchObject({ consignments: [], transportTotal: 0, total: 10 });
    const unknown = await quote(buyer.token, 999_999);
    expect(unknown.status).toBe(400);
    expect((await quote(buyer.token, 'x')).status).toBe(400);
    expect((await shop.server.call(`/shop/checkout/quote?pickupLocationId=${accra.id}`)).status).toBe(401);
  });

  it('follows the operator’s tariff, between its minimum and maximum', async () => {
    const admin = await makeUser(shop.server, 'ADMIN');
    const { buyer, kofi } = await buyerWithThreeSellers();
    const accra = await warehouseNamed('Accra Hub');
    const put = (json: unknown, token = admin.token) => shop.server.call('/admin/transport/tariff', { method: 'PUT', token, json });
    expect((await put({ rateMinorPerTonneKm: 150, minFeeMinor: 5_000, maxFeeMinor: 1_000 })).status).toBe(400);
    expect((await put({ rateMinorPerTonneKm: 1_000, minFeeMinor: 1_000, maxFeeMinor: 6_000 }, buyer.token)).status).toBe(403);
    const changed = await json(await put({ rateMinorPerTonneKm: 1_000, minFeeMinor: 1_000, maxFeeMinor: 6_000 }));
    expect(changed.body.data).toMatchObject({ ratePerKgKm: 0.01, minimumFee: 10, maximumFee: 60 });
    try {
      const q = (await quote(buyer.token, accra.id)).body.data;
      // 20 kg × ~554 km × GH₵ 0.01 = GH₵ 110, held to the maximum.
      expect(q.consignments.find((c: any) => c.sellerId === kofi.id).fee).toBe(60);
    } finally {
      await put({ rateMinorPerTonneKm: 150, minFeeMinor: 1_000, maxFeeMinor: 200_000 });
    }
    expect((await json(await shop.server.call('/admin/transport/tariff', { token: admin.token }))).body.data.ratePerKgKm).toBe(0.0015);
  });
});

describe('POST /shop/checkout with transport', () => {
  it('charges the quote’s total, writes the consignments AWAITING_DROP_OFF with their lines, and holds the fees in escrow with the goods', async () => {
    const { buyer, kofi, ama } = await buyerWithThreeSellers();
    const accra = await warehouseNamed('Accra Hub');
    const q = (await quote(buyer.token, accra.id)).body.data;
    const started = await checkout(buyer.token, accra.id);
    expect(started.status).toBe(201);
    expect(started.body.data.amount).toBe(q.total);
    const orderId = started.body.data.orderId;

    const order = await db().selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order.transport_minor).toBe(Math.round(q.transportTotal * 100));
    expect(order.total_minor).toBe(order.subtotal_minor + order.tax_minor + order.transport_minor);
    const consignments = await db().selectFrom('consignments').selectAll().where('order_id', '=', orderId).orderBy('seller_id').execute();
    expect(consignments.map((c) => [c.seller_id, c.status, c.fee_minor])).toEqual(
      q.consignments.map((c: any) => [c.sellerId, 'AWAITING_DROP_OFF', Math.round(c.fee * 100)]).sort((a: number[], b: number[]) => a[0]! - b[0]!),
    );
    for (const c of consignments) {
      expect(c.collection_code).toMatch(/^\d{6}$/);
      expect(c.delivery_code).toMatch(/^\d{6}$/);
    }
    const lines = await db()
      .selectFrom('consignment_lines')
      .innerJoin('order_items', 'order_items.id', 'consignment_lines.order_item_id')
      .innerJoin('products', 'products.id', 'order_items.product_id')
      .select(['consignment_lines.consignment_id', 'products.seller_id'])
      .where('order_items.order_id', '=', orderId)
      .execute();
    // Kofi's line and Ama's each travel; the demo seller's (dropped off at Accra) does not.
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(consignments.find((c) => c.id === line.consignment_id)!.seller_id).toBe(line.seller_id);
    expect(new Set(lines.map((l) => l.seller_id))).toEqual(new Set([kofi.id, ama.id]));

    // Paid: the fees are held for the order, apart from the goods; the books balance.
    expect((await shop.server.call(`/payments/sandbox/${started.body.data.reference}/approve`, { method: 'POST', token: buyer.token })).status).toBe(200);
    expect(await balanceOf(db(), 'transport_held', null, orderId)).toBe(order.transport_minor);
    expect(await balanceOf(db(), 'escrow_held', kofi.id, orderId)).toBe(8 * 2_000);
    const tb = await trialBalance(db());
    expect(tb.debitsMinor).toBe(tb.creditsMinor);

    // The buyer's order shows the fee in its total, and its consignments waiting for the drop-off.
    const detail = (await json(await shop.server.call(`/shop/customers/me/orders/${orderId}`, { token: buyer.token }))).body.data;
    expect(detail.transportTotal).toBe(q.transportTotal);
    expect(detail.consignments.map((c: any) => c.status)).toEqual(['AWAITING_DROP_OFF', 'AWAITING_DROP_OFF']);
    expect(detail.consignments[0]).toMatchObject({ toWarehouse: { name: 'Accra Hub', town: 'Accra' }, events: [] });
    expect(JSON.stringify(detail.consignments)).not.toMatch(/latitude|longitude|collection|delivery/i);

    // Cancelled before collection: the fees are refunded with the goods, the consignments cancelled.
    expect((await shop.server.call(`/shop/customers/me/orders/${orderId}/cancel`, { method: 'POST', token: buyer.token, json: {} })).status).toBe(200);
    expect(await balanceOf(db(), 'transport_held', null, orderId)).toBe(0);
    const refund = await db().selectFrom('refunds').select('amount_minor').where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(refund.amount_minor).toBe(order.total_minor);
    const statuses = await db().selectFrom('consignments').select('status').where('order_id', '=', orderId).execute();
    expect(statuses.map((s) => s.status)).toEqual(['CANCELLED', 'CANCELLED']);
    const after = await trialBalance(db());
    expect(after.debitsMinor).toBe(after.creditsMinor);
    const booked = await db().selectFrom('ledger_entries').select(sql<number>`sum(credit_minor)`.as('c')).where('account', '=', 'refunds_payable').where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(Number(booked.c)).toBe(order.total_minor);
  });

  it('splits a fee’s VAT out of it (transport is standard-rated; the fee includes it)', () => {
    expect(feeVatMinor(1_200)).toBe(200);
    expect(feeVatMinor(1_000)).toBe(167);
  });
});
