import { describe, expect, it } from 'vitest';
import { trialBalance } from '../../src/server/modules/ledger/balances';
import { balanceOf } from '../../src/server/modules/ledger/post';
import { acceptLoad, collectLoad, countLineIn } from '../../src/server/modules/transport/life';
import { adminToken } from '../support/sellers';
import { shopServer } from '../support/shop';
import { paidOrderFromTamale, transporterNamed } from '../support/transport';

/**
 * Issue 40 item 7: goods lost after the origin counted them in (docs/money.md). The buyer gets
 * back the lines, their VAT and the fee; the seller is paid as at pickup from the platform's
 * loss account; the transporter's fee is never released; 60 operators at once: one takes effect.
 */
const shop = shopServer();
const db = () => shop.server.deps.db;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
const lost = (id: number, token: string, body: unknown) => shop.server.call(`/admin/consignments/${id}/lost`, { method: 'POST', token, json: body });

async function loadOnTheRoad() {
  const o = await paidOrderFromTamale(shop.server);
  for (const line of o.lines) await countLineIn(db(), { warehouseId: o.tamale.id }, o.orderId, line);
  const driver = await transporterNamed(shop.server, 'Kwame');
  await db().updateTable('users').set({ phone: '+233244000222' }).where('id', '=', driver).execute();
  await acceptLoad(db(), driver, o.consignment.id);
  await collectLoad(db(), { warehouseId: o.tamale.id }, o.consignment.id, o.consignment.collection_code);
  return { ...o, driver };
}

describe('POST /admin/consignments/{id}/lost', () => {
  it('refunds the buyer everything, pays the seller from transport_losses, releases no fee, once of 60 calls, audited and told', async () => {
    const token = await adminToken(shop.server);
    const o = await loadOnTheRoad();
    const kofiBefore = await balanceOf(db(), 'seller_available', o.kofi.id);
    const lossesBefore = await balanceOf(db(), 'transport_losses', null);
    const payment = await db().selectFrom('payments').select('amount_minor').where('order_id', '=', o.orderId).where('status', '=', 'SUCCESS').executeTakeFirstOrThrow();

    expect((await lost(o.consignment.id, o.buyer.token, { reason: 'Truck robbed near Kintampo' })).status).toBe(403);
    expect((await json(await lost(o.consignment.id, token, { reason: ' ' }))).body.message).toMatch(/Say what happened/);
    expect((await lost(999_999, token, { reason: 'Truck robbed near Kintampo' })).status).toBe(404);

    const answers = await Promise.all(Array.from({ length: 60 }, () => lost(o.consignment.id, token, { reason: 'Truck robbed near Kintampo' })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(59);
    const done = (await json(answers.find((a) => a.status === 200)!)).body.data;
    // The whole order was on the truck: the goods, their VAT and the fee, i.e. all that was paid.
    expect(done).toMatchObject({ id: o.consignment.id, status: 'LOST', refunded: payment.amount_minor / 100 });

    const lines = await db().selectFrom('order_items').select(['total_minor', 'refunded_at']).where('order_id', '=', o.orderId).execute();
    expect(lines.every((l) => l.refunded_at !== null)).toBe(true);
    const goods = lines.reduce((sum, l) => sum + l.total_minor, 0);
    const paid = Math.round(done.sellerPaid * 100);
    expect(paid).toBe(goods - Math.floor((goods * 500 + 5_000) / 10_000));
    expect((await balanceOf(db(), 'seller_available', o.kofi.id)) - kofiBefore).toBe(paid);
    expect((await balanceOf(db(), 'transport_losses', null)) - lossesBefore).toBe(paid);
    expect(await balanceOf(db(), 'seller_available', o.driver)).toBe(0);
    expect(await balanceOf(db(), 'transport_held', null, o.orderId)).toBe(0);
    expect(await balanceOf(db(), 'escrow_held', o.kofi.id, o.orderId)).toBe(0);
    const refunds = await db().selectFrom('refunds').select('amount_minor').where('order_id', '=', o.orderId).execute();
    expect(refunds.reduce((sum, r) => sum + r.amount_minor, 0)).toBe(payment.amount_minor);
    const tb = await trialBalance(db());
    expect(tb.debitsMinor).toBe(tb.creditsMinor);

    expect(await db().selectFrom('audit_log').select('id').where('action', '=', 'transport.lost').where('target_id', '=', o.consignment.id).execute()).toHaveLength(1);
    const sms = await db().selectFrom('messages').select(['recipient', 'body']).where('topic', '=', 'transport').where('user_id', 'in', [o.driver, o.kofi.id]).execute();
    expect(sms.find((m) => m.recipient === '+233244000222')?.body).toMatch(/recorded lost\. Its fee will not be paid/);
    expect(sms.some((m) => /were lost after we received them/.test(m.body))).toBe(true);

    // The buyer's timeline says LOST; the order is cancelled with nothing more to refund.
    const detail = await json(await shop.server.call(`/shop/customers/me/orders/${o.orderId}`, { token: o.buyer.token }));
    expect(detail.status, JSON.stringify(detail.body)).toBe(200);
    const order = detail.body.data;
    expect(order.consignments[0]).toMatchObject({ status: 'LOST' });
    expect(order.consignments[0].events.map((e: { type: string }) => e.type)).toContain('LOST');
  });

  it('refuses goods not yet dropped off (the seller still has them) and a delivered load', async () => {
    const token = await adminToken(shop.server);
    const o = await paidOrderFromTamale(shop.server);
    const refused = await json(await lost(o.consignment.id, token, { reason: 'Never seen' }));
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/Only goods counted in/);
    expect((await db().selectFrom('consignments').select('status').where('id', '=', o.consignment.id).executeTakeFirstOrThrow()).status).toBe('AWAITING_DROP_OFF');
  });

  it('a load lost while still at its origin: the same money, and no transporter to tell', async () => {
    const token = await adminToken(shop.server);
    const o = await paidOrderFromTamale(shop.server);
    for (const line of o.lines) await countLineIn(db(), { warehouseId: o.tamale.id }, o.orderId, line);
    const done = await json(await lost(o.consignment.id, token, { reason: 'Spoiled in the store' }));
    expect(done.status).toBe(200);
    expect(done.body.data.sellerPaid).toBeGreaterThan(0);
    const tb = await trialBalance(db());
    expect(tb.debitsMinor).toBe(tb.creditsMinor);
  });
});
