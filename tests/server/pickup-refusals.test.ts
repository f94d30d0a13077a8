import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trialBalance } from '../../src/server/modules/ledger/balances';
import { balanceOf } from '../../src/server/modules/ledger/post';
import { flagOverdueRefusals } from '../../src/server/modules/orders/refusal-sweep';
import { runDueRefunds } from '../../src/server/modules/orders/refunds';
import { markLineAtWarehouse } from '../../src/server/modules/orders/fulfilment';
import { acceptLoad, arriveLoad, collectLoad, countLineIn } from '../../src/server/modules/transport/life';
import { renderEvent } from '../../src/server/platform/messages/render';
import { salesRecordOf } from '../../src/server/modules/sellers/record';
import { inTransaction } from '../../src/server/platform/db/transactions';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import { adminToken, tokenFor } from '../support/sellers';
import { startTestServer, type TestServer } from '../support/server';
import { dropOffAt, freshWallet, makeProduct, makeUser, putInCart, sellerNamed } from '../support/shop';
import { paidOrderFromTamale, transporterNamed, warehouseNamed } from '../support/transport';

/**
 * Issue 41 item 3 on SQLite and PostgreSQL: a line refused at the pickup counter keeps its money
 * held past the pickup of the rest until the operator decides; REFUND (to the seller, to the
 * transporter: from its unpaid earnings, else a debt its next load pays) and RELEASE balance the
 * books; the attacks: a buyer or another warehouse's staff refusing, 60 decisions at once, a
 * decision on a decided refusal.
 */
let server: TestServer;
let accra: { id: number };
let kofi: Awaited<ReturnType<typeof sellerNamed>>;
let ama: Awaited<ReturnType<typeof sellerNamed>>;
let staff: { accra: string; kumasi: string };
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  accra = await warehouseNamed(server, 'Accra Hub');
  kofi = await sellerNamed(server, 'kofi.farms@akuafo.demo');
  ama = await sellerNamed(server, 'ama.agro@akuafo.demo');
  staff = { accra: await tokenFor(server, 'staff.accra@akuafo.demo'), kumasi: await tokenFor(server, 'staff.kumasi@akuafo.demo') };
  admin = await adminToken(server);
});
afterAll(() => server.close());

const db = () => server.deps.db;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
const post = async (path: string, token: string, body: unknown) => json(await server.call(path, { method: 'POST', token, json: body }));
const refuse = (orderId: number, itemId: number, token = staff.accra, reason = 'Bag torn and wet') => post(`/warehouse/orders/${orderId}/items/${itemId}/refusal`, token, { reason });
const decide = (id: number, body: unknown, token = admin) => post(`/admin/refusals/${id}/decision`, token, body);
const orderOf = (orderId: number) => db().selectFrom('orders').select(['status', 'pickup_code', 'total_minor']).where('id', '=', orderId).executeTakeFirstOrThrow();
const pickup = async (orderId: number) => post(`/admin/orders/${orderId}/pickup`, staff.accra, { code: (await orderOf(orderId)).pickup_code });
const held = (sellerId: number | null, orderId: number) => balanceOf(db(), 'escrow_held', sellerId, orderId);
const available = (userId: number) => balanceOf(db(), 'seller_available', userId);
const refundsOf = (orderId: number) => db().selectFrom('refunds').select(['part_key', 'amount_minor']).where('order_id', '=', orderId).orderBy('id').execute();
async function expectBalanced() {
  const tb = await trialBalance(db());
  expect(tb.debitsMinor).toBe(tb.creditsMinor);
}

/** Kofi sells 2 × GH₵ 20.00 and Ama 1 × GH₵ 30.00, both dropped off at Accra, the buyer's warehouse: ready for pickup. */
async function readyOrder() {
  await dropOffAt(server, accra.id, [kofi.id, ama.id]);
  const buyer = await makeUser(server);
  const kofiProduct = await makeProduct(server, 10, 2_000, kofi.id);
  const amaProduct = await makeProduct(server, 10, 3_000, ama.id);
  await putInCart(server, buyer.id, kofiProduct, 2);
  await putInCart(server, buyer.id, amaProduct, 1);
  const res = await server.call('/shop/checkout', { method: 'POST', token: buyer.token, json: { pickupLocationId: accra.id, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: freshWallet() } });
  const started = ((await res.json()) as { data: CheckoutStarted }).data;
  await server.call(`/payments/sandbox/${started.reference}/approve`, { method: 'POST', token: buyer.token });
  const lines = await db().selectFrom('order_items').select(['id', 'product_id', 'total_minor']).where('order_id', '=', started.orderId).orderBy('id').execute();
  for (const l of lines) await inTransaction(db(), (trx) => markLineAtWarehouse(trx, { operator: true }, started.orderId, l.id));
  expect((await orderOf(started.orderId)).status).toBe('SHIPPED');
  return { buyer, orderId: started.orderId, kofiLine: lines.find((l) => l.product_id === kofiProduct)!, amaLine: lines.find((l) => l.product_id === amaProduct)! };
}

describe('a line refused at the pickup counter', () => {
  it('only the pickup warehouse’s staff or the operator refuse, and only at the counter; the refusal is listed oldest first', async () => {
    const { buyer, orderId, amaLine } = await readyOrder();
    expect((await refuse(orderId, amaLine.id, buyer.token)).status).toBe(403);
    expect((await refuse(orderId, amaLine.id, kofi.token)).status).toBe(403);
    expect(await refuse(orderId, amaLine.id, staff.kumasi)).toMatchObject({ status: 403, body: { message: 'This order is collected at another warehouse.' } });
    const otherOrder = await readyOrder();
    expect((await refuse(orderId, otherOrder.amaLine.id)).status).toBe(404);
    expect((await refuse(orderId, amaLine.id, staff.accra, 'no')).status).toBe(400);
    const first = await refuse(orderId, amaLine.id);
    expect(first).toMatchObject({ status: 200, body: { data: { orderId, itemId: amaLine.id, reason: 'Bag torn and wet', outcome: null, travelled: false, amount: 30 } } });
    // Again (a replay, a second clerk): the same refusal, not a second one.
    expect((await refuse(orderId, amaLine.id, admin, 'Something else')).body.data.id).toBe(first.body.data.id);
    const desk = await json(await server.call('/admin/refusals', { token: admin }));
    const ids = desk.body.data.map((r: any) => r.id);
    expect(ids).toContain(first.body.data.id);
    expect(desk.body.data.map((r: any) => r.createdAt)).toEqual([...desk.body.data.map((r: any) => r.createdAt)].sort());
    expect((await server.call('/admin/refusals', { token: staff.accra })).status).toBe(403);
    // The counter's view of the order: its lines, this one refused; another warehouse's staff: 403.
    const counter = await json(await server.call(`/warehouse/orders/${orderId}/pickup-lines`, { token: staff.accra }));
    expect(counter.body.data.find((l: any) => l.itemId === amaLine.id)).toMatchObject({ refunded: false, refusal: { id: first.body.data.id, outcome: null } });
    expect((await server.call(`/warehouse/orders/${orderId}/pickup-lines`, { token: staff.kumasi })).status).toBe(403);
    // The buyer and the seller hear of it.
    const notices = await renderEvent(db(), { kind: 'refusal.changed', refusalId: first.body.data.id });
    expect(notices.map((n) => n.userId).sort()).toEqual([buyer.id, ama.id].sort());
    expect(notices.every((n) => n.push.body.length > 0 && n.email === undefined)).toBe(true);

    await pickup(orderId);
    expect((await refuse(orderId, otherOrder.kofiLine.id)).status).toBe(404);
    expect(await refuse(orderId, (await readyOrder()).kofiLine.id)).toMatchObject({ status: 404 });
    const collected = await readyOrder();
    await pickup(collected.orderId);
    expect(await refuse(collected.orderId, collected.amaLine.id)).toMatchObject({ status: 409 });
  });

  it('keeps the line’s money held past the pickup of the rest; RELEASE then pays it out as a collection', async () => {
    const { orderId, kofiLine, amaLine } = await readyOrder();
    const refusal = (await refuse(orderId, amaLine.id)).body.data;
    const amaBefore = await available(ama.id);
    const kofiBefore = await available(kofi.id);
    expect(await pickup(orderId)).toMatchObject({ status: 200, body: { data: { status: 'DELIVERED' } } });
    expect(await held(kofi.id, orderId)).toBe(0);
    expect(await held(ama.id, orderId)).toBe(amaLine.total_minor);
    expect(await available(kofi.id)).toBe(kofiBefore + kofiLine.total_minor - Math.round(kofiLine.total_minor * 0.05));
    expect(await available(ama.id)).toBe(amaBefore);
    await expectBalanced();

    expect(await decide(refusal.id, { outcome: 'RELEASE', chargedTo: 'SELLER' })).toMatchObject({ status: 400 });
    expect(await decide(refusal.id, { outcome: 'RELEASE' })).toMatchObject({ status: 200, body: { data: { outcome: 'RELEASE', chargedTo: null } } });
    expect(await held(ama.id, orderId)).toBe(0);
    expect(await held(null, orderId)).toBe(0);
    expect(await available(ama.id)).toBe(amaBefore + amaLine.total_minor - Math.round(amaLine.total_minor * 0.05));
    // Both hear the decision.
    const told = await renderEvent(db(), { kind: 'refusal.changed', refusalId: refusal.id });
    expect(told.find((n) => n.userId === ama.id)?.push.body).toContain('not upheld: you are paid for it');
    expect(told.find((n) => n.userId !== ama.id)?.push.body).toContain('the seller is paid for it');
    expect(await decide(refusal.id, { outcome: 'REFUND' })).toMatchObject({ status: 409, body: { message: 'This refusal was already decided.' } });
    // The price index never counts a refused line (its price was disputed), released or not.
    const counted = await db().selectFrom('market_sales').select('order_item_id').where('order_id', '=', orderId).execute();
    expect(counted.map((c) => c.order_item_id)).not.toContain(amaLine.id);
    const audit = await db().selectFrom('audit_log').select('detail').where('action', '=', 'order.refusal').where('target_id', '=', orderId).execute();
    expect(audit).toHaveLength(1);
    await expectBalanced();
  });

  it('REFUND charged to the seller after the pickup: the buyer gets the line and its VAT back, the seller’s share is never released', async () => {
    const { orderId, amaLine } = await readyOrder();
    const refusal = (await refuse(orderId, amaLine.id)).body.data;
    await pickup(orderId);
    const amaBefore = await available(ama.id);
    const vatKept = await held(null, orderId);
    expect(await decide(refusal.id, { outcome: 'REFUND', chargedTo: 'TRANSPORTER' })).toMatchObject({ status: 400 });
    // A line that did not travel: the seller pays, with or without saying so.
    expect(await decide(refusal.id, { outcome: 'REFUND' })).toMatchObject({ status: 200, body: { data: { outcome: 'REFUND', chargedTo: 'SELLER' } } });
    expect(await held(ama.id, orderId)).toBe(0);
    expect(await held(null, orderId)).toBe(0);
    expect(await available(ama.id)).toBe(amaBefore);
    expect(await refundsOf(orderId)).toEqual([{ part_key: `lines:${amaLine.id}`, amount_minor: amaLine.total_minor + vatKept }]);
    await runDueRefunds(server.deps);
    expect((await orderOf(orderId)).status).toBe('DELIVERED');
    await expectBalanced();
  });

  it('every line refused: nothing to hand over (409); decided before the pickup, a refund goes through refundLines and a release goes with the order', async () => {
    const { orderId, kofiLine, amaLine } = await readyOrder();
    const onKofi = (await refuse(orderId, kofiLine.id)).body.data;
    const onAma = (await refuse(orderId, amaLine.id)).body.data;
    expect(await pickup(orderId)).toMatchObject({ status: 409 });
    expect((await decide(onKofi.id, { outcome: 'REFUND' })).status).toBe(200);
    expect((await orderOf(orderId)).status).toBe('SHIPPED');
    expect(await held(kofi.id, orderId)).toBe(0);
    expect((await decide(onAma.id, { outcome: 'RELEASE' })).status).toBe(200);
    expect(await held(ama.id, orderId)).toBe(amaLine.total_minor);
    const amaBefore = await available(ama.id);
    expect((await pickup(orderId)).status).toBe(200);
    expect(await held(ama.id, orderId)).toBe(0);
    expect(await held(null, orderId)).toBe(0);
    expect(await available(ama.id)).toBe(amaBefore + amaLine.total_minor - Math.round(amaLine.total_minor * 0.05));
    await expectBalanced();
  });

  it('60 decisions at once: one takes effect, the others are 409', async () => {
    const { orderId, amaLine } = await readyOrder();
    const refusal = (await refuse(orderId, amaLine.id)).body.data;
    await pickup(orderId);
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => decide(refusal.id, { outcome: i % 2 ? 'REFUND' : 'RELEASE' })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(59);
    expect(await held(ama.id, orderId)).toBe(0);
    const moves = await db().selectFrom('ledger_transactions').select('event_key').where('order_id', '=', orderId).where((eb) => eb.or([eb('event_key', 'like', 'refusal:%'), eb('event_key', 'like', 'refund:order:%')])).execute();
    expect(moves).toHaveLength(1);
    await expectBalanced();
  });

  it('REFUND charged to the transporter: from its unpaid earnings, the rest a debt its next load pays first', async () => {
    await dropOffAt(server, (await warehouseNamed(server, 'Tamale Depot')).id, [kofi.id]);
    const driver = await transporterNamed(server);
    const deliver = async () => {
      const o = await paidOrderFromTamale(server);
      for (const line of o.lines) await countLineIn(db(), { operator: true }, o.orderId, line);
      await acceptLoad(db(), driver, o.consignment.id);
      await collectLoad(db(), { operator: true }, o.consignment.id, o.consignment.collection_code);
      await arriveLoad(db(), { operator: true }, o.consignment.id, o.consignment.delivery_code);
      expect((await orderOf(o.orderId)).status).toBe('SHIPPED');
      return o;
    };
    const o = await deliver();
    const bigLine = await db().selectFrom('order_items').select(['id', 'total_minor']).where('id', '=', o.lines[0]!).executeTakeFirstOrThrow();
    const refusal = (await refuse(o.orderId, bigLine.id)).body.data;
    expect(refusal.travelled).toBe(true);
    await pickup(o.orderId);
    const earned = await available(driver);
    expect(earned).toBeGreaterThan(0);
    expect(earned).toBeLessThan(bigLine.total_minor);
    const kofiBefore = await available(kofi.id);
    expect(await decide(refusal.id, { outcome: 'REFUND' })).toMatchObject({ status: 400 });
    expect((await decide(refusal.id, { outcome: 'REFUND', chargedTo: 'TRANSPORTER' })).body.data).toMatchObject({ outcome: 'REFUND', chargedTo: 'TRANSPORTER' });
    expect(await held(kofi.id, o.orderId)).toBe(0);
    expect(await held(null, o.orderId)).toBe(0);
    expect(await available(kofi.id)).toBe(kofiBefore + bigLine.total_minor - Math.round(bigLine.total_minor * 0.05));
    expect(await available(driver)).toBe(0);
    const debt = await balanceOf(db(), 'transporter_debt', driver);
    expect(debt).toBe(bigLine.total_minor - earned);
    await expectBalanced();

    // Its next load's fee pays the debt before anything becomes available to it.
    const next = await deliver();
    const fee = await db().selectFrom('ledger_entries').select('credit_minor').where('account', '=', 'transporter_debt').where('order_id', '=', next.orderId).executeTakeFirstOrThrow();
    expect(fee.credit_minor).toBeGreaterThan(0);
    expect(await balanceOf(db(), 'transporter_debt', driver)).toBe(Math.max(debt - fee.credit_minor, 0));
    expect(await available(driver)).toBe(0);
    await expectBalanced();
  });

  it('the sales record leaves out a refused line until it is released, and counts drop-offs on time (within 2 days of the payment)', async () => {
    const { orderId, amaLine } = await readyOrder();
    const refusal = (await refuse(orderId, amaLine.id)).body.data;
    await pickup(orderId);
    const before = (await salesRecordOf(db(), ama.id)).totals;
    await decide(refusal.id, { outcome: 'RELEASE' });
    const after = (await salesRecordOf(db(), ama.id)).totals;
    expect(after.value * 100 - before.value * 100).toBeCloseTo(amaLine.total_minor);
    expect(after.onTimeShare).toBe(1);

    // A line brought three days after the payment is late.
    const late = await readyOrder();
    const paid = await db().selectFrom('payments').select('verified_at').where('order_id', '=', late.orderId).where('status', '=', 'SUCCESS').executeTakeFirstOrThrow();
    await db().updateTable('order_items').set({ at_warehouse_at: new Date(new Date(paid.verified_at!).getTime() + 3 * 86_400_000).toISOString() }).where('id', '=', late.amaLine.id).execute();
    await pickup(late.orderId);
    const record = (await salesRecordOf(db(), ama.id)).totals;
    expect(record.onTimeShare).toBeGreaterThan(0);
    expect(record.onTimeShare).toBeLessThan(1);
  });

  it('an undecided refusal past 48 hours is flagged to every operator once', async () => {
    const { orderId, amaLine } = await readyOrder();
    const refusal = (await refuse(orderId, amaLine.id)).body.data;
    expect(await flagOverdueRefusals(db())).not.toContain(refusal.id);
    const later = new Date(Date.now() + 49 * 3600_000);
    const sweeps = await Promise.all(Array.from({ length: 5 }, () => flagOverdueRefusals(db(), 48, later)));
    expect(sweeps.flat().filter((id) => id === refusal.id)).toHaveLength(1);
    expect(await flagOverdueRefusals(db(), 48, later)).not.toContain(refusal.id);
    const mails = await db().selectFrom('messages').select(['subject']).where('subject', '=', `Refusal ${refusal.id} of ${refusal.orderNumber} is still undecided`).execute();
    expect(mails.length).toBeGreaterThan(0);
  });
});
