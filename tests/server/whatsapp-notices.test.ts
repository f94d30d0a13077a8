import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { WhatsAppOutgoing } from '../../src/server/modules/whatsapp/messages';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import { payoutSentNotice, tellSellers } from '../../src/server/modules/payouts/notices';
import { makeProduct, makeUser, putInCart, shopServer } from '../support/shop';
import { sessionToken } from '../support/session';
import { chat, walkToConfirm } from '../support/whatsapp-chat';

/**
 * Issue 42 item 6: order news by WhatsApp for a buyer who bought there (instead of SMS) or who
 * ticked WhatsApp in the notification settings; a text inside the 24-hour window, the approved
 * template outside it, in the buyer's language.
 */
const shop = shopServer();
const db = () => shop.server.deps.db;
const national = (from: string) => `0${from.slice(4)}`;

const rowsTo = (to: string, orderLink: string) =>
  db().selectFrom('messages').select(['channel', 'body', 'status']).where('recipient', '=', to).where('link', '=', orderLink).where('topic', '=', 'orders').orderBy('id').execute();
const partsOf = (body: string) => JSON.parse(body) as WhatsAppOutgoing[];
/** What the sandbox posted to the Cloud API for a number (DATA_DIR/whatsapp), oldest first. */
const spooledTo = (from: string) => {
  const dir = join(shop.server.deps.config.dataDir, 'whatsapp');
  return (existsSync(dir) ? readdirSync(dir).sort() : []).map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8'))).filter((m) => m.to === from.replace(/^\+/, ''));
};

async function readyForPickup(orderId: number, sellerId: number) {
  const { token } = await sessionToken(shop.server, sellerId);
  const lines = await db().selectFrom('order_items').select('id').where('order_id', '=', orderId).execute();
  for (const line of lines) expect((await shop.server.call(`/sellers/me/orders/${orderId}/items/${line.id}/at-warehouse`, { method: 'PUT', token })).status).toBe(200);
}

describe('order news on WhatsApp', () => {
  it('a chat buyer hears paid and ready in the chat, not by SMS; outside the 24-hour window as the template', async () => {
    const { c } = await walkToConfirm(shop, chat(shop.server));
    await c.tap('Confirm');
    await c.tap('Approve');
    const order = await db().selectFrom('orders').innerJoin('phone_accounts', 'phone_accounts.user_id', 'orders.user_id').select(['orders.id', 'orders.order_number', 'orders.user_id']).where('phone_accounts.phone', '=', national(c.from)).executeTakeFirstOrThrow();
    await shop.server.deps.messages.drain();
    const paid = await rowsTo(c.from, `/orders/${order.id}`);
    expect(paid.map((r) => r.channel)).toEqual(['whatsapp']);
    const [notice] = partsOf(paid[0]!.body);
    expect(notice).toMatchObject({ type: 'notice', template: { name: 'order_paid', language: 'en', params: [order.order_number, expect.stringMatching(/^GH₵ /)] } });
    expect(notice!.type === 'notice' && notice!.text).toContain(order.order_number);
    // The chat never went through the webhook here, so no message of the buyer's is on record: outside the window, the template was sent.
    expect(paid[0]!.status).toBe('SENT');

    // Now the buyer wrote within the day: the news goes as a text.
    await db().insertInto('whatsapp_inbound').values({ message_id: `wamid.recent${order.id}`, phone: national(c.from), inbound: '{}', status: 'ANSWERED', attempts: 1, next_attempt_at: new Date().toISOString(), last_error: null, received_at: new Date().toISOString(), answered_at: new Date().toISOString() }).execute();
    const line = await db().selectFrom('order_items').innerJoin('products', 'products.id', 'order_items.product_id').select('products.seller_id').where('order_items.order_id', '=', order.id).executeTakeFirstOrThrow();
    await readyForPickup(order.id, line.seller_id);
    await shop.server.deps.messages.drain();
    const ready = (await rowsTo(c.from, `/orders/${order.id}`)).slice(1);
    expect(ready.map((r) => r.channel)).toEqual(['whatsapp']);
    expect(partsOf(ready[0]!.body)[0]).toMatchObject({ type: 'notice', template: { name: 'order_ready' } });
    expect(ready[0]!.status).toBe('SENT');
    // As posted: the paid news as its template (order number and total), the ready news as a text with the pickup code.
    const posted = spooledTo(c.from);
    expect(posted.map((m) => m.type)).toEqual(['template', 'text']);
    expect(posted[0].template).toMatchObject({ name: 'order_paid', language: { code: 'en' }, components: [{ type: 'body', parameters: [{ type: 'text', text: order.order_number }, { type: 'text' }] }] });
    expect(posted[1].text.body).toMatch(new RegExp(`order ${order.order_number} is ready for pickup`));
  });

  it('a web buyer hears on WhatsApp only after ticking it, and a chat buyer who switched SMS back on gets both', async () => {
    const buyer = await makeUser(shop.server);
    const phone = `024${String(Date.now()).slice(-7)}`;
    await db().updateTable('users').set({ phone, is_phone_verified: 1 }).where('id', '=', buyer.id).execute();
    const buy = async () => {
      const productId = await makeProduct(shop.server, 5, 2_000);
      await putInCart(shop.server, buyer.id, productId, 1);
      const res = await shop.server.call('/shop/checkout', { method: 'POST', token: buyer.token, json: { pickupLocationId: shop.warehouseId, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: '0241234567' } });
      const started = ((await res.json()) as { data: CheckoutStarted }).data;
      await shop.server.call(`/payments/sandbox/${started.reference}/approve`, { method: 'POST', token: buyer.token });
      await shop.server.deps.messages.drain();
      return started.orderId;
    };
    const to = `+233${phone.slice(1)}`;
    const first = await buy();
    expect((await rowsTo(to, `/orders/${first}`)).map((r) => r.channel)).toEqual(['sms']);
    const ticked = await shop.server.call('/shop/customers/me/notification-preferences', { method: 'PUT', token: buyer.token, json: { orders: { whatsapp: true } } });
    expect(ticked.status).toBe(200);
    expect((await ticked.json()).data.orders).toEqual({ email: true, sms: true, push: true, whatsapp: true });
    const second = await buy();
    expect((await rowsTo(to, `/orders/${second}`)).map((r) => r.channel).sort()).toEqual(['sms', 'whatsapp']);
  });

  it('news without a template (a cancelled order) is sent only inside the window: outside it fails at once, never retried', async () => {
    const buyer = await makeUser(shop.server);
    const phone = `020${String(Date.now()).slice(-7)}`;
    await db().updateTable('users').set({ phone, is_phone_verified: 1 }).where('id', '=', buyer.id).execute();
    await shop.server.call('/shop/customers/me/notification-preferences', { method: 'PUT', token: buyer.token, json: { orders: { whatsapp: true, sms: false } } });
    const productId = await makeProduct(shop.server, 5, 2_000);
    await putInCart(shop.server, buyer.id, productId, 1);
    const started = ((await (await shop.server.call('/shop/checkout', { method: 'POST', token: buyer.token, json: { pickupLocationId: shop.warehouseId, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: '0241234567' } })).json()) as { data: CheckoutStarted }).data;
    await shop.server.call(`/payments/sandbox/${started.reference}/approve`, { method: 'POST', token: buyer.token });
    const cancelled = await shop.server.call(`/shop/customers/me/orders/${started.orderId}/cancel`, { method: 'POST', token: buyer.token, json: {} });
    expect(cancelled.status).toBeLessThan(300);
    await shop.server.deps.messages.drain();
    const rows = await rowsTo(`+233${phone.slice(1)}`, `/orders/${started.orderId}`);
    expect(rows.map((r) => r.channel)).toEqual(['whatsapp', 'whatsapp']);
    expect(rows.map((r) => r.status)).toEqual(['SENT', 'FAILED']);
  });

  it('a seller hears each sale by SMS (and on WhatsApp once ticked), and each payout in the chat too while chatting with our number; one who is not chatting, by SMS alone', async () => {
    const sellers = await db().selectFrom('users').select('id').where('user_type', '=', 'SELLER').orderBy('id').limit(2).execute();
    const phones = sellers.map((_, i) => `05${i}${String(Date.now()).slice(-7)}`);
    for (const [i, seller] of sellers.entries()) await db().updateTable('users').set({ phone: phones[i]!, is_phone_verified: 1 }).where('id', '=', seller.id).execute();
    const at = new Date().toISOString();
    await db().insertInto('whatsapp_inbound').values({ message_id: `wamid.seller${Date.now()}`, phone: phones[0]!, inbound: '{}', status: 'ANSWERED', attempts: 1, next_attempt_at: at, last_error: null, received_at: at, answered_at: at }).execute();
    const buyer = await makeUser(shop.server);
    for (const seller of sellers) await putInCart(shop.server, buyer.id, await makeProduct(shop.server, 5, 2_000, seller.id), 1);
    const started = ((await (await shop.server.call('/shop/checkout', { method: 'POST', token: buyer.token, json: { pickupLocationId: shop.warehouseId, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: '0241234567' } })).json()) as { data: CheckoutStarted }).data;
    await shop.server.call(`/payments/sandbox/${started.reference}/approve`, { method: 'POST', token: buyer.token });
    await tellSellers(db(), sellers.map((s) => payoutSentNotice(s.id, 5_000, 'MTN MoMo +233241234567')));
    await shop.server.deps.messages.drain();
    const toSeller = (phone: string) => db().selectFrom('messages').select(['channel', 'body', 'status', 'link']).where('recipient', '=', `+233${phone.slice(1)}`).orderBy('id').execute();
    const chatting = await toSeller(phones[0]!);
    const sold = chatting.filter((m) => m.link === '/seller/orders');
    expect(sold.map((m) => m.channel)).toEqual(['sms']);
    const payout = chatting.filter((m) => m.link === null && m.channel === 'whatsapp');
    expect(payout).toHaveLength(1);
    expect(partsOf(payout[0]!.body)[0]).toMatchObject({ type: 'notice', text: expect.stringContaining('50.00') });
    // Inside the window: both sent as texts.
    expect(chatting.filter((m) => m.channel === 'whatsapp').every((m) => m.status === 'SENT')).toBe(true);
    expect(spooledTo(`+233${phones[0]!.slice(1)}`).map((m) => m.type)).toEqual(['text']);
    expect((await toSeller(phones[1]!)).map((m) => m.channel)).not.toContain('whatsapp');
  });
});
