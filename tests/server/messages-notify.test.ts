import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../../src/server/platform/db';
import { notify, notifyInBatch } from '../../src/server/platform/messages';
import { WriteBatch } from '../../src/server/platform/db/write-batch';
import { auditRow } from '../../src/server/modules/audit/service';
import { gsmLength } from '../../src/server/platform/messages/sms-text';
import { writePreferences } from '../../src/server/platform/messages/preferences';
import { firstWarehouseId, makeProduct, makeUser } from '../support/shop';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** An order straight in the database, in the state the test needs. */
async function makeOrder(buyerId: number, productIds: number[], status: string, paymentStatus: string) {
  const db = server.deps.db;
  const at = now();
  const { id } = await db
    .insertInto('orders')
    .values({
      order_number: `AK-T${Math.random().toString(36).slice(2, 8).toUpperCase()}`, user_id: buyerId, status, payment_status: paymentStatus,
      pickup_warehouse_id: await firstWarehouseId(server), subtotal_minor: 25_000, discount_minor: 0, tax_minor: 0, shipping_minor: 0, total_minor: 25_000,
      currency: 'GHS', notes: null, agent_code: null, payment_method: 'MOBILE_MONEY', mobile_money_network: 'MTN', mobile_money_number: '0241234567',
      reservation_expires_at: null, estimated_delivery: null, delivered_at: null, created_at: at, updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const productId of productIds) {
    const product = await db.selectFrom('products').select(['name', 'price_minor']).where('id', '=', productId).executeTakeFirstOrThrow();
    await db.insertInto('order_items').values({ order_id: id, product_id: productId, product_name: product.name, unit_price_minor: product.price_minor, quantity: 2, total_minor: 2 * product.price_minor }).execute();
  }
  return id;
}

const messagesOf = (userId: number) => server.deps.db.selectFrom('messages').selectAll().where('user_id', '=', userId).orderBy('id').execute();

describe('notify writes the outbox', () => {
  it('tells the buyer a paid order by e-mail and one GSM SMS, in cedis, on the default switches', async () => {
    const buyer = await makeUser(server);
    const orderId = await makeOrder(buyer.id, [await makeProduct(server, 5)], 'PROCESSING', 'PAID');
    await notify(server.deps.db, { kind: 'order.status', orderId });
    const rows = await messagesOf(buyer.id);
    expect(rows.map((r) => r.channel)).toEqual(['email', 'sms']);
    const [email, sms] = rows;
    expect(email).toMatchObject({ recipient: buyer.email, status: 'QUEUED', attempts: 0, topic: 'orders', link: `/orders/${orderId}` });
    expect(email!.subject).toMatch(/^Order AK-T\w+ confirmed$/);
    expect(email!.body).toContain('GH₵ 250.00');
    expect(sms!.recipient).toBe('+233241234567');
    expect(sms!.body).toMatch(/^Akuafo Market: order AK-T\w+ is paid: GHS 250\.00 \(no VAT\)\./);
    expect(gsmLength(sms!.body)).toBeLessThanOrEqual(160);
  });

  it('follows the switches: SMS off for orders leaves e-mail only; push goes to each subscribed device', async () => {
    const buyer = await makeUser(server);
    await writePreferences(server.deps.db, buyer.id, { orders: { sms: false } });
    for (const n of [1, 2]) {
      await server.deps.db
        .insertInto('push_subscriptions')
        .values({ user_id: buyer.id, endpoint: `https://push.example.test/send/device-${n}-${buyer.id}`, p256dh: 'k', auth: 'a', created_at: now() })
        .execute();
    }
    const orderId = await makeOrder(buyer.id, [await makeProduct(server, 5)], 'DELIVERED', 'PAID');
    await notify(server.deps.db, { kind: 'order.status', orderId });
    const rows = await messagesOf(buyer.id);
    expect(rows.map((r) => r.channel)).toEqual(['email', 'push', 'push']);
    expect(rows[1]).toMatchObject({ recipient: 'push.example.test', subject: expect.stringMatching(/collected$/), link: `/orders/${orderId}` });
    expect(new Set(rows.map((r) => r.push_subscription_id)).size).toBe(3);
  });

  it('notifyInBatch: the change\'s audit row written in the messages\' batch, and alone when nobody is told; the buyer\'s switches read with the order', async () => {
    const db = server.deps.db;
    const buyer = await makeUser(server);
    // SMS off for another topic only, and one device: the switches read with the order are per topic.
    await writePreferences(db, buyer.id, { sales: { sms: false } });
    await db.insertInto('push_subscriptions').values({ user_id: buyer.id, endpoint: `https://push.example.test/send/with-${buyer.id}`, p256dh: 'k', auth: 'a', created_at: now() }).execute();
    const orderId = await makeOrder(buyer.id, [await makeProduct(server, 5)], 'DELIVERED', 'PAID');
    const actor = { id: buyer.id, userType: 'CUSTOMER' as const, email: buyer.email };
    const told = new WriteBatch(db);
    await notifyInBatch(told, [{ kind: 'order.status', orderId }]);
    told.add(auditRow(db, actor, 'ussd.order', { type: 'order', id: orderId }, 'told'));
    await told.flush();
    expect((await messagesOf(buyer.id)).map((r) => r.channel)).toEqual(['email', 'sms', 'push']);
    // An app order's "placed" is no news (USSD only): no message, the audit row all the same.
    const untold = new WriteBatch(db);
    await notifyInBatch(untold, [{ kind: 'order.placed', orderId }]);
    untold.add(auditRow(db, actor, 'ussd.order', { type: 'order', id: orderId }, 'not told'));
    await untold.flush();
    expect((await messagesOf(buyer.id)).length).toBe(3);
    const audit = await db.selectFrom('audit_log').select(['actor_id', 'action', 'target_id', 'detail']).where('target_id', '=', orderId).where('action', '=', 'ussd.order').orderBy('id').execute();
    expect(audit).toEqual([
      { actor_id: buyer.id, action: 'ussd.order', target_id: orderId, detail: 'told' },
      { actor_id: buyer.id, action: 'ussd.order', target_id: orderId, detail: 'not told' },
    ]);
  });

  it('reads the pickup code when orders carry one, and still fits one SMS', async () => {
    await sql`alter table orders add column pickup_code text`.execute(server.deps.db).catch(() => undefined);
    const buyer = await makeUser(server);
    const orderId = await makeOrder(buyer.id, [await makeProduct(server, 5)], 'SHIPPED', 'PAID');
    await sql`update orders set pickup_code = '482913' where id = ${orderId}`.execute(server.deps.db);
    await notify(server.deps.db, { kind: 'order.status', orderId });
    const sms = (await messagesOf(buyer.id)).find((r) => r.channel === 'sms')!;
    expect(sms.body).toMatch(/ready for pickup at .+\. Your pickup code is 482913\./);
    expect(gsmLength(sms.body)).toBeLessThanOrEqual(160);
  });

  it('tells each seller only their own lines of a newly paid order', async () => {
    const db = server.deps.db;
    const buyer = await makeUser(server);
    const sellers = await db.selectFrom('users').select(['id']).where('user_type', '=', 'SELLER').orderBy('id').limit(2).execute();
    const [mine, theirs] = await Promise.all(
      sellers.map((s) => db.selectFrom('products').select(['id', 'name']).where('seller_id', '=', s.id).where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow()),
    );
    const orderId = await makeOrder(buyer.id, [mine!.id, theirs!.id], 'PROCESSING', 'PAID');
    await notify(db, { kind: 'order.sold', orderId });
    const first = await messagesOf(sellers[0]!.id);
    const email = first.filter((r) => r.channel === 'email').at(-1)!;
    expect(email.topic).toBe('sales');
    expect(email.body).toContain(`2 x ${mine!.name}`);
    expect(email.body).not.toContain(theirs!.name);
    expect((await messagesOf(sellers[1]!.id)).filter((r) => r.channel === 'email').at(-1)!.body).toContain(theirs!.name);
    expect(await messagesOf(buyer.id)).toEqual([]);
  });

  it('a payment\'s two events in one call: the buyer\'s lines in line order, each seller their own, each on their own switches', async () => {
    const db = server.deps.db;
    const buyer = await makeUser(server);
    const sellers = await db.selectFrom('users').select(['id']).where('user_type', '=', 'SELLER').orderBy('id').limit(2).execute();
    const [low, high] = await Promise.all(
      sellers.map((s) => db.selectFrom('products').select(['id', 'name']).where('seller_id', '=', s.id).where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow()),
    );
    await writePreferences(db, sellers[1]!.id, { sales: { email: false } });
    const before = await Promise.all(sellers.map((s) => messagesOf(s.id)));
    // The higher seller's line first: the shared read is by seller, the buyer's list by line.
    const orderId = await makeOrder(buyer.id, [high!.id, low!.id], 'PROCESSING', 'PAID');
    await notify(db, { kind: 'order.status', orderId }, { kind: 'order.sold', orderId });
    const mail = (await messagesOf(buyer.id)).find((r) => r.channel === 'email')!;
    expect(mail.body.indexOf(high!.name)).toBeLessThan(mail.body.indexOf(low!.name));
    const [lowNews, highNews] = await Promise.all(sellers.map(async (s, i) => (await messagesOf(s.id)).slice(before[i]!.length)));
    expect(lowNews!.map((r) => r.channel)).toEqual(['email', 'sms']);
    expect(lowNews![0]!.body).toContain(low!.name);
    expect(lowNews![0]!.body).not.toContain(high!.name);
    expect(highNews!.map((r) => r.channel)).toEqual(['sms']);
    expect(highNews![0]!.body).toContain(high!.name);
  });

  it('tells the seller a rejected listing with the reason', async () => {
    const db = server.deps.db;
    const seller = await db.selectFrom('users').select('id').where('user_type', '=', 'SELLER').orderBy('id').executeTakeFirstOrThrow();
    const at = now();
    const { id } = await db
      .insertInto('product_submissions')
      .values({ seller_id: seller.id, name: 'Shea butter', description: 'Raw', category: 'Farm inputs', price_minor: 4000, currency: 'GHS', stock_quantity: 3, status: 'REJECTED', review_note: 'Add a clear photo', product_id: null, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await notify(db, { kind: 'listing.decided', submissionId: id });
    const email = (await messagesOf(seller.id)).filter((r) => r.channel === 'email').at(-1)!;
    expect(email).toMatchObject({ topic: 'listings', subject: 'Your product "Shea butter" needs changes' });
    expect(email.body).toContain('Add a clear photo');
  });

  it('writes nothing when the caller\'s transaction rolls back', async () => {
    const buyer = await makeUser(server);
    const orderId = await makeOrder(buyer.id, [await makeProduct(server, 5)], 'CANCELLED', 'PENDING');
    await server.deps.db
      .transaction()
      .execute(async (trx) => {
        await notify(trx, { kind: 'order.status', orderId });
        expect((await trx.selectFrom('messages').select('id').where('user_id', '=', buyer.id).execute()).length).toBe(2);
        throw new Error('the effect failed');
      })
      .catch(() => undefined);
    expect(await messagesOf(buyer.id)).toEqual([]);
  });
});
