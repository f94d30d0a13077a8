import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../src/server/platform/db';
import { notify } from '../../src/server/platform/messages';
import { firstWarehouseId, makeProduct, makeUser } from '../support/shop';
import { startTestServer, type TestServer } from '../support/server';

/** Issue 22.10/22.11: e-mails and SMS use the app's one date format and the pickup words. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function orderIn(status: string, paymentStatus: string, estimated: string | null) {
  const db = server.deps.db;
  const buyer = await makeUser(server);
  const productId = await makeProduct(server, 5);
  const at = now();
  const { id } = await db
    .insertInto('orders')
    .values({
      order_number: `AK-W${Math.random().toString(36).slice(2, 8).toUpperCase()}`, user_id: buyer.id, status, payment_status: paymentStatus,
      pickup_warehouse_id: await firstWarehouseId(server), subtotal_minor: 12_500, discount_minor: 0, tax_minor: 0, shipping_minor: 0, total_minor: 12_500,
      currency: 'GHS', notes: null, agent_code: null, payment_method: 'MOBILE_MONEY', mobile_money_network: 'MTN', mobile_money_number: '0241234567',
      reservation_expires_at: null, estimated_delivery: estimated, delivered_at: null, created_at: at, updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('order_items').values({ order_id: id, product_id: productId, product_name: 'Okra', unit_price_minor: 12_500, quantity: 1, total_minor: 12_500 }).execute();
  await notify(db, { kind: 'order.status', orderId: id });
  return db.selectFrom('messages').select(['channel', 'subject', 'body']).where('user_id', '=', buyer.id).execute();
}

const SHIPPING_WORDS = /\b(Shipped|shipped|Shipping|shipping|Delivery|delivery|Delivered|delivered)\b/;

describe('message words', () => {
  it('writes the expected day as the app does ("27 Nov 2026"), not "Fri Nov 27 2026"', async () => {
    const [email] = await orderIn('PROCESSING', 'PAID', '2026-11-27T12:00:00.000Z');
    expect(email!.body).toContain('Expected to be ready by 27 Nov 2026.');
    expect(email!.body).not.toContain('Fri Nov 27 2026');
  });

  it('says ready for pickup and collected, never shipped or delivered', async () => {
    for (const [status, subject] of [['PROCESSING', /confirmed$/], ['SHIPPED', /is ready for pickup$/], ['DELIVERED', /collected$/]] as const) {
      const rows = await orderIn(status, 'PAID', null);
      expect(rows.find((r) => r.channel === 'email')!.subject).toMatch(subject);
      for (const row of rows) expect(`${row.subject ?? ''} ${row.body}`).not.toMatch(SHIPPING_WORDS);
    }
  });
});
