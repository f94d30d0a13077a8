import { describe, expect, it } from 'vitest';
import { currentCatalogueVersion } from '../../src/server/platform/db/catalogue-versions';
import { makeProduct, shopServer, stockOf } from '../support/shop';
import { dial, freshCaller, pressToListing } from '../support/ussd';

/**
 * The last units, sixty USSD callers confirming at the same instant. On PostgreSQL a one-line
 * order takes its stock in its order's own statement (checkout/order-write.ts); on SQLite by
 * reserveStock. Either way: never oversold, a refused caller is told how many are left (or sold
 * out), and nothing of a refused order remains.
 */
const shop = shopServer();
const db = () => shop.server.deps.db;
const CALLERS = 60;

async function atConfirm(name: string, quantity: number) {
  const call = dial(shop.server, freshCaller());
  await pressToListing((input) => call.press(input), name);
  await call.press(String(quantity));
  expect((await call.press('1')).text).toMatch(/Total GHS/);
  return call;
}

describe('USSD: sixty confirms at once of the last units', () => {
  it('sells exactly what there is, tells the rest what is left, and accounts for every unit', async () => {
    const STOCK = 7;
    const productId = await makeProduct(shop.server, STOCK, 1_000);
    const name = (await db().selectFrom('products').select('name').where('id', '=', productId).executeTakeFirstOrThrow()).name;
    // Two each: three orders fit, and the fourth finds one left.
    const calls = [];
    for (let i = 0; i < CALLERS; i += 10) calls.push(...(await Promise.all(Array.from({ length: 10 }, () => atConfirm(name, 2)))));
    const versionBefore = await currentCatalogueVersion(db());

    const screens = await Promise.all(calls.map((call) => call.press('1')));

    expect(screens.every((s) => s.status === 200)).toBe(true);
    const placed = screens.filter((s) => s.text.includes('SANDBOX'));
    const refused = screens.filter((s) => !s.text.includes('SANDBOX'));
    expect(placed).toHaveLength(3);
    for (const s of refused) expect(s.text).toMatch(/Sorry, only 1 left\.|Sorry, that is sold out/);
    expect(refused.some((s) => s.text.includes('only 1 left'))).toBe(true);

    // Every unit accounted for: the stock left and the lines of the orders that hold it.
    const lines = await db()
      .selectFrom('order_items')
      .innerJoin('orders', 'orders.id', 'order_items.order_id')
      .select(['orders.id', 'orders.order_number', 'orders.status', 'order_items.quantity'])
      .where('order_items.product_id', '=', productId)
      .execute();
    expect(lines).toHaveLength(3);
    expect(lines.every((l) => l.status === 'PENDING' && l.quantity === 2)).toBe(true);
    expect(await stockOf(shop.server, productId)).toBe(STOCK - 6);
    for (const s of placed) expect(lines.map((l) => l.order_number).some((no) => s.text.includes(no))).toBe(true);
    // Each placed order has its history and payment; a refused one left no order, payment or SMS.
    const ids = lines.map((l) => l.id);
    expect(await db().selectFrom('order_status_history').select('order_id').where('order_id', 'in', ids).where('status', '=', 'ORDER_PLACED').execute()).toHaveLength(3);
    expect(await db().selectFrom('payments').select('order_id').where('order_id', 'in', ids).where('status', '=', 'PENDING').execute()).toHaveLength(3);
    const placedSms = await db().selectFrom('messages').select('body').where('channel', '=', 'sms').where('topic', '=', 'orders').where('body', 'like', '%placed%').execute();
    expect(placedSms.filter((m) => lines.some((l) => m.body.includes(l.order_number)))).toHaveLength(3);
    // Each reservation took a catalogue version, so the phones' mirrors see the new stock.
    expect(await currentCatalogueVersion(db())).toBeGreaterThanOrEqual(versionBefore + 3);
  });
});
