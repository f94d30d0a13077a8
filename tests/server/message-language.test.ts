import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_WORDS } from '../../src/server/modules/accounts/mail-words';
import { payoutFailedNotice, payoutSentNotice, tellPayoutAccountChanged, tellSellers } from '../../src/server/modules/payouts/notices';
import { now } from '../../src/server/platform/db';
import { LISTING_WORDS, SOLD_WORDS, USSD_ORDER_WORDS, type ListingNews } from '../../src/server/platform/messages/seller-words';
import { renderEvent } from '../../src/server/platform/messages/render';
import { fitSms, gsmLength, SMS_LIMIT } from '../../src/server/platform/messages/sms-text';
import type { OrderWords } from '../../src/server/platform/messages/order-words';
import { firstWarehouseId, makeProduct, makeUser } from '../support/shop';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Issue 27, item 4: every kind of message the outbox sends (beyond the buyer's order news,
 * tests/server/language.test.ts) comes in the person's language: a seller's sale and listing
 * decisions, a USSD buyer's order placed and failed payment. A Twi SMS is plain letters (GSM-7)
 * and at most two parts even with long facts.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const language = (id: number, code: 'ak' | 'en') => server.deps.db.updateTable('users').set({ language: code }).where('id', '=', id).execute();

const LONG = {
  no: 'AK-20261124-ABCDEFGH',
  total: 'GH₵ 123,456.78',
  warehouseName: 'Kumasi Central Warehouse (Adum)',
  warehouseAddress: 'Plot 12, Harper Road, Adum, Kumasi, Ashanti Region',
  name: 'Fresh white puna yam from Ejura, large tubers, sold by the hundred',
  reason: 'The photos show a different product from the title; please take new photos in daylight and say the weight of one tuber.'.repeat(2),
};

function expectTwiSms(words: OrderWords, english: OrderWords, what: string) {
  const sms = fitSms(...(words.sms as [string, ...string[]]));
  expect(sms, what).toMatch(/^Akuafo Market: /);
  expect(sms, what).not.toMatch(/[ɛɔƐƆ]/);
  expect(gsmLength(sms), `${what}: ${sms}`).toBeLessThanOrEqual(2 * SMS_LIMIT);
  expect(words.subject, what).not.toBe(english.subject);
  expect(words.push, what).not.toBe(english.push);
  expect(sms, what).not.toBe(fitSms(...(english.sms as [string, ...string[]])));
}

describe('the words of each kind, in Twi', () => {
  it('a sale, each listing decision, a USSD order placed and its failed payment: Twi subject, push and SMS, the SMS plain letters within two parts', () => {
    const sold = { no: LONG.no, what: ['120 x Puna yam', '40 x Okra'], lines: ['  120 x Puna yam: GH₵ 6,000.00'], amount: LONG.total, warehouseName: LONG.warehouseName, warehouseAddress: LONG.warehouseAddress };
    expectTwiSms(SOLD_WORDS.ak!(sold), SOLD_WORDS.en!(sold), 'sold');
    for (const news of ['approved', 'rejected', 'changesRejected'] as ListingNews[]) {
      expectTwiSms(LISTING_WORDS.ak!(news, LONG.name, LONG.reason), LISTING_WORDS.en!(news, LONG.name, LONG.reason), news);
    }
    const ussd = { no: LONG.no, total: LONG.total, parts: { goods: 10_288_065, vat: 2_057_613 }, warehouseName: LONG.warehouseName, ussdCode: '*920*44#' };
    expectTwiSms(USSD_ORDER_WORDS.ak!.placed(ussd), USSD_ORDER_WORDS.en!.placed(ussd), 'placed');
    expectTwiSms(USSD_ORDER_WORDS.ak!.paymentFailed(ussd), USSD_ORDER_WORDS.en!.paymentFailed(ussd), 'paymentFailed');
  });
});

describe('the outbox picks the words by the account language', () => {
  async function paidOrder(buyerId: number, sellerId: number, channel: 'web' | 'ussd' = 'web') {
    const db = server.deps.db;
    const productId = await makeProduct(server, 5, 12_500, sellerId);
    const at = now();
    const { id } = await db
      .insertInto('orders')
      .values({
        order_number: `AK-M${Math.random().toString(36).slice(2, 8).toUpperCase()}`, user_id: buyerId, status: 'PROCESSING', payment_status: 'PAID',
        pickup_warehouse_id: await firstWarehouseId(server), subtotal_minor: 12_500, discount_minor: 0, tax_minor: 0, shipping_minor: 0, total_minor: 12_500,
        currency: 'GHS', notes: null, agent_code: null, payment_method: 'MOBILE_MONEY', mobile_money_network: 'MTN', mobile_money_number: '0241234567',
        reservation_expires_at: null, estimated_delivery: null, delivered_at: null, created_at: at, updated_at: at, channel, ussd_code: channel === 'ussd' ? '*920*44#' : null,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('order_items').values({ order_id: id, product_id: productId, product_name: 'Okra', unit_price_minor: 12_500, quantity: 1, total_minor: 12_500 }).execute();
    return id;
  }

  it("a seller who chose Twi hears of a sale in Twi; one who chose nothing, in English", async () => {
    const buyer = await makeUser(server);
    const seller = await makeUser(server);
    await server.deps.db.updateTable('users').set({ user_type: 'SELLER' }).where('id', '=', seller.id).execute();
    const orderId = await paidOrder(buyer.id, seller.id);
    const [english] = await renderEvent(server.deps.db, { kind: 'order.sold', orderId });
    expect(english!.sms!.text).toMatch(/^Akuafo Market: you sold 1 x Okra/);
    await language(seller.id, 'ak');
    const [twi] = await renderEvent(server.deps.db, { kind: 'order.sold', orderId });
    expect(twi!.push.title).toMatch(/^Wotɔn 1 x Okra \(adetɔ AK-M\w+\)$/);
    expect(twi!.email!.text).toContain('ɛte sɛn?');
    expect(twi!.sms!.text).toMatch(/^Akuafo Market: woton 1 x Okra/);
    expect(gsmLength(twi!.sms!.text)).toBeLessThanOrEqual(SMS_LIMIT);
  });

  it('a USSD buyer who chose Twi hears the order placed in Twi', async () => {
    const buyer = await makeUser(server);
    const seller = await makeUser(server);
    const orderId = await paidOrder(buyer.id, seller.id, 'ussd');
    await language(buyer.id, 'ak');
    const [placed] = await renderEvent(server.deps.db, { kind: 'order.placed', orderId });
    expect(placed!.sms!.text).toMatch(/^Akuafo Market: woaye adeto AK-M\w+, ka nyinaa GH/);
    expect(placed!.push.body).toMatch(/^Woayɛ adetɔ: /);
  });
});

describe("the account's e-mails and texts", () => {
  const sent = (recipient: string) =>
    server.deps.db.selectFrom('messages').select(['channel', 'subject', 'body']).where('recipient', '=', recipient).orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('a new account gets its code in the language its sign-up page was read in', async () => {
    const email = `twi-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const registered = await server.call('/shop/customers/register', {
      method: 'POST',
      headers: { cookie: 'akuafo-lang=ak' },
      json: { firstName: 'Ama', lastName: 'Mensah', email, password: 'Akuafo#2026', phoneNumber: '0241234567', address: { street: '1 Adum Road', city: 'Kumasi', region: 'Ashanti', country: 'Ghana' } },
    });
    expect(registered.status).toBe(201);
    const mail = await sent(email);
    expect(mail.subject).toMatch(/^Wo Akuafo Market kood: \d{6}$/);
    expect(mail.body).toContain('Ama, ɛte sɛn?');
  });

  it('a password reset comes in the account language; a forged language is English, not a crash', async () => {
    const buyer = await makeUser(server);
    await language(buyer.id, 'ak');
    expect((await server.call('/auth/password/reset-request', { method: 'POST', json: { email: buyer.email } })).status).toBe(200);
    expect((await sent(buyer.email)).subject).toBe('Sesa w’Akuafo Market ahintasɛm');

    const forged = await makeUser(server);
    await server.deps.db.updateTable('users').set({ language: 'constructor' }).where('id', '=', forged.id).execute();
    expect((await server.call('/auth/password/reset-request', { method: 'POST', json: { email: forged.email } })).status).toBe(200);
    expect((await sent(forged.email)).subject).toBe('Reset your Akuafo Market password');
  });

  it("every account text in Twi is plain letters within two parts, and differs from the English", () => {
    const link = 'https://akuafo.example/undo-change?token=123-abcdefghijklmnopqrstuvwxyz0123456789';
    const pairs: [string, [string, ...string[]], [string, ...string[]]][] = [
      ['new number', ACCOUNT_WORDS.ak!.smsCode('123456', 'new-number'), ACCOUNT_WORDS.en!.smsCode('123456', 'new-number')],
      ['verify', ACCOUNT_WORDS.ak!.smsCode('123456', 'verify'), ACCOUNT_WORDS.en!.smsCode('123456', 'verify')],
      ['sign-in', ACCOUNT_WORDS.ak!.smsSignIn('123456', 10), ACCOUNT_WORDS.en!.smsSignIn('123456', 10)],
      ['changed', ACCOUNT_WORDS.ak!.changed.sms('phone', '0241234567', link), ACCOUNT_WORDS.en!.changed.sms('phone', '0241234567', link)],
      ['removed', ACCOUNT_WORDS.ak!.changed.sms('email', null, link), ACCOUNT_WORDS.en!.changed.sms('email', null, link)],
    ];
    for (const [what, twi, english] of pairs) {
      const text = fitSms(...twi);
      expect(text, what).not.toMatch(/[ɛɔƐƆ]/);
      expect(gsmLength(text), `${what}: ${text}`).toBeLessThanOrEqual(2 * SMS_LIMIT);
      expect(text, what).not.toBe(fitSms(...english));
      expect(text, what).toContain(what === 'removed' || what === 'changed' ? 'Akuafo Market:' : '123456');
    }
  });
});

describe("a seller's money messages", () => {
  it('come in the seller language: payout sent, failed, returned and the account changed; SMS plain letters within two parts', async () => {
    const seller = await makeUser(server);
    await language(seller.id, 'ak');
    const label = 'MTN Mobile Money 024 123 4567 (Kwame Mensah Enterprises)';
    await server.deps.db.transaction().execute(async (trx) => {
      await tellSellers(trx, [payoutSentNotice(seller.id, 12_345_678, label), payoutFailedNotice(seller.id, 12_345_678, label, false), payoutFailedNotice(seller.id, 12_345_678, label, true)]);
      await tellPayoutAccountChanged(trx, seller.id, label);
    });
    const rows = await server.deps.db.selectFrom('messages').select(['channel', 'subject', 'body']).where('user_id', '=', seller.id).orderBy('id').execute();
    const sms = rows.filter((r) => r.channel === 'sms').map((r) => r.body);
    const mails = rows.filter((r) => r.channel === 'email');
    expect(sms).toHaveLength(4);
    expect(mails.map((m) => m.subject)).toEqual(['Yɛde GH₵ 123,456.78 akɔma wo', 'W’akatua no ankɔ', 'W’akatua no ankɔ', 'Wɔasesa w’akatua akawnt']);
    expect(mails[0]!.body).toContain('ɛte sɛn?');
    for (const text of sms) {
      expect(text).not.toMatch(/[ɛɔƐƆ]/);
      expect(gsmLength(text), text).toBeLessThanOrEqual(2 * SMS_LIMIT);
    }
    expect(sms[3]).toMatch(/^Akuafo Market: woasesa w'akatua akawnt aye no MTN Mobile Money/);
  });
});

describe("the contact form's receipt", () => {
  it("comes in the sender's language (cookie or Accept-Language), English otherwise", async () => {
    const send = async (email: string, headers: Record<string, string>) => {
      const response = await server.call('/contact', { method: 'POST', headers, json: { name: 'Kofi Boateng', email, subject: 'My yam order', message: 'When will my yam be ready for pickup?' } });
      expect(response.status).toBe(201);
      return server.deps.db.selectFrom('messages').select(['subject', 'body']).where('recipient', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    };
    const twi = await send('kofi.twi@example.test', { 'accept-language': 'ak' });
    expect(twi.subject).toMatch(/^Yɛanya wo nkra \(nɔma #\d+\)$/);
    expect(twi.body).toContain('Ɛte sɛn?');
    const english = await send('kofi.en@example.test', { cookie: 'akuafo-lang=en', 'accept-language': 'ak' });
    expect(english.subject).toMatch(/^We received your message \(reference #\d+\)$/);
  });
});

describe("a seller's account e-mails", () => {
  it("the verification link in the page's language; the operator's decision in the account's", async () => {
    const email = `seller-${Math.random().toString(36).slice(2, 8)}@example.test`;
    const registered = await server.call('/sellers/register', {
      method: 'POST',
      headers: { 'accept-language': 'ak-GH' },
      json: { firstName: 'Yaa', lastName: 'Asantewaa', email, password: 'Akuafo#2026', phoneNumber: '0241234567', businessName: 'Yaa Farms', businessType: 'FARM', businessRegion: 'Ashanti', ghanaCardNumber: 'GHA-123456789-0' },
    });
    const latest = () => server.deps.db.selectFrom('messages').select(['subject', 'body', 'html']).where('recipient', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(registered.status, await registered.clone().text()).toBe(201);
    const link = await latest();
    expect(link.subject).toBe('Si w’e-mail so dua ma Akuafo Market');
    expect(link.html).toContain('Yaa, ɛte sɛn?');

    const { id } = await server.deps.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    await language(id, 'ak');
    const admin = await makeUser(server, 'ADMIN');
    const decided = await server.call(`/admin/sellers/${id}/verification`, { method: 'POST', token: admin.token, json: { status: 'VERIFIED' } });
    expect(decided.status).toBe(200);
    expect((await latest()).subject).toBe('Yɛahwɛ w’adetɔn akawnt mu');
  });
});
