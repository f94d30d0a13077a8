import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundLines } from '../../src/server/modules/orders/refund-lines';
import { cancelOrder } from '../../src/server/modules/orders/cancel';
import { runDueRefunds } from '../../src/server/modules/orders/refunds';
import { balanceOf } from '../../src/server/modules/ledger/post';
import { trialBalance } from '../../src/server/modules/ledger/balances';
import { inTransaction } from '../../src/server/platform/db/transactions';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import { startTestServer, type TestServer } from '../support/server';
import { paidOrderFromTamale, transporterNamed, warehouseNamed } from '../support/transport';
import { acceptLoad, collectLoad, countLineIn } from '../../src/server/modules/transport/life';
import { dropOffAt, firstWarehouseId, makeProduct, makeUser, putInCart, sellerNamed } from '../support/shop';

/** Refunds of some lines of a paid order (issue 40 item 7; issue 41 calls the same service). */
let server: TestServer;
let warehouseId: number;
let kofi: Awaited<ReturnType<typeof sellerNamed>>;
let ama: Awaited<ReturnType<typeof sellerNamed>>;
beforeAll(async () => {
  server = await startTestServer();
  warehouseId = await firstWarehouseId(server);
  kofi = await sellerNamed(server, 'kofi.farms@akuafo.demo');
  ama = await sellerNamed(server, 'ama.agro@akuafo.demo');
  await dropOffAt(server, warehouseId, [kofi.id, ama.id]);
});
afterAll(() => server.close());

/** Kofi sells 2 × GH₵ 20.00 and Ama 1 × GH₵ 30.00 to a new buyer, at the buyer's own warehouse. */
async function paidOrder() {
  const buyer = await makeUser(server);
  const kofiProduct = await makeProduct(server, 10, 2_000, kofi.id);
  const amaProduct = await makeProduct(server, 10, 3_000, ama.id);
  await putInCart(server, buyer.id, kofiProduct, 2);
  await putInCart(server, buyer.id, amaProduct, 1);
  const res = await server.call('/shop/checkout', { method: 'POST', token: buyer.token, json: { pickupLocationId: warehouseId, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: '0241234567' } });
  const started = ((await res.json()) as { data: CheckoutStarted }).data;
  await server.call(`/payments/sandbox/${started.reference}/approve`, { method: 'POST', token: buyer.token });
  const lines = await server.deps.db.selectFrom('order_items').select(['id', 'product_id', 'total_minor']).where('order_id', '=', started.orderId).orderBy('id').execute();
  return { buyer, orderId: started.orderId, kofiProduct, amaProduct, kofiLine: lines.find((l) => l.product_id === kofiProduct)!, amaLine: lines.find((l) => l.product_id === amaProduct)! };
}

const db = () => server.deps.db;
const paymentOf = (orderId: number) => db().selectFrom('payments').select(['id', 'amount_minor']).where('order_id', '=', orderId).where('status', '=', 'SUCCESS').executeTakeFirstOrThrow();
const refundsOf = (orderId: number) => db().selectFrom('refunds').select(['part_key', 'amount_minor', 'status']).where('order_id', '=', orderId).orderBy('id').execute();
const stockOf = async (productId: number) => (await db().selectFrom('products').select('stock_quantity').where('id', '=', productId).executeTakeFirstOrThrow()).stock_quantity;
const refund = (orderId: number, itemIds: number[], reason = 'Lost on the road') => inTransaction(db(), (trx) => refundLines(trx, { orderId, itemIds, reason, by: 'operator' }));
async function sentOnce(orderId: number) {
  const sent = await db().selectFrom('ledger_transactions').select('event_key').where('order_id', '=', orderId).where('kind', '=', 'refund.sent').execute();
  expect(sent.length).toBe((await refundsOf(orderId)).length);
}
async function expectBalanced() {
  const tb = await trialBalance(db());
  expect(tb.debitsMinor).toBe(tb.creditsMinor);
}

describe('refundLines', () => {
  it('a part refund then a cancel of the rest: the buyer gets back exactly what they paid, each part sent once', async () => {
    const { orderId, amaLine } = await paidOrder();
    const payment = await paymentOf(orderId);
    expect(await refund(orderId, [amaLine.id])).toBe(amaLine.total_minor);
    expect(await balanceOf(db(), 'escrow_held', ama.id, orderId)).toBe(0);
    await runDueRefunds(server.deps);
    await inTransaction(db(), (trx) => cancelOrder(trx, orderId, 'operator', 'The buyer asked'));
    await runDueRefunds(server.deps);
    await runDueRefunds(server.deps);
    const refunds = await refundsOf(orderId);
    expect(refunds.map((r) => r.part_key)).toEqual([`lines:${amaLine.id}`, 'order']);
    expect(refunds.every((r) => r.status === 'COMPLETED')).toBe(true);
    expect(refunds.reduce((sum, r) => sum + r.amount_minor, 0)).toBe(payment.amount_minor);
    await sentOnce(orderId);
    expect(await balanceOf(db(), 'escrow_held', kofi.id, orderId)).toBe(0);
    const order = await db().selectFrom('orders').select(['status', 'payment_status']).where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'CANCELLED', payment_status: 'REFUNDED' });
    await expectBalanced();
  });

  it('60 refunds of one line at once refund it once', async () => {
    const { orderId, kofiLine } = await paidOrder();
    const results = await Promise.allSettled(Array.from({ length: 60 }, () => refund(orderId, [kofiLine.id])));
    const owed = results.filter((r) => r.status === 'fulfilled').map((r) => (r as PromiseFulfilledResult<number>).value);
    expect(owed.filter((v) => v > 0)).toEqual([kofiLine.total_minor]);
    expect((await refundsOf(orderId)).map((r) => r.amount_minor)).toEqual([kofiLine.total_minor]);
    expect(await refund(orderId, [kofiLine.id])).toBe(0);
    await runDueRefunds(server.deps);
    await runDueRefunds(server.deps);
    await sentOnce(orderId);
    await expectBalanced();
  });

  it('a refunded (lost) line is not put back in stock when the order is cancelled; the other line is', async () => {
    const { orderId, kofiLine, amaLine, kofiProduct, amaProduct } = await paidOrder();
    await refund(orderId, [kofiLine.id]);
    const [kofiStock, amaStock] = [await stockOf(kofiProduct), await stockOf(amaProduct)];
    await inTransaction(db(), (trx) => cancelOrder(trx, orderId, 'operator', undefined));
    expect(await stockOf(kofiProduct)).toBe(kofiStock);
    expect(await stockOf(amaProduct)).toBe(amaStock + 1);
    expect(amaLine.total_minor).toBe(3_000);
    await expectBalanced();
  });

  it('refunding every line cancels the order; the lines left all at the warehouse make it ready', async () => {
    const { orderId, kofiLine, amaLine } = await paidOrder();
    await refund(orderId, [kofiLine.id, amaLine.id]);
    expect((await db().selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status).toBe('CANCELLED');
    expect((await refundsOf(orderId)).map((r) => r.part_key)).toEqual([`lines:${kofiLine.id},${amaLine.id}`]);

    const second = await paidOrder();
    await db().updateTable('order_items').set({ at_warehouse_at: new Date().toISOString() }).where('id', '=', second.amaLine.id).execute();
    await refund(second.orderId, [second.kofiLine.id]);
    expect((await db().selectFrom('orders').select('status').where('id', '=', second.orderId).executeTakeFirstOrThrow()).status).toBe('SHIPPED');
    await expectBalanced();
  });

  it("a consignment whose lines are all refunded gives its fee back too; another order's line is 404", async () => {
    // Kofi drops off at Tamale again, so his lines travel to the buyer's Accra warehouse.
    await dropOffAt(server, (await warehouseNamed(server, 'Tamale Depot')).id, [kofi.id]);
    const { orderId, lines, consignment } = await paidOrderFromTamale(server);
    const payment = await paymentOf(orderId);
    const otherLine = await db().selectFrom('order_items').select('id').where('order_id', '!=', orderId).executeTakeFirstOrThrow();
    await expect(refund(orderId, [otherLine.id])).rejects.toMatchObject({ status: 404 });
    await refund(orderId, [lines[0]!]);
    expect(await balanceOf(db(), 'transport_held', null, orderId)).toBe(consignment.fee_minor);
    await refund(orderId, [lines[1]!]);
    expect(await balanceOf(db(), 'transport_held', null, orderId)).toBe(0);
    const refunds = await refundsOf(orderId);
    expect(refunds.reduce((sum, r) => sum + r.amount_minor, 0)).toBe(payment.amount_minor);
    expect((await db().selectFrom('consignments').select('status').where('id', '=', consignment.id).executeTakeFirstOrThrow()).status).toBe('CANCELLED');
    await runDueRefunds(server.deps);
    await sentOnce(orderId);
    await expectBalanced();
  });

  it('refuses lines on the road (409): they may yet arrive and release their fee', async () => {
    await dropOffAt(server, (await warehouseNamed(server, 'Tamale Depot')).id, [kofi.id]);
    const { orderId, lines, consignment } = await paidOrderFromTamale(server);
    for (const line of lines) await countLineIn(db(), { operator: true }, orderId, line);
    const driver = await transporterNamed(server);
    await acceptLoad(db(), driver, consignment.id);
    await collectLoad(db(), { operator: true }, consignment.id, consignment.collection_code);
    await expect(refund(orderId, lines)).rejects.toMatchObject({ status: 409 });
    expect(await refundsOf(orderId)).toEqual([]);
  });
});
