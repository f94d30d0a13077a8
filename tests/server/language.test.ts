import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../src/server/platform/db';
import { notify } from '../../src/server/platform/messages';
import { ORDER_WORDS, type OrderFacts, type OrderNews } from '../../src/server/platform/messages/order-words';
import { fitSms, gsmLength } from '../../src/server/platform/messages/sms-text';
import { firstWarehouseId, makeProduct, makeUser } from '../support/shop';
import { startTestServer, type TestServer } from '../support/server';

/** Issue 27: the account's language (users.language) and the words sent in it. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function call(method: string, path: string, token?: string, json?: unknown) {
  const response = await server.call(path, { method, token, json });
  return { status: response.status, body: (await response.json()) as any };
}

async function paidOrder(buyerId: number) {
  const db = server.deps.db;
  const productId = await makeProduct(server, 5);
  const at = now();
  const { id } = await db
    .insertInto('orders')
    .values({
      order_number: `AK-L${Math.random().toString(36).slice(2, 8).toUpperCase()}`, user_id: buyerId, status: 'PROCESSING', payment_status: 'PAID',
      pickup_warehouse_id: await firstWarehouseId(server), subtotal_minor: 12_500, discount_minor: 0, tax_minor: 0, shipping_minor: 0, total_minor: 12_500,
      currency: 'GHS', notes: null, agent_code: null, payment_method: 'MOBILE_MONEY', mobile_money_network: 'MTN', mobile_money_number: '0241234567',
      reservation_expires_at: null, estimated_delivery: '2026-11-27T12:00:00.000Z', delivered_at: null, created_at: at, updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('order_items').values({ order_id: id, product_id: productId, product_name: 'Okra', unit_price_minor: 12_500, quantity: 1, total_minor: 12_500 }).execute();
  await notify(db, { kind: 'order.status', orderId: id });
  return db.selectFrom('messages').select(['channel', 'subject', 'body']).where('user_id', '=', buyerId).orderBy('id').execute();
}

describe('the account remembers its language', () => {
  it('keeps the language chosen through the profile API, and refuses one it does not speak', async () => {
    const buyer = await makeUser(server);
    expect((await call('GET', '/shop/customers/me', buyer.token)).body.data.language).toBeNull();
    const chosen = await call('PATCH', '/shop/customers/me', buyer.token, { language: 'ak' });
    expect(chosen.status).toBe(200);
    expect(chosen.body.data.language).toBe('ak');
    const bad = await call('PATCH', '/shop/customers/me', buyer.token, { language: 'fr' });
    expect(bad.status).toBe(400);
    // The account speaks Twi now, so its refusals do too (error-language.ts).
    expect(bad.body.fieldErrors.language).toBe('Paw kasa yi mu biako: en, ak');
    expect((await call('GET', '/shop/customers/me', buyer.token)).body.data.language).toBe('ak');
  });
});

describe('messages in the account language', () => {
  it('sends a signed-in buyer who chose Twi the paid-order SMS and e-mail in Twi, the SMS in one GSM part', async () => {
    const buyer = await makeUser(server);
    expect((await call('PATCH', '/shop/customers/me', buyer.token, { language: 'ak' })).status).toBe(200);
    const [email, sms] = await paidOrder(buyer.id);
    expect(email!.subject).toMatch(/^Yɛagye w’adetɔ AK-L\w+ atom$/);
    expect(email!.body).toContain('Esi, ɛte sɛn?');
    expect(email!.body).toContain('ansa na 27 Obubuo 2026 adu');
    expect(email!.body).toContain('GH₵ 125.00');
    // Plain letters: ɛ and ɔ spelt e and o, so the SMS stays GSM-7 (160 a part).
    expect(sms!.body).toMatch(/^Akuafo Market: woatua adeto AK-L\w+ ho ka: GHS 125\.00 \(VAT nni ho\)\./);
    expect(sms!.body).not.toMatch(/[ɛɔƐƆ]/);
    expect(gsmLength(sms!.body)).toBeLessThanOrEqual(160);
  });

  it('keeps English for a buyer who chose nothing', async () => {
    const buyer = await makeUser(server);
    const [email, sms] = await paidOrder(buyer.id);
    expect(email!.subject).toMatch(/^Order AK-L\w+ confirmed$/);
    expect(sms!.body).toMatch(/^Akuafo Market: order AK-L\w+ is paid/);
  });

  it('keeps every Twi SMS within one GSM-7 part (two at most) with the longest facts', () => {
    const facts: OrderFacts = {
      no: 'AK-20261124-ABCDEFGH',
      total: 'GH₵ 123,456.78',
      parts: { goods: 10_288_065, vat: 2_057_613 },
      warehouseName: 'Kumasi Central Warehouse (Adum)',
      warehouseAddress: 'Plot 12, Harper Road, Adum, Kumasi, Ashanti Region',
      items: [],
      estimatedReady: null,
      pickupCode: '482913',
      refundDue: true,
    };
    const all: OrderNews[] = ['paid', 'ready', 'collected', 'paymentFailed', 'refunded', 'cancelled'];
    for (const news of all) {
      const text = fitSms(...(ORDER_WORDS.ak!(news, facts).sms as [string, ...string[]]));
      expect(gsmLength(text), `${news}: ${text}`).toBeLessThanOrEqual(160);
      expect(text, news).toMatch(/^Akuafo Market: /);
    }
  });
});
