import { describe, expect, it } from 'vitest';
import { acceptLoad, arriveLoad, collectLoad, countLineIn } from '../../src/server/modules/transport/life';
import { buyerAccount } from '../../src/server/modules/ussd/phone-accounts';
import { USSD_TEXTS, ussdTexts } from '../../src/server/modules/ussd/texts';
import { toGsm } from '../../src/server/platform/messages/sms-text';
import { sessionToken } from '../support/session';
import { paidOrderFromTamale, transporterNamed } from '../support/transport';
import { choiceFor, dial, freshCaller, pageTo, pressToListing } from '../support/ussd';
import { makeProduct, sellerNamed, shopServer } from '../support/shop';
import { planConsignments } from '../../src/server/modules/transport';
import { unitWeightG } from '../../src/shared/transport';

/**
 * Issue 40 item 6: USSD's My orders says where a paid order's goods are on the road, for a
 * number whose account also buys in the app; and USSD orders travel like the app's: the confirm
 * screen says the transport fee and the order charges it.
 */
const shop = shopServer();
const db = () => shop.server.deps.db;
const national = (phone: string) => `0${phone.slice(4)}`;

/** A phone account that ordered Kofi's goods from Tamale in the app, to collect at Accra. */
async function callerWithOrderFromTamale(language: 'en' | 'ak') {
  const phone = freshCaller();
  const id = await buyerAccount(db(), national(phone));
  await db().updateTable('users').set({ language }).where('id', '=', id).execute();
  const o = await paidOrderFromTamale(shop.server, { id, email: '', token: (await sessionToken(shop.server, id)).token });
  const { order_number } = await db().selectFrom('orders').select('order_number').where('id', '=', o.orderId).executeTakeFirstOrThrow();
  return { phone, o, no: order_number };
}

async function orderScreen(phone: string, no: string) {
  const call = dial(shop.server, phone);
  // A session left at the order a moment ago is offered back: this starts again.
  const first = await call.press();
  if ([USSD_TEXTS.resume, ussdTexts('ak').resume].map(toGsm).includes(first.text)) await call.press('2');
  const list = await call.press('2');
  expect(list.text).toContain(no);
  return (await call.press(choiceFor(list, no))).text;
}

describe('USSD My orders, for goods on the road', () => {
  it('says each stage from drop-off to arrival, then the pickup code once ready', async () => {
    const { phone, o, no } = await callerWithOrderFromTamale('en');
    expect(await orderScreen(phone, no)).toContain('\nWaiting for drop-off at Tamale\n');
    for (const line of o.lines) await countLineIn(db(), { warehouseId: o.tamale.id }, o.orderId, line);
    expect(await orderScreen(phone, no)).toContain('\nAt Tamale, waiting for transport\n');
    await acceptLoad(db(), await transporterNamed(shop.server, 'Kwame'), o.consignment.id);
    await collectLoad(db(), { warehouseId: o.tamale.id }, o.consignment.id, o.consignment.collection_code);
    const onTheWay = await orderScreen(phone, no);
    expect(onTheWay).toMatch(new RegExp(`^${no}: Paid\\nOn the way from Tamale\\nTotal GHS`));
    await arriveLoad(db(), { warehouseId: o.accra.id }, o.consignment.id, o.consignment.delivery_code);
    const ready = await orderScreen(phone, no);
    expect(ready).not.toMatch(/Tamale|Arrived/);
    expect(ready).toMatch(/code \d{6}/);
  });

  it('says it in plain-letter Twi for a Twi caller', async () => {
    const { phone, o, no } = await callerWithOrderFromTamale('ak');
    for (const line of o.lines) await countLineIn(db(), { warehouseId: o.tamale.id }, o.orderId, line);
    await acceptLoad(db(), await transporterNamed(shop.server, 'Ama'), o.consignment.id);
    await collectLoad(db(), { warehouseId: o.tamale.id }, o.consignment.id, o.consignment.collection_code);
    expect(await orderScreen(phone, no)).toContain('\nEwo kwan so fi Tamale\n');
  });
});

describe('a USSD order whose goods travel', () => {
  /** Walks Buy to the confirm screen of `quantity` of Kofi's listing (he drops off at Tamale), to collect at `pickup`. */
  async function confirmScreen(call: ReturnType<typeof dial>, name: string, quantity: string, pickup: string) {
    const quantityScreen = await pressToListing(call.press, name);
    expect(quantityScreen.text).toContain('How many?');
    const warehouses = await pageTo(call.press, await call.press(quantity), pickup);
    return call.press(choiceFor(warehouses, pickup));
  }

  it('says the transport fee on the confirm screen, charges it, and the order carries its consignment from Tamale', async () => {
    const kofi = await sellerNamed(shop.server, 'kofi.farms@akuafo.demo');
    const productId = await makeProduct(shop.server, 20, 1_250, kofi.id);
    const product = await db().selectFrom('products').selectAll().where('id', '=', productId).executeTakeFirstOrThrow();
    const accra = await db().selectFrom('warehouses').select('id').where('name', '=', 'Accra Hub').executeTakeFirstOrThrow();
    // The quote's arithmetic, the one the app's checkout charges.
    const [quoted] = await planConsignments(db(), accra.id, [{ ...product, quantity: 4 }], new Date());
    expect(quoted!.feeMinor).toBeGreaterThan(0);
    const fee = `GHS ${(quoted!.feeMinor / 100).toFixed(2)}`;

    const call = dial(shop.server);
    // Three first, then back to four: the screen and the charge follow the quantity shown last.
    expect((await confirmScreen(call, product.name, '3', 'Accra Hub')).text).toContain('+ Transport GHS');
    await call.press('0');
    await call.press('0');
    const warehouses = await pageTo(call.press, await call.press('4'), 'Accra Hub');
    const confirm = await call.press(choiceFor(warehouses, 'Accra Hub'));
    expect(confirm.text).toContain(`Total GHS ${((5_000 + quoted!.feeMinor) / 100).toFixed(2)} (Goods GHS 50.00 + Transport ${fee})`);
    expect(confirm.text.length).toBeLessThanOrEqual(160);
    const prompt = await call.press('1');
    expect(prompt.text).toContain(`Pay GHS ${((5_000 + quoted!.feeMinor) / 100).toFixed(2)} to Akuafo Market`);

    const order = await db().selectFrom('orders').innerJoin('order_items', 'order_items.order_id', 'orders.id').selectAll('orders').where('order_items.product_id', '=', productId).executeTakeFirstOrThrow();
    expect(order.channel).toBe('ussd');
    expect(order.transport_minor).toBe(quoted!.feeMinor);
    expect(order.total_minor).toBe(order.subtotal_minor + order.tax_minor + order.shipping_minor + quoted!.feeMinor);
    const payment = await db().selectFrom('payments').select('amount_minor').where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(payment.amount_minor).toBe(order.total_minor);
    const consignment = await db().selectFrom('consignments').selectAll().where('order_id', '=', order.id).executeTakeFirstOrThrow();
    expect(consignment).toMatchObject({ status: 'AWAITING_DROP_OFF', from_warehouse_id: quoted!.fromWarehouseId, to_warehouse_id: accra.id, fee_minor: quoted!.feeMinor, weight_g: 4 * unitWeightG(product) });
    expect(consignment.collection_code).toMatch(/^\d{6}$/);
    // No handover code is ever kept in the session's row.
    const session = await db().selectFrom('ussd_sessions').select('state').where('session_key', 'like', `%${call.sessionId}`).executeTakeFirstOrThrow();
    expect(session.state).not.toContain(consignment.collection_code);
    expect(session.state).not.toContain(consignment.delivery_code);

    // The SMS of the placed order says the same total with its parts.
    const [paid] = [await call.press('1')];
    expect(paid.text).toContain('Paid');
    const sms = await db().selectFrom('messages').select('body').where('user_id', '=', order.user_id).where('channel', '=', 'sms').orderBy('id').executeTakeFirstOrThrow();
    expect(sms.body).toContain(`total GHS ${(order.total_minor / 100).toFixed(2)} (Goods GHS 50.00 + Transport ${fee})`);
  });

  it('has no fee and no consignment when the buyer collects where the seller drops off', async () => {
    const kofi = await sellerNamed(shop.server, 'kofi.farms@akuafo.demo');
    const productId = await makeProduct(shop.server, 20, 1_250, kofi.id);
    const name = (await db().selectFrom('products').select('name').where('id', '=', productId).executeTakeFirstOrThrow()).name;
    const call = dial(shop.server);
    const confirm = await confirmScreen(call, name, '2', 'Tamale Depot');
    expect(confirm.text).toContain('Total GHS 25.00 (no VAT)');
    await call.press('1');
    const order = await db().selectFrom('orders').innerJoin('order_items', 'order_items.order_id', 'orders.id').select(['orders.id', 'orders.transport_minor', 'orders.total_minor']).where('order_items.product_id', '=', productId).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ transport_minor: 0, total_minor: 2_500 });
    expect(await db().selectFrom('consignments').select('id').where('order_id', '=', order.id).execute()).toHaveLength(0);
  });
});
