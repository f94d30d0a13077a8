import { describe, expect, it } from 'vitest';
import { gsmLength, SMS_LIMIT } from '../../src/server/platform/messages/sms-text';
import { renderEvent } from '../../src/server/platform/messages/render';
import { makeProduct, shopServer } from '../support/shop';
import { dial, freshCaller, pressToListing } from '../support/ussd';

const shop = shopServer();
const db = () => shop.server.deps.db;

/** Buys one item by USSD and declines the sandbox prompt; the order row. */
async function declinedOrder(phone: string) {
  const productId = await makeProduct(shop.server, 5, 1_250);
  const name = (await db().selectFrom('products').select('name').where('id', '=', productId).executeTakeFirstOrThrow()).name;
  const call = dial(shop.server, phone);
  await pressToListing((input) => call.press(input), name);
  await call.press('1');
  await call.press('1');
  await call.press('1');
  expect((await call.press('2')).text).toContain('declined');
  return db().selectFrom('orders').innerJoin('phone_accounts', 'phone_accounts.user_id', 'orders.user_id').selectAll('orders').where('phone_accounts.phone', '=', `0${phone.slice(4)}`).executeTakeFirstOrThrow();
}

const smsTo = (userId: number) => db().selectFrom('messages').select(['body', 'topic']).where('user_id', '=', userId).where('channel', '=', 'sms').orderBy('id').execute();

function expectOneGsmSms(text: string) {
  expect(gsmLength(text)).toBeLessThanOrEqual(SMS_LIMIT);
  expect(text).not.toMatch(/[₵…]/);
}

describe('USSD buyers hear by SMS', () => {
  it('order placed (number, total), payment failed (how to retry, with the code dialed), ready for pickup (warehouse, code)', async () => {
    const phone = freshCaller();
    const order = await declinedOrder(phone);
    const [placed, failed] = await smsTo(order.user_id);
    expect(placed!.body).toContain(`order ${order.order_number} placed, total GHS ${(order.total_minor / 100).toFixed(2)}`);
    expect(failed!.body).toContain(`payment of GHS ${(order.total_minor / 100).toFixed(2)} for order ${order.order_number} failed`);
    expect(failed!.body).toContain('dial *920*44#, choose 2 My orders');
    for (const m of [placed!, failed!]) expectOneGsmSms(m.body);

    await db().updateTable('orders').set({ status: 'SHIPPED', pickup_code: '482913' }).where('id', '=', order.id).execute();
    const [ready] = await renderEvent(db(), { kind: 'order.status', orderId: order.id });
    expect(ready!.sms!.text).toContain('ready for pickup at');
    expect(ready!.sms!.text).toContain('Your pickup code is 482913');
    expectOneGsmSms(ready!.sms!.text);
    expect(ready!.email).toBeUndefined();
  });

  it('each fits one GSM SMS at the longest: a six-figure total, the longest warehouse name, a long dialed code', async () => {
    const order = await declinedOrder(freshCaller());
    const longest = await db().selectFrom('warehouses').select(['id', 'name']).execute();
    const warehouse = longest.sort((a, b) => b.name.length - a.name.length)[0]!;
    await db().updateTable('orders').set({ subtotal_minor: 83_332_333, tax_minor: 16_666_666, shipping_minor: 0, transport_minor: 1_000, discount_minor: 0, total_minor: 99_999_999, pickup_warehouse_id: warehouse.id, ussd_code: '*920*4444*99#', order_number: 'ORD-2026-999999' }).where('id', '=', order.id).execute();
    const texts: string[] = [];
    texts.push((await renderEvent(db(), { kind: 'order.placed', orderId: order.id }))[0]!.sms!.text);
    texts.push((await renderEvent(db(), { kind: 'order.status', orderId: order.id }))[0]!.sms!.text);
    await db().updateTable('orders').set({ status: 'SHIPPED', pickup_code: '482913' }).where('id', '=', order.id).execute();
    texts.push((await renderEvent(db(), { kind: 'order.status', orderId: order.id }))[0]!.sms!.text);
    for (const text of texts) expectOneGsmSms(text);
    // The essentials survive the fitting: the number and total, how to retry, the code.
    expect(texts[0]).toContain('GHS 999,999.99');
    expect(texts[1]).toContain('*920*4444*99#');
    expect(texts[2]).toContain('482913');
  });
});
