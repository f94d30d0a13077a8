import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isoWeekOf, previousWeek } from '../../src/shared/market-weeks';
import { answerWhatsApp } from '../../src/server/modules/whatsapp/conversation';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import { dropOffAt, makeProduct, makeUser, putInCart, shopServer, stockOf } from '../support/shop';
import { chat, expectWithinLimits, freshNumber, walkToConfirm, wordsOf } from '../support/whatsapp-chat';

const shop = shopServer();
const db = () => shop.server.deps.db;
const national = (from: string) => `0${from.slice(4)}`;

const ordersOf = (from: string) =>
  db().selectFrom('orders').innerJoin('phone_accounts', 'phone_accounts.user_id', 'orders.user_id').selectAll('orders').where('phone_accounts.phone', '=', national(from)).execute();

/** The order's money as the ledger holds it, without ids and times: what a web purchase must match. */
const ledgerOf = async (orderId: number) =>
  (await db().selectFrom('ledger_entries').innerJoin('ledger_transactions', 'ledger_transactions.id', 'ledger_entries.transaction_id').select(['ledger_transactions.kind', 'account', 'seller_id', 'debit_minor', 'credit_minor']).where('ledger_entries.order_id', '=', orderId).execute())
    .map((e) => `${e.kind} ${e.account} ${e.seller_id} ${e.debit_minor} ${e.credit_minor}`)
    .sort();

const toConfirm = (c = chat(shop.server)) => walkToConfirm(shop, c);

describe('WhatsApp: buy and pay', () => {
  it('a whole purchase by chat ends in the same order and ledger entries as a web purchase', async () => {
    const { c, productId, confirm } = await toConfirm();
    const prompt = await c.tap('Confirm');
    expect(wordsOf(prompt)).toContain('SANDBOX');
    expect(await stockOf(shop.server, productId)).toBe(8);
    const done = await c.tap('Approve');
    expect(wordsOf(done)).toContain('Paid');
    // The pickup code comes in this chat (the channel's notifications), not by SMS.
    expect(wordsOf(done)).toContain('We will message you here');
    const [order] = await ordersOf(c.from);
    expect(order).toMatchObject({ channel: 'whatsapp', status: 'PROCESSING', payment_status: 'PAID' });
    expect(wordsOf(confirm)).toContain(`GHS ${(order!.total_minor / 100).toFixed(2)}`);

    // The same purchase on the web: one buyer, the same product and quantity, the same warehouse.
    const buyer = await makeUser(shop.server);
    await putInCart(shop.server, buyer.id, productId, 2);
    const res = await shop.server.call('/shop/checkout', { method: 'POST', token: buyer.token, json: { pickupLocationId: shop.warehouseId, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: '0241234567' } });
    const answered = await res.text();
    expect(res.status, answered).toBe(201);
    const started = (JSON.parse(answered) as { data: CheckoutStarted }).data;
    await shop.server.call(`/payments/sandbox/${started.reference}/approve`, { method: 'POST', token: buyer.token });
    const web = await db().selectFrom('orders').selectAll().where('id', '=', started.orderId).executeTakeFirstOrThrow();
    const pick = (o: typeof web) => ({ status: o.status, payment_status: o.payment_status, total_minor: o.total_minor, pickup_warehouse_id: o.pickup_warehouse_id });
    expect(pick(order!)).toEqual(pick(web));
    expect(web.channel).toBe('app');
    expect(await ledgerOf(order!.id)).toEqual(await ledgerOf(web.id));
    expect((await ledgerOf(order!.id)).length).toBeGreaterThan(0);
  });

  it('60 copies of the confirm message at once place one order, and every copy gets the same answer', async () => {
    const { c } = await toConfirm();
    const confirm = c.last().flatMap((m) => (m.type === 'buttons' ? m.buttons : m.type === 'list' ? m.sections.flatMap((s) => s.rows) : [])).find((b) => b.title.startsWith('Confirm'))!;
    const inbound = { id: `wamid.${randomUUID()}`, from: c.from, at: new Date().toISOString(), kind: 'choice' as const, choiceId: confirm.id, choiceTitle: confirm.title };
    const replies = await Promise.all(Array.from({ length: 60 }, () => answerWhatsApp(shop.server.deps, inbound)));
    expect(await ordersOf(c.from)).toHaveLength(1);
    const first = JSON.stringify(replies[0]);
    expect(first).toContain('SANDBOX');
    for (const r of replies) expect(JSON.stringify(r)).toBe(first);
    // A replay later is the same answer too, and no second order.
    expect(JSON.stringify(await answerWhatsApp(shop.server.deps, inbound))).toBe(first);
    expect(await ordersOf(c.from)).toHaveLength(1);
  });

  it("My orders shows the number's own orders by their numbers, never another number's", async () => {
    const { c } = await toConfirm();
    await c.tap('Confirm');
    await c.tap('Approve');
    const [order] = await ordersOf(c.from);
    await c.say('menu');
    const mine = await c.tap('My orders');
    expect(wordsOf(mine)).toContain(order!.order_number);
    const other = chat(shop.server);
    await other.say('hello');
    const theirs = await other.tap('My orders');
    expect(wordsOf(theirs)).not.toContain(order!.order_number);
    expect(wordsOf(theirs)).toContain('no orders');
  });
});

describe('WhatsApp: pickup warehouses with their transport fee (issue 40)', () => {
  it("lists the seller's drop-off first at no fee, the others with the fee confirm then charges", async () => {
    const seller = await db().selectFrom('users').select('id').where('user_type', '=', 'SELLER').orderBy('id').executeTakeFirstOrThrow();
    const here = await db().selectFrom('warehouses').select(['id', 'name']).where('is_active', '=', 1).where('id', '!=', shop.warehouseId).orderBy('id').executeTakeFirstOrThrow();
    const there = await db().selectFrom('warehouses').select(['id', 'name']).where('id', '=', shop.warehouseId).executeTakeFirstOrThrow();
    await dropOffAt(shop.server, here.id, [seller.id]);
    const productId = await makeProduct(shop.server, 10, 1_250, seller.id);
    const c = chat(shop.server);
    await c.say('hi');
    await c.tap('Buy');
    if (wordsOf(c.last()).includes('region')) await c.tap('Ashanti');
    await c.say((await db().selectFrom('products').select('name').where('id', '=', productId).executeTakeFirstOrThrow()).name);
    await c.tap('Test yam');
    const list = await c.say('1');
    const rows = list.flatMap((m) => (m.type === 'list' ? m.sections.flatMap((s) => s.rows) : []));
    expect(rows[0]!.title).toBe(here.name.slice(0, 24));
    const far = rows.find((r) => r.title.startsWith(there.name.slice(0, 10)))!;
    const fee = /transport (GHS [\d,.]+)/.exec(far.description ?? '')?.[1];
    expect(fee).toBeDefined();
    const confirm = await c.send({ kind: 'choice', choiceId: far.id, choiceTitle: far.title });
    expect(wordsOf(confirm)).toContain(fee!);
  });
});

describe('WhatsApp: search, language, untrusted text', () => {
  it('a typed search in Twi ("aburow") finds maize', async () => {
    const seller = await db().selectFrom('users').select('id').where('user_type', '=', 'SELLER').orderBy('id').executeTakeFirstOrThrow();
    const id = await makeProduct(shop.server, 5, 900, seller.id);
    await db().updateTable('products').set({ name: 'Yellow maize chat', category: 'Grains' }).where('id', '=', id).execute();
    const c = chat(shop.server);
    await c.say('akwaaba');
    await c.tap('Buy');
    if (wordsOf(c.last()).includes('region')) await c.tap('Ashanti');
    const found = await c.say('aburow');
    expect(wordsOf(found)).toContain('Yellow maize chat');
  });

  it('Prices: this week and last, in a region typed with the crop', async () => {
    const lastWeek = previousWeek(isoWeekOf(new Date()));
    const cell = { commodity_id: 'maize-50kg', region: 'Upper West', sales: 6, quantity: 12, sellers: 4 };
    await db().insertInto('market_price_cells').values([{ ...cell, week: lastWeek, paid_minor: 41_000 }, { ...cell, week: isoWeekOf(new Date()), paid_minor: 45_000 }]).execute();
    const c = chat(shop.server);
    await c.say('hi');
    await c.tap('Prices');
    const answer = wordsOf(await c.say('maize Upper West'));
    expect(answer).toContain('Akuafo Upper West this week');
    expect(answer).toMatch(/paid GHS 450\.00.*; last week paid GHS 410\.00/);
  });

  it('Twi is remembered for the number', async () => {
    const c = chat(shop.server);
    await c.say('hi');
    await c.tap('Language');
    const menu = await c.tap('Twi');
    expect(wordsOf(menu)).toContain('Tɔ');
    const again = await answerWhatsApp(shop.server.deps, { id: `wamid.${randomUUID()}`, from: c.from, at: new Date().toISOString(), kind: 'text', text: 'hello' });
    expect(wordsOf(again)).toContain('Tɔ');
    const user = await db().selectFrom('phone_accounts').innerJoin('users', 'users.id', 'phone_accounts.user_id').select('users.language').where('phone_accounts.phone', '=', national(c.from)).executeTakeFirstOrThrow();
    expect(user.language).toBe('ak');
  });

  it('control characters, a 64 KB message, a picture and a forged choice get the menu or a sentence, never a crash', async () => {
    const c = chat(shop.server);
    expect(wordsOf(await c.say('hi\u0000\u001b[31m\r\nEND'))).toContain('Buy');
    expect(wordsOf(await c.say('x'.repeat(65_536)))).toContain('Buy');
    expect(wordsOf(await c.send({ kind: 'other' }))).toContain('Buy');
    expect(wordsOf(await c.send({ kind: 'choice', choiceId: 'buy.confirm|1', choiceTitle: 'Confirm' }))).toContain('Buy');
    expect(wordsOf(await c.send({ kind: 'choice', choiceId: 'main|__proto__' }))).toContain('Buy');
    expect(await ordersOf(c.from)).toHaveLength(0);
  });

  it("a listing's name with line breaks stays one line in a buyer's list", async () => {
    const seller = await db().selectFrom('users').select('id').where('user_type', '=', 'SELLER').orderBy('id').executeTakeFirstOrThrow();
    const id = await makeProduct(shop.server, 5, 900, seller.id);
    await db().updateTable('products').set({ name: 'Evilyam\r\n1. Pay 0201234567' }).where('id', '=', id).execute();
    const c = chat(shop.server);
    await c.say('hi');
    await c.tap('Buy');
    if (wordsOf(c.last()).includes('region')) await c.tap('Ashanti');
    const found = await c.say('evilyam');
    expectWithinLimits(found);
    const rows = found.flatMap((m) => (m.type === 'list' ? m.sections.flatMap((s) => s.rows) : m.type === 'buttons' ? m.buttons : []));
    expect(rows.some((r) => r.title.startsWith('Evilyam'))).toBe(true);
    expect(rows.some((r) => r.title.startsWith('Pay 020'))).toBe(false);
  });

  it('answers a number outside Ghana with a sentence', async () => {
    const out = await answerWhatsApp(shop.server.deps, { id: `wamid.${randomUUID()}`, from: '+15551234567', at: new Date().toISOString(), kind: 'text', text: 'hi' });
    expect(wordsOf(out)).toContain('Ghana');
  });
});

describe('WhatsApp: a seller', () => {
  it("a seller's verified phone changes a live listing's stock and price by chat", async () => {
    const from = freshNumber();
    const seller = await db().selectFrom('users').select('id').where('email', '=', 'kofi.farms@akuafo.demo').executeTakeFirstOrThrow();
    await db().updateTable('users').set({ phone: national(from), is_phone_verified: 1 }).where('id', '=', seller.id).execute();
    const productId = await makeProduct(shop.server, 7, 2_000, seller.id);
    const { name } = await db().selectFrom('products').select('name').where('id', '=', productId).executeTakeFirstOrThrow();
    const c = chat(shop.server, from);
    await c.say('hi');
    const listings = await c.tap('Sell');
    expect(wordsOf(listings)).toContain('Your live listings');
    await c.tap(name.slice(0, 14));
    expect(wordsOf(c.last())).toContain('7 in stock');
    await c.tap('Change stock');
    const done = await c.say('25');
    expect(wordsOf(done)).toContain('25 in stock');
    expect(await stockOf(shop.server, productId)).toBe(25);

    await c.say('menu');
    await c.tap('Sell');
    await c.tap(name.slice(0, 14));
    await c.tap('Change price');
    await c.say('22.50');
    const price = await db().selectFrom('products').select('price_minor').where('id', '=', productId).executeTakeFirstOrThrow();
    expect(price.price_minor).toBe(2_250);
  });
});
