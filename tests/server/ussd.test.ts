import { describe, expect, it } from 'vitest';
import { adminToken } from '../support/sellers';
import { makeProduct, shopServer, stockOf } from '../support/shop';
import { choiceFor, dial, freshCaller } from '../support/ussd';

const shop = shopServer();
const db = () => shop.server.deps.db;

/** Dials, and walks Buy to the confirm screen for `quantity` of a fresh product. */
async function toConfirm(quantity = 2, phone = freshCaller()) {
  const productId = await makeProduct(shop.server, 10, 1_250);
  const name = (await db().selectFrom('products').select('name').where('id', '=', productId).executeTakeFirstOrThrow()).name;
  const call = dial(shop.server, phone);
  expect((await call.press()).text).toContain('1. Buy');
  let screen = await call.press('1');
  if (screen.text.includes('region')) {
    while (!screen.text.includes('Ashanti')) screen = await call.press('98');
    screen = await call.press(choiceFor(screen, 'Ashanti'));
  }
  expect(screen.text).toContain('Buy: choose a category');
  screen = await call.press(choiceFor(screen, 'Tubers'));
  screen = await call.press(choiceFor(screen, name.slice(0, 15)));
  expect(screen.text).toContain('GHS 12.50 each');
  screen = await call.press(String(quantity));
  expect(screen.text).toContain('Pick up at:');
  screen = await call.press('1');
  expect(screen.text).toMatch(/Total GHS \d+\.\d\d/);
  return { call, productId, screen };
}

const ordersOf = (phone: string) =>
  db().selectFrom('orders').innerJoin('phone_accounts', 'phone_accounts.user_id', 'orders.user_id').selectAll('orders').where('phone_accounts.phone', '=', `0${phone.slice(4)}`).execute();

describe('USSD: buy and pay', () => {
  it('buys by USSD, pays on the sandbox prompt, makes a phone-only account, and the order is like any other', async () => {
    const { call, productId, screen } = await toConfirm(2);
    const prompt = await call.press('1');
    expect(prompt.kind).toBe('CON');
    expect(prompt.text).toContain('SANDBOX');
    expect(prompt.text).toContain('1. Approve');
    expect(prompt.text).toContain('2. Decline');
    expect(await stockOf(shop.server, productId)).toBe(8);
    const done = await call.press('1');
    expect(done.kind).toBe('END');
    expect(done.text).toContain('Paid');

    const [order] = await ordersOf(call.phoneNumber);
    expect(order).toMatchObject({ channel: 'ussd', status: 'PROCESSING', payment_status: 'PAID' });
    expect(screen.text).toContain(`GHS ${(order!.total_minor / 100).toFixed(2)}`);
    const user = await db().selectFrom('users').selectAll().where('id', '=', order!.user_id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: null, user_type: 'CUSTOMER', phone: `0${call.phoneNumber.slice(4)}` });
    const audit = await db().selectFrom('audit_log').selectAll().where('action', '=', 'ussd.order').where('target_id', '=', order!.id).execute();
    expect(audit).toHaveLength(1);
    // SMS, not e-mail: the account has no address.
    const messages = await db().selectFrom('messages').select(['channel', 'recipient', 'body']).where('user_id', '=', user.id).execute();
    expect(messages.some((m) => m.channel === 'email')).toBe(false);
    expect(messages.some((m) => m.channel === 'sms' && m.recipient === call.phoneNumber)).toBe(true);
    // In the operator console like any other order.
    const admin = await shop.server.call(`/admin/orders?search=${order!.order_number}`, { token: await adminToken(shop.server) });
    expect(JSON.stringify(await admin.json())).toContain(order!.order_number);
  });

  it("refuses a seller's number its own listing with a sentence, and places no order (issue 37)", async () => {
    // toConfirm's product is the first seller's: this number is that seller's, linked for USSD selling.
    const seller = await db().selectFrom('users').select('id').where('user_type', '=', 'SELLER').orderBy('id').executeTakeFirstOrThrow();
    const phone = freshCaller();
    const at = new Date().toISOString();
    await db().insertInto('phone_accounts').values({ phone: `0${phone.slice(4)}`, user_id: seller.id, ussd_region: 'Ashanti', created_at: at, updated_at: at }).execute();
    const before = await db().selectFrom('orders').select('id').where('user_id', '=', seller.id).execute();
    const { call, productId } = await toConfirm(2, phone);
    const refused = await call.press('1');
    expect(refused.kind).toBe('CON');
    expect(refused.text).toContain('That is your own listing: you cannot buy it.');
    expect(await db().selectFrom('orders').select('id').where('user_id', '=', seller.id).execute()).toEqual(before);
    expect(await stockOf(shop.server, productId)).toBe(10);
  });

  it('a declined prompt says so and offers to try again; the retry pays the same order', async () => {
    const { call } = await toConfirm(1);
    await call.press('1');
    const declined = await call.press('2');
    expect(declined.kind).toBe('CON');
    expect(declined.text).toContain('declined');
    expect(declined.text).toContain('1. Try again');
    const prompt = await call.press('1');
    expect(prompt.text).toContain('SANDBOX');
    expect((await call.press('1')).text).toContain('Paid');
    const [order] = await ordersOf(call.phoneNumber);
    const payments = await db().selectFrom('payments').select('status').where('order_id', '=', order!.id).orderBy('id').execute();
    expect(payments.map((p) => p.status)).toEqual(['FAILED', 'SUCCESS']);
  });

  it('asks the region once per number', async () => {
    const phone = freshCaller();
    const first = await toConfirm(1, phone);
    expect(first.screen.kind).toBe('CON');
    const again = dial(shop.server, phone);
    expect((await again.press()).text).toContain('Continue where you left off?');
    expect((await again.press('2')).text).toContain('1. Buy');
    expect((await again.press('1')).text).toContain('Buy: choose a category');
  });
});

describe('USSD: my orders', () => {
  it('shows the last three orders with their state, and the pickup code once ready', async () => {
    const { call } = await toConfirm(1);
    await call.press('1');
    await call.press('1');
    const [order] = await ordersOf(call.phoneNumber);
    await db().updateTable('orders').set({ status: 'SHIPPED', pickup_code: '482913' }).where('id', '=', order!.id).execute();
    const mine = dial(shop.server, call.phoneNumber);
    await mine.press();
    const list = await mine.press('2');
    // The order's number as the SMS and the app say it, not "#45".
    expect(list.text).toContain(`1. ${order!.order_number} Ready for pickup`);
    expect(list.text).not.toContain('#');
    const screen = await mine.press('1');
    expect(screen.text).toContain(`${order!.order_number}: Ready for pickup, code 482913`);
    const warehouse = await db().selectFrom('warehouses').select('name').where('id', '=', order!.pickup_warehouse_id).executeTakeFirstOrThrow();
    expect(screen.text).toContain(`Pickup: ${warehouse.name}`);
    expect(screen.text).toContain(`Total GHS ${(order!.total_minor / 100).toFixed(2)}`);

    const stranger = dial(shop.server);
    await stranger.press();
    expect((await stranger.press('2')).text).toContain('no orders');
  });
});

describe('USSD: sell', () => {
  it('a linked seller lists produce; it waits for review marked as listed by phone', async () => {
    const seller = await db().selectFrom('users').select('id').where('user_type', '=', 'SELLER').orderBy('id').executeTakeFirstOrThrow();
    const phone = freshCaller();
    const at = new Date().toISOString();
    await db().insertInto('phone_accounts').values({ phone: `0${phone.slice(4)}`, user_id: seller.id, ussd_region: null, created_at: at, updated_at: at }).execute();
    const call = dial(shop.server, phone);
    await call.press();
    let screen = await call.press('3');
    screen = await call.press(choiceFor(screen, 'Vegetables'));
    expect(screen.text).toContain('Product name');
    await call.press('Garden eggs');
    await call.press('25');
    screen = await call.press('7.50');
    expect(screen.text).toContain('List 25 x Garden eggs at GHS 7.50 each?');
    const done = await call.press('1');
    expect(done.kind).toBe('END');
    const row = await db().selectFrom('product_submissions').selectAll().where('seller_id', '=', seller.id).where('name', '=', 'Garden eggs').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'PENDING', listed_by_phone: 1, price_minor: 750, stock_quantity: 25, category: 'Vegetables' });
  });

});

describe('USSD: sessions that survive the network', () => {
  it('offers a session dropped a moment ago back, at the screen it was on', async () => {
    const { call } = await toConfirm(3);
    const again = dial(shop.server, call.phoneNumber);
    const offer = await again.press();
    expect(offer.text).toContain('Continue where you left off?');
    const back = await again.press('1');
    expect(back.text).toMatch(/3 x Test yam/);
    // Dropped again: offered again; "Start again" closes it, and the next call starts at the menu.
    const third = dial(shop.server, call.phoneNumber);
    expect((await third.press()).text).toContain('Continue where you left off?');
    expect((await third.press('2')).text).toContain('1. Buy');
    expect((await dial(shop.server, call.phoneNumber).press()).text).toContain('1. Buy');
  });

  it('a retried request (same session and text) gets the same screen and places one order, even 20 at once', async () => {
    const { call } = await toConfirm(1);
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => (i === 0 ? call.press('1') : call.again())));
    const prompts = burst.filter((s) => s.text.includes('SANDBOX'));
    expect(prompts.length).toBeGreaterThan(0);
    for (const s of burst) expect(s.status).toBe(200);
    expect(await ordersOf(call.phoneNumber)).toHaveLength(1);
    const retried = await call.again();
    expect(retried.text).toBe(prompts[0]!.text);
    expect(await ordersOf(call.phoneNumber)).toHaveLength(1);
  });
});

describe('USSD: bad input on every screen', () => {
  const bad = ['abc', '99', '', 'x'.repeat(200)];

  it('answers letters, 99, nothing and 200 characters with a clear screen, never an error', async () => {
    const phone = freshCaller();
    // Every screen on the way to a sandbox prompt: each gets every bad answer, then the good one.
    const productId = await makeProduct(shop.server, 5, 900);
    const name = (await db().selectFrom('products').select('name').where('id', '=', productId).executeTakeFirstOrThrow()).name;
    const call = dial(shop.server, phone);
    await call.press();
    const tryBad = async () => {
      for (const input of bad) {
        const answer = await call.press(input);
        expect(answer.status).toBe(200);
        expect(answer.kind).toBe('CON');
        expect(answer.text).toMatch(/Please/);
      }
    };
    await tryBad();
    let screen = await call.press('1');
    await tryBad();
    while (!screen.text.includes('Ashanti')) screen = await call.press('98');
    screen = await call.press(choiceFor(screen, 'Ashanti'));
    await tryBad();
    screen = await call.press(choiceFor(screen, 'Tubers'));
    await tryBad();
    await call.press(choiceFor(screen, name.slice(0, 15)));
    await tryBad();
    await call.press('1');
    await tryBad();
    await call.press('1');
    await tryBad();
    screen = await call.press('1');
    expect(screen.text).toContain('SANDBOX');
    await tryBad();
    expect((await call.press('2')).text).toContain('declined');
    await tryBad();
    expect((await call.press('1')).text).toContain('SANDBOX');
  });
});
