import { describe, expect, it } from 'vitest';
import { acceptLoad, arriveLoad, collectLoad, countLineIn } from '../../src/server/modules/transport/life';
import { buyerAccount } from '../../src/server/modules/ussd/phone-accounts';
import { USSD_TEXTS, ussdTexts } from '../../src/server/modules/ussd/texts';
import { toGsm } from '../../src/server/platform/messages/sms-text';
import { shopServer } from '../support/shop';
import { sessionToken } from '../support/session';
import { paidOrderFromTamale, transporterNamed } from '../support/transport';
import { choiceFor, dial, freshCaller } from '../support/ussd';

/**
 * Issue 40 item 6: USSD's My orders says where a paid order's goods are on the road, for a
 * number whose account also buys in the app (USSD orders themselves do not travel yet).
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
