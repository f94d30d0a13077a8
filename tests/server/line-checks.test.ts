import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trialBalance } from '../../src/server/modules/ledger/balances';
import { balanceOf } from '../../src/server/modules/ledger/post';
import { markLineAtWarehouse } from '../../src/server/modules/orders/fulfilment';
import { renderEvent } from '../../src/server/platform/messages/render';
import { inTransaction } from '../../src/server/platform/db/transactions';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import { adminToken, tokenFor } from '../support/sellers';
import { startTestServer, type TestServer } from '../support/server';
import { dropOffAt, freshWallet, makeProduct, makeUser, putInCart, sellerNamed } from '../support/shop';
import { paidOrderFromTamale, warehouseNamed } from '../support/transport';
import { choiceFor, dial, freshCaller, pageTo } from '../support/ussd';

/**
 * Issue 41 items 1, 2 and 4 on SQLite and PostgreSQL: the warehouse check at drop-off (the grade
 * computed from the readings, a check counting the line in, corrections as new rows), a FAIL
 * refunding the buyer for its line from escrow with the books balanced and the order no longer
 * waiting for it, the listing's quality record; the attacks: another warehouse's staff, the
 * line's seller, a buyer, an unknown line, 60 checks of one line at once.
 */
let server: TestServer;
let accra: { id: number };
let kofi: Awaited<ReturnType<typeof sellerNamed>>;
let ama: Awaited<ReturnType<typeof sellerNamed>>;
let staff: { accra: string; kumasi: string; tamale: string };
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  accra = await warehouseNamed(server, 'Accra Hub');
  kofi = await sellerNamed(server, 'kofi.farms@akuafo.demo');
  ama = await sellerNamed(server, 'ama.agro@akuafo.demo');
  staff = {
    accra: await tokenFor(server, 'staff.accra@akuafo.demo'),
    kumasi: await tokenFor(server, 'staff.kumasi@akuafo.demo'),
    tamale: await tokenFor(server, 'staff.tamale@akuafo.demo'),
  };
  admin = await adminToken(server);
});
afterAll(() => server.close());

const db = () => server.deps.db;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
const check = async (orderId: number, itemId: number, body: unknown, token = staff.accra) => json(await server.call(`/warehouse/orders/${orderId}/items/${itemId}/check`, { method: 'POST', token, json: body }));
const orderOf = (orderId: number) => db().selectFrom('orders').select(['status', 'payment_status']).where('id', '=', orderId).executeTakeFirstOrThrow();
const productOf = (id: number) => db().selectFrom('products').select(['stock_quantity', 'quality_checked_lots', 'quality_passed_lots', 'quality_last_grade']).where('id', '=', id).executeTakeFirstOrThrow();
const asGrain = (productId: number) => db().updateTable('products').set({ category: 'Grains' }).where('id', '=', productId).execute();
async function expectBalanced() {
  const tb = await trialBalance(db());
  expect(tb.debitsMinor).toBe(tb.creditsMinor);
}

/** Kofi sells 2 × GH₵ 20.00 of maize and Ama 1 × GH₵ 30.00 of yam, both dropped off at Accra, the buyer's warehouse: paid, not yet brought. */
async function paidOrder() {
  await dropOffAt(server, accra.id, [kofi.id, ama.id]);
  const buyer = await makeUser(server);
  const maize = await makeProduct(server, 10, 2_000, kofi.id);
  await asGrain(maize);
  const yam = await makeProduct(server, 10, 3_000, ama.id);
  await putInCart(server, buyer.id, maize, 2);
  await putInCart(server, buyer.id, yam, 1);
  const res = await server.call('/shop/checkout', { method: 'POST', token: buyer.token, json: { pickupLocationId: accra.id, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: freshWallet() } });
  const started = ((await res.json()) as { data: CheckoutStarted }).data;
  await server.call(`/payments/sandbox/${started.reference}/approve`, { method: 'POST', token: buyer.token });
  const lines = await db().selectFrom('order_items').select(['id', 'product_id', 'total_minor', 'at_warehouse_at']).where('order_id', '=', started.orderId).orderBy('id').execute();
  return { buyer, orderId: started.orderId, maize, yam, maizeLine: lines.find((l) => l.product_id === maize)!, yamLine: lines.find((l) => l.product_id === yam)! };
}

describe('the warehouse check at drop-off', () => {
  it('grades grains from the readings, counts the line in, and keeps corrections as new rows; the buyer and the listing see it', async () => {
    const o = await paidOrder();
    // Readings are needed for grains, refused for other goods; a FAIL on sight needs notes.
    expect(await check(o.orderId, o.maizeLine.id, { result: 'PASS' })).toMatchObject({ status: 400, body: { message: 'Grains and legumes are checked by measurement: send moisturePct and foreignMatterPct.' } });
    expect(await check(o.orderId, o.yamLine.id, { result: 'PASS', moisturePct: 12 })).toMatchObject({ status: 400 });
    expect(await check(o.orderId, o.yamLine.id, { result: 'FAIL' })).toMatchObject({ status: 400, body: { message: 'Say what is wrong with the goods in notes when they fail the check.' } });
    expect(await check(o.orderId, o.maizeLine.id, { result: 'PASS', moisturePct: 12.45, foreignMatterPct: 1 })).toMatchObject({ status: 400 });
    expect(await check(o.orderId, o.maizeLine.id, { result: 'MAYBE', moisturePct: 12, foreignMatterPct: 1 })).toMatchObject({ status: 400 });

    // Grade 2 from the readings, whatever grade anyone would type.
    const first = await check(o.orderId, o.maizeLine.id, { result: 'PASS', moisturePct: 12.4, foreignMatterPct: 0.5, grade: 'Grade 1' });
    expect(first).toMatchObject({ status: 200, body: { data: { result: 'PASS', grade: 'Grade 2', moisturePct: 12.4, foreignMatterPct: 0.5, warehouse: 'Accra', refunded: false } } });
    // Counted in: the line is at the warehouse.
    const counted = await db().selectFrom('order_items').select('at_warehouse_at').where('id', '=', o.maizeLine.id).executeTakeFirstOrThrow();
    expect(counted.at_warehouse_at).not.toBeNull();
    // The same check again (a replay) is the first; a correction is a new row, the newest counts.
    expect((await check(o.orderId, o.maizeLine.id, { result: 'PASS', moisturePct: 12.4, foreignMatterPct: 0.5 })).body.data.id).toBe(first.body.data.id);
    const corrected = await check(o.orderId, o.maizeLine.id, { result: 'PASS', moisturePct: 11.8, foreignMatterPct: 0.5 });
    expect(corrected.body.data).toMatchObject({ grade: 'Grade 1' });
    expect(corrected.body.data.id).toBeGreaterThan(first.body.data.id);
    const rows = await db().selectFrom('line_checks').select(['grade']).where('order_item_id', '=', o.maizeLine.id).orderBy('id').execute();
    expect(rows.map((r) => r.grade)).toEqual(['Grade 2', 'Grade 1']);
    // One lot, counted once.
    expect(await productOf(o.maize)).toMatchObject({ quality_checked_lots: 1, quality_passed_lots: 1, quality_last_grade: 'Grade 1' });

    // The yam passes on sight; the order is then complete: ready for pickup.
    expect(await check(o.orderId, o.yamLine.id, { result: 'PASS' })).toMatchObject({ status: 200, body: { data: { result: 'PASS', grade: null, moisturePct: null } } });
    expect((await orderOf(o.orderId)).status).toBe('SHIPPED');

    // The buyer's order line answers its check; an unchecked line would answer null.
    const detail = await json(await server.call(`/shop/customers/me/orders/${o.orderId}`, { token: o.buyer.token }));
    expect(detail.body.data.items.find((i: any) => i.id === o.maizeLine.id).check).toEqual({ result: 'PASS', grade: 'Grade 1', moisturePct: 11.8, at: corrected.body.data.at, warehouse: 'Accra', photoUrl: null });
    const unchecked = await paidOrder();
    const other = await json(await server.call(`/shop/customers/me/orders/${unchecked.orderId}`, { token: unchecked.buyer.token }));
    expect(other.body.data.items.every((i: any) => i.check === null)).toBe(true);

    // The listing's record, and ?checked=true finds it (and not an unchecked one).
    const listing = await json(await server.call(`/products/${o.maize}`));
    expect(listing.body.data.quality).toEqual({ checkedLots: 1, passedLots: 1, lastGrade: 'Grade 1', lastMoisturePct: 11.8, lastCheckedAt: 'Accra' });
    const checkedList = await json(await server.call('/products?checked=true&limit=100'));
    const ids = checkedList.body.data.map((p: any) => p.id);
    expect(ids).toContain(o.maize);
    expect(ids).not.toContain(unchecked.maize);
    expect(checkedList.body.data.every((p: any) => p.quality.checkedLots > 0)).toBe(true);
    expect((await server.call('/products?checked=maybe')).status).toBe(400);

    // USSD: the listing's line carries its grade where it fits ("G1"), newest listings first.
    const call = dial(server, freshCaller());
    await call.press();
    let screen = await call.press('1');
    if (!screen.text.includes('category')) {
      while (!screen.text.includes('Ashanti')) screen = await call.press('98');
      screen = await call.press(choiceFor(screen, 'Ashanti'));
    }
    screen = await call.press(choiceFor(screen, 'Grains'));
    const name = (await db().selectFrom('products').select('name').where('id', '=', o.maize).executeTakeFirstOrThrow()).name;
    screen = await pageTo(call.press, screen, name.slice(0, 12));
    expect(screen.text.split('\n').find((l) => l.includes(name.slice(0, 12)))).toMatch(/GHS 20\.00 G1$/);
  });

  it('a reading above the worst grade fails the lot whatever was sent: the buyer is refunded for that line, the books balance, the order goes on without it', async () => {
    const o = await paidOrder();
    const before = await productOf(o.maize);
    await inTransaction(db(), (trx) => markLineAtWarehouse(trx, { sellerId: ama.id }, o.orderId, o.yamLine.id));
    const failed = await check(o.orderId, o.maizeLine.id, { result: 'PASS', moisturePct: 16.2, foreignMatterPct: 1 });
    expect(failed).toMatchObject({ status: 200, body: { data: { result: 'FAIL', grade: null, refunded: true } } });
    // Refunded from escrow: the line, and its VAT (maize and yam are zero-rated here: none).
    const line = await db().selectFrom('order_items').select(['refunded_at', 'refund_reason']).where('id', '=', o.maizeLine.id).executeTakeFirstOrThrow();
    expect(line.refunded_at).not.toBeNull();
    expect(line.refund_reason).toContain('Failed the warehouse check at Accra');
    const refunds = await db().selectFrom('refunds').select(['part_key', 'amount_minor']).where('order_id', '=', o.orderId).execute();
    expect(refunds).toEqual([{ part_key: `lines:${o.maizeLine.id}`, amount_minor: o.maizeLine.total_minor }]);
    expect(await balanceOf(db(), 'escrow_held', kofi.id, o.orderId)).toBe(0);
    await expectBalanced();
    // The refused line holds nothing back: the yam was there, so the order is ready.
    expect((await orderOf(o.orderId)).status).toBe('SHIPPED');
    // Stock: the failed bags go back to the seller, not onto the listing.
    expect(await productOf(o.maize)).toMatchObject({ stock_quantity: before.stock_quantity, quality_checked_lots: 1, quality_passed_lots: 0, quality_last_grade: null });
    // A check cannot change a refunded line.
    expect(await check(o.orderId, o.maizeLine.id, { result: 'PASS', moisturePct: 11, foreignMatterPct: 0.5 })).toMatchObject({ status: 409, body: { message: 'This line was already refunded, so its check cannot change.' } });
    // The buyer and the seller hear it, each in their words.
    const notices = await renderEvent(db(), { kind: 'check.failed', checkId: failed.body.data.id });
    expect(notices.map((n) => n.userId).sort()).toEqual([o.buyer.id, kofi.id].sort());
    expect(notices.find((n) => n.userId === o.buyer.id)?.push.body).toContain('GH₵ 40.00 is being refunded');
    expect(notices.find((n) => n.userId === kofi.id)?.push.body).toContain('Collect your goods there');
    const queued = await db().selectFrom('messages').select('user_id').where('user_id', 'in', [o.buyer.id, kofi.id]).where('channel', '=', 'push').execute();
    expect(queued).toBeDefined();
  });

  it('a line its seller marked at the warehouse may be checked; a line needs no check to become ready', async () => {
    const o = await paidOrder();
    await inTransaction(db(), (trx) => markLineAtWarehouse(trx, { sellerId: kofi.id }, o.orderId, o.maizeLine.id));
    const marked = await db().selectFrom('order_items').select('at_warehouse_at').where('id', '=', o.maizeLine.id).executeTakeFirstOrThrow();
    expect(await check(o.orderId, o.maizeLine.id, { result: 'PASS', moisturePct: 13, foreignMatterPct: 2 })).toMatchObject({ status: 200, body: { data: { grade: 'Grade 2' } } });
    expect((await db().selectFrom('order_items').select('at_warehouse_at').where('id', '=', o.maizeLine.id).executeTakeFirstOrThrow()).at_warehouse_at).toBe(marked.at_warehouse_at);
    // The yam is marked and never checked: the order is ready all the same, its line unchecked.
    await inTransaction(db(), (trx) => markLineAtWarehouse(trx, { sellerId: ama.id }, o.orderId, o.yamLine.id));
    expect((await orderOf(o.orderId)).status).toBe('SHIPPED');
    const detail = await json(await server.call(`/shop/customers/me/orders/${o.orderId}`, { token: o.buyer.token }));
    expect(detail.body.data.items.find((i: any) => i.id === o.yamLine.id).check).toBeNull();
  });

  it('the last line failing cancels the order, refunding only what was not refunded with the line; the books balance', async () => {
    const o = await paidOrder();
    const yamBefore = await productOf(o.yam);
    expect((await check(o.orderId, o.yamLine.id, { result: 'FAIL', notes: 'Rotten, soft tubers' })).body.data).toMatchObject({ result: 'FAIL', notes: 'Rotten, soft tubers' });
    expect((await check(o.orderId, o.maizeLine.id, { result: 'FAIL', moisturePct: 12, foreignMatterPct: 0.5, notes: 'Live weevils in the bags' })).body.data).toMatchObject({ result: 'FAIL', grade: null });
    expect(await orderOf(o.orderId)).toMatchObject({ status: 'CANCELLED' });
    const payment = await db().selectFrom('payments').select('amount_minor').where('order_id', '=', o.orderId).where('status', '=', 'SUCCESS').executeTakeFirstOrThrow();
    const refunded = await db().selectFrom('refunds').select('amount_minor').where('order_id', '=', o.orderId).execute();
    expect(refunded.reduce((sum, r) => sum + r.amount_minor, 0)).toBe(payment.amount_minor);
    // Neither failed lot goes back on the shelf.
    expect((await productOf(o.yam)).stock_quantity).toBe(yamBefore.stock_quantity);
    await expectBalanced();
  });

  it('refuses another warehouse’s staff, the line’s seller, a buyer, an unknown line, and an unpaid or collected order', async () => {
    const o = await paidOrder();
    const pass = { result: 'PASS', moisturePct: 12, foreignMatterPct: 1 };
    expect(await check(o.orderId, o.maizeLine.id, pass, staff.kumasi)).toMatchObject({ status: 403, body: { message: 'This order line is handled by another warehouse.' } });
    expect((await check(o.orderId, o.maizeLine.id, pass, kofi.token)).status).toBe(403);
    expect((await check(o.orderId, o.maizeLine.id, pass, o.buyer.token)).status).toBe(403);
    // A staff account that is the line's seller (or its buyer) cannot check it either.
    const staffUser = await db().selectFrom('users').select('id').where('email', '=', 'staff.accra@akuafo.demo').executeTakeFirstOrThrow();
    const own = await makeProduct(server, 5, 1_000, staffUser.id);
    const buyer = await makeUser(server);
    await putInCart(server, buyer.id, own, 1);
    const res = await server.call('/shop/checkout', { method: 'POST', token: buyer.token, json: { pickupLocationId: accra.id, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: freshWallet() } });
    expect(res.status).toBe(201);
    const ownOrder = ((await res.json()) as { data: CheckoutStarted }).data;
    await server.call(`/payments/sandbox/${ownOrder.reference}/approve`, { method: 'POST', token: buyer.token });
    const ownLine = await db().selectFrom('order_items').select('id').where('order_id', '=', ownOrder.orderId).executeTakeFirstOrThrow();
    expect(await check(ownOrder.orderId, ownLine.id, { result: 'PASS' })).toMatchObject({ status: 403, body: { message: 'You cannot check goods you sell or bought yourself: ask another member of staff.' } });
    const other = await paidOrder();
    expect((await check(o.orderId, other.maizeLine.id, pass)).status).toBe(404);
    expect((await check(o.orderId, 999_999, pass)).status).toBe(404);
    expect((await check(999_999, o.maizeLine.id, pass)).status).toBe(404);
    // The operator may check anywhere.
    expect((await check(o.orderId, o.maizeLine.id, pass, admin)).status).toBe(200);
    // Unpaid: 409.
    const unpaidBuyer = await makeUser(server);
    const maize = await makeProduct(server, 5, 1_000, kofi.id);
    await asGrain(maize);
    await putInCart(server, unpaidBuyer.id, maize, 1);
    const started = ((await (await server.call('/shop/checkout', { method: 'POST', token: unpaidBuyer.token, json: { pickupLocationId: accra.id, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: freshWallet() } })).json()) as { data: CheckoutStarted }).data;
    const unpaidLine = await db().selectFrom('order_items').select('id').where('order_id', '=', started.orderId).executeTakeFirstOrThrow();
    expect(await check(started.orderId, unpaidLine.id, pass)).toMatchObject({ status: 409, body: { message: 'This order is not paid yet: check the goods once it is.' } });
  });

  it('a travelling line is checked by its drop-off warehouse, which counts it in', async () => {
    await dropOffAt(server, (await warehouseNamed(server, 'Tamale Depot')).id, [kofi.id]);
    const o = await paidOrderFromTamale(server);
    await db().updateTable('products').set({ category: 'Grains' }).where('id', 'in', db().selectFrom('order_items').select('product_id').where('order_id', '=', o.orderId)).execute();
    const pass = { result: 'PASS', moisturePct: 13.5, foreignMatterPct: 3 };
    expect((await check(o.orderId, o.lines[0]!, pass, staff.accra)).status).toBe(403);
    expect(await check(o.orderId, o.lines[0]!, pass, staff.tamale)).toMatchObject({ status: 200, body: { data: { grade: 'Grade 3', warehouse: 'Tamale' } } });
    const counted = await db().selectFrom('consignment_lines').select('received_at').where('order_item_id', '=', o.lines[0]!).executeTakeFirstOrThrow();
    expect(counted.received_at).not.toBeNull();
    // The other line fails: refunded; the consignment carries the first alone and is at its origin.
    expect((await check(o.orderId, o.lines[1]!, { result: 'PASS', moisturePct: 13.6, foreignMatterPct: 1 }, staff.tamale)).body.data.result).toBe('FAIL');
    const consignment = await db().selectFrom('consignments').select('status').where('id', '=', o.consignment.id).executeTakeFirstOrThrow();
    expect(consignment.status).toBe('AT_ORIGIN');
    await expectBalanced();
  });

  it('60 checks of one line at once: one check, one lot; 60 failing checks refund the line once', async () => {
    const o = await paidOrder();
    const body = { result: 'PASS', moisturePct: 12, foreignMatterPct: 1 };
    const answers = await Promise.all(Array.from({ length: 60 }, () => check(o.orderId, o.maizeLine.id, body)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
    expect(await productOf(o.maize)).toMatchObject({ quality_checked_lots: 1, quality_passed_lots: 1 });

    const failing = await Promise.all(Array.from({ length: 60 }, () => check(o.orderId, o.yamLine.id, { result: 'FAIL', notes: 'Rotten' })));
    expect(failing.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(failing.every((a) => a.status === 200 || a.status === 409)).toBe(true);
    const rows = await db().selectFrom('line_checks').select('id').where('order_item_id', '=', o.yamLine.id).execute();
    expect(rows).toHaveLength(1);
    const refunds = await db().selectFrom('refunds').select('part_key').where('order_id', '=', o.orderId).execute();
    expect(refunds).toEqual([{ part_key: `lines:${o.yamLine.id}` }]);
    expect(await productOf(o.yam)).toMatchObject({ quality_checked_lots: 1, quality_passed_lots: 0 });
    await expectBalanced();
    // 120 requests through the whole stack: on a loaded 2-CPU machine with PostgreSQL they once took longer than the default 30 s.
  }, 120_000);
});
