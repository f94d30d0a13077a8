import { describe, expect, it } from 'vitest';
import { acceptLoad, arriveLoad, collectLoad, countLineIn } from '../../src/server/modules/transport/life';
import { CONSIGNMENT_WORDS, type ConsignmentNews } from '../../src/server/platform/messages/consignment-words';
import { fitSms, gsmLength, SMS_LIMIT } from '../../src/server/platform/messages/sms-text';
import { now } from '../../src/server/platform/db';
import { freshWallet, makeProduct, makeUser, putInCart, sellerNamed, shopServer } from '../support/shop';
import { paidOrderFromTamale, transporterNamed, warehouseNamed } from '../support/transport';

/**
 * Issue 40 item 6: the buyer hears each milestone of their goods on the road, one SMS and one
 * push in their language naming the order, queued with the step; a replayed step says nothing.
 */
const shop = shopServer();
const db = () => shop.server.deps.db;

/** A buyer with a push device, in the language given. */
async function buyerSpeaking(language: 'en' | 'ak') {
  const buyer = await makeUser(shop.server);
  await db().updateTable('users').set({ language }).where('id', '=', buyer.id).execute();
  await db().insertInto('push_subscriptions').values({ user_id: buyer.id, endpoint: `https://push.example.test/send/buyer-${buyer.id}`, p256dh: 'k', auth: 'a', created_at: now() }).execute();
  return buyer;
}

/** What the buyer was sent since the last look, by channel. */
function inbox(userId: number) {
  let seen = 0;
  return async () => {
    const rows = await db().selectFrom('messages').select(['id', 'channel', 'body', 'subject']).where('user_id', '=', userId).where('id', '>', seen).orderBy('id').execute();
    seen = rows.at(-1)?.id ?? seen;
    return { sms: rows.filter((r) => r.channel === 'sms').map((r) => r.body), push: rows.filter((r) => r.channel === 'push').map((r) => r.body), email: rows.filter((r) => r.channel === 'email').map((r) => r.subject) };
  };
}
const nothing = { sms: [], push: [], email: [] };

describe("a consignment's milestones", () => {
  it('each queue one SMS and one push in the buyer’s Twi, naming the order; counting, collecting or receiving again queues nothing more', async () => {
    const buyer = await buyerSpeaking('ak');
    const o = await paidOrderFromTamale(shop.server, buyer);
    const { order_number: no } = await db().selectFrom('orders').select('order_number').where('id', '=', o.orderId).executeTakeFirstOrThrow();
    const news = inbox(buyer.id);
    await news(); // the paid notice

    await countLineIn(db(), { warehouseId: o.tamale.id }, o.orderId, o.lines[0]!);
    expect(await news()).toEqual(nothing); // a line still missing: not yet at the origin
    await countLineIn(db(), { warehouseId: o.tamale.id }, o.orderId, o.lines[1]!);
    const atOrigin = await news();
    expect(atOrigin.sms).toHaveLength(1);
    expect(atOrigin.push).toHaveLength(1);
    expect(atOrigin.email).toEqual([]);
    expect(atOrigin.sms[0]).toMatch(new RegExp(`^Akuafo Market: adeto ${no}: wode wo nneema aba Tamale adekoradan mu; eretwen osoafo a ode beko Accra\\. Ebeye krado ansa na .+ adu\\.$`));
    expect(atOrigin.push[0]).toMatch(/Ɛwɔ Tamale/);
    expect(gsmLength(atOrigin.sms[0]!)).toBeLessThanOrEqual(SMS_LIMIT);
    await countLineIn(db(), { warehouseId: o.tamale.id }, o.orderId, o.lines[1]!);
    expect(await news()).toEqual(nothing);

    const kwame = await transporterNamed(shop.server, 'Kwame');
    await acceptLoad(db(), kwame, o.consignment.id);
    expect(await news()).toEqual(nothing); // accepted: still at Tamale, nothing to tell yet

    await collectLoad(db(), { warehouseId: o.tamale.id }, o.consignment.id, o.consignment.collection_code);
    const collected = await news();
    expect(collected.sms).toEqual([expect.stringMatching(new RegExp(`^Akuafo Market: adeto ${no}: wo nneema afi Tamale reko Accra; Kwame na osoa\\.`))]);
    expect(collected.push).toHaveLength(1);
    await collectLoad(db(), { warehouseId: o.tamale.id }, o.consignment.id, o.consignment.collection_code);
    expect(await news()).toEqual(nothing);

    // The only consignment arrives: the order is ready, and the ready notice (with the pickup code) is the one SMS.
    await arriveLoad(db(), { warehouseId: o.accra.id }, o.consignment.id, o.consignment.delivery_code);
    const { pickup_code } = await db().selectFrom('orders').select('pickup_code').where('id', '=', o.orderId).executeTakeFirstOrThrow();
    const ready = await news();
    expect(ready.sms).toHaveLength(1);
    expect(ready.sms[0]).toContain(`adeto ${no} aye krado`);
    expect(ready.sms[0]).toContain(pickup_code!);
    expect(ready.push).toHaveLength(1);
    await arriveLoad(db(), { warehouseId: o.accra.id }, o.consignment.id, o.consignment.delivery_code);
    expect(await news()).toEqual(nothing);
  });

  it('queue one SMS and one push per milestone when the same step is sent 20 times at once', async () => {
    const buyer = await buyerSpeaking('en');
    const o = await paidOrderFromTamale(shop.server, buyer);
    const news = inbox(buyer.id);
    await countLineIn(db(), { warehouseId: o.tamale.id }, o.orderId, o.lines[0]!);
    await news();
    const twenty = <T,>(step: () => Promise<T>) => Promise.all(Array.from({ length: 20 }, step));
    await twenty(() => countLineIn(db(), { warehouseId: o.tamale.id }, o.orderId, o.lines[1]!));
    expect(await news()).toMatchObject({ sms: [expect.stringContaining('dropped off at Tamale')], push: [expect.any(String)] });
    await acceptLoad(db(), await transporterNamed(shop.server, 'Kwame'), o.consignment.id);
    await twenty(() => collectLoad(db(), { warehouseId: o.tamale.id }, o.consignment.id, o.consignment.collection_code));
    expect(await news()).toMatchObject({ sms: [expect.stringContaining('left Tamale for Accra with Kwame')], push: [expect.any(String)] });
    await twenty(() => arriveLoad(db(), { warehouseId: o.accra.id }, o.consignment.id, o.consignment.delivery_code));
    expect(await news()).toMatchObject({ sms: [expect.stringContaining('ready for pickup')], push: [expect.any(String)] });
  });

  it('tells an English buyer of an arrival while the order still waits for another consignment', async () => {
    const buyer = await buyerSpeaking('en');
    const [kofi, ama] = [await sellerNamed(shop.server, 'kofi.farms@akuafo.demo'), await sellerNamed(shop.server, 'ama.agro@akuafo.demo')];
    await putInCart(shop.server, buyer.id, await makeProduct(shop.server, 50, 2_000, kofi.id), 3);
    await putInCart(shop.server, buyer.id, await makeProduct(shop.server, 50, 2_000, ama.id), 3);
    const accra = await warehouseNamed(shop.server, 'Accra Hub');
    const started = await shop.server.call('/shop/checkout', { method: 'POST', token: buyer.token, json: { pickupLocationId: accra.id, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: freshWallet() } });
    const { reference, orderId } = ((await started.json()) as { data: { reference: string; orderId: number } }).data;
    expect((await shop.server.call(`/payments/sandbox/${reference}/approve`, { method: 'POST', token: buyer.token })).status).toBe(200);
    const { order_number: no } = await db().selectFrom('orders').select('order_number').where('id', '=', orderId).executeTakeFirstOrThrow();
    const tamale = await warehouseNamed(shop.server, 'Tamale Depot');
    const fromTamale = await db().selectFrom('consignments').selectAll().where('order_id', '=', orderId).where('from_warehouse_id', '=', tamale.id).executeTakeFirstOrThrow();
    const lines = await db().selectFrom('consignment_lines').select('order_item_id').where('consignment_id', '=', fromTamale.id).execute();
    for (const l of lines) await countLineIn(db(), { warehouseId: tamale.id }, orderId, l.order_item_id);
    await acceptLoad(db(), await transporterNamed(shop.server, 'Abena'), fromTamale.id);
    await collectLoad(db(), { warehouseId: tamale.id }, fromTamale.id, fromTamale.collection_code);
    const news = inbox(buyer.id);
    await news();

    await arriveLoad(db(), { warehouseId: accra.id }, fromTamale.id, fromTamale.delivery_code);
    const arrived = await news();
    expect(arrived.sms).toEqual([`Akuafo Market: order ${no}: your goods from Tamale arrived at Accra. We will text you when the whole order is ready for pickup.`]);
    expect(arrived.push).toEqual(['Arrived at Accra from Tamale. We will tell you when the whole order is ready for pickup.']);
    expect(arrived.email).toEqual([]);
    expect((await db().selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow()).status).toBe('PROCESSING');
  });

  it('are plain GSM letters in one SMS in both languages, with long names, and the Twi differs from the English', () => {
    const facts = { no: 'AK-20261124-ABCDEFGH', from: 'Sefwi Wiawso Depot', to: 'Kumasi Central Warehouse', carrier: 'Oluwaseun-Kwabena', expectedReadyAt: '2026-12-31T18:00:00.000Z' };
    for (const news of ['AT_ORIGIN', 'IN_TRANSIT', 'ARRIVED'] satisfies ConsignmentNews[]) {
      const [en, ak] = [CONSIGNMENT_WORDS.en!(news, facts), CONSIGNMENT_WORDS.ak!(news, facts)];
      for (const words of [en, ak]) {
        const sms = fitSms(...(words.sms as [string, ...string[]]));
        expect(sms, news).toMatch(/^Akuafo Market: /);
        expect(sms, news).toContain(facts.no);
        expect(gsmLength(sms), `${news}: ${sms}`).toBeLessThanOrEqual(SMS_LIMIT);
      }
      expect(ak.sms[0]).not.toBe(en.sms[0]);
      expect(ak.push).not.toBe(en.push);
    }
  });
});
