import { describe, expect, it } from 'vitest';
import { now } from '../../src/server/platform/db';
import { notify } from '../../src/server/platform/messages';
import { firstWarehouseId, makeProduct, makeUser, shopServer } from '../support/shop';
import { choiceFor, dial, freshCaller } from '../support/ussd';

/**
 * Issue 37.8: the confirmation e-mail listed GH₵ 450.00 + GH₵ 320.00 and "Total GH₵ 834.00"
 * with no tax line. Maize (exempt) and a hoe (Tools, 20 % VAT): every message shows the parts
 * the total is made of (shared/totals.ts), and they add up.
 */
const shop = shopServer();
const db = () => shop.server.deps.db;

async function twoLineOrder(buyerId: number, over: { status: string; payment_status: string; channel?: 'app' | 'ussd' }) {
  const at = now();
  const { id } = await db()
    .insertInto('orders')
    .values({
      order_number: `AK-T${Math.random().toString(36).slice(2, 8).toUpperCase()}`, user_id: buyerId, pickup_warehouse_id: await firstWarehouseId(shop.server),
      subtotal_minor: 77_000, discount_minor: 0, tax_minor: 6_400, shipping_minor: 0, total_minor: 83_400, currency: 'GHS', notes: null, agent_code: null,
      payment_method: 'MOBILE_MONEY', mobile_money_network: 'MTN', mobile_money_number: '0241234567', reservation_expires_at: null,
      estimated_delivery: '2026-12-04T12:00:00.000Z', delivered_at: null, created_at: at, updated_at: at, ...over,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const maize = await makeProduct(shop.server, 5, 45_000);
  const hoe = await makeProduct(shop.server, 5, 32_000);
  await db().insertInto('order_items').values([
    { order_id: id, product_id: maize, product_name: 'White maize, 50 kg', unit_price_minor: 45_000, quantity: 1, total_minor: 45_000 },
    { order_id: id, product_id: hoe, product_name: 'Steel hoe', unit_price_minor: 32_000, quantity: 1, total_minor: 32_000 },
  ]).execute();
  return id;
}
const messagesOf = (userId: number) => db().selectFrom('messages').select(['channel', 'subject', 'body']).where('user_id', '=', userId).orderBy('id').execute();

describe('a total in a message is shown with its parts', () => {
  it('the paid e-mail lists the lines, then goods, VAT and the total; the SMS says the same in one line', async () => {
    const buyer = await makeUser(shop.server);
    await notify(db(), { kind: 'order.status', orderId: await twoLineOrder(buyer.id, { status: 'PROCESSING', payment_status: 'PAID' }) });
    const [email, sms] = await messagesOf(buyer.id);
    expect(email!.channel).toBe('email');
    expect(email!.body).toContain(['  1 × White maize, 50 kg: GH₵ 450.00', '  1 × Steel hoe: GH₵ 320.00', '  Goods: GH₵ 770.00', '  VAT: GH₵ 64.00', '  Total: GH₵ 834.00'].join('\n'));
    expect(sms!.channel).toBe('sms');
    expect(sms!.body).toMatch(/^Akuafo Market: order AK-T\w+ is paid: GHS 834\.00 \(Goods GHS 770\.00 \+ VAT GHS 64\.00\)\./);
  });

  it('a USSD buyer is told the total with its parts when the order is placed', async () => {
    const buyer = await makeUser(shop.server);
    await notify(db(), { kind: 'order.placed', orderId: await twoLineOrder(buyer.id, { status: 'PENDING', payment_status: 'PENDING', channel: 'ussd' }) });
    const sms = (await messagesOf(buyer.id)).find((m) => m.channel === 'sms');
    expect(sms!.body).toMatch(/^Akuafo Market: order AK-T\w+ placed, total GHS 834\.00 \(Goods GHS 770\.00 \+ VAT GHS 64\.00\)\./);
  });

  it('the USSD confirm screen shows the goods and the VAT that make its total', async () => {
    const productId = await makeProduct(shop.server, 10, 1_250);
    await db().updateTable('products').set({ category: 'Tools' }).where('id', '=', productId).execute();
    const name = (await db().selectFrom('products').select('name').where('id', '=', productId).executeTakeFirstOrThrow()).name;
    const call = dial(shop.server, freshCaller());
    await call.press();
    let screen = await call.press('1');
    while (!screen.text.includes('Ashanti')) screen = await call.press('98');
    screen = await call.press(choiceFor(screen, 'Ashanti'));
    while (!screen.text.includes('Tools')) screen = await call.press('98');
    screen = await call.press(choiceFor(screen, 'Tools'));
    while (!screen.text.includes(name.slice(0, 15))) screen = await call.press('98');
    await call.press(choiceFor(screen, name.slice(0, 15)));
    await call.press('2');
    screen = await call.press('1');
    // The seller drops off at Accra and the goods are collected at Kumasi: the fee (the tariff's minimum) is a part too (issue 40).
    expect(screen.text).toContain('Total GHS 40.00 (Goods GHS 25.00 + Transport GHS 10.00 + VAT GHS 5.00)');
    expect(screen.text).toContain('0. Back');
  });
});
