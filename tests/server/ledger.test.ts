import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDueRefunds } from '../../src/server/modules/orders/refunds';
import { cancelNotBrought, cancelUncollected } from '../../src/server/modules/orders/uncollected';
import { balanceOf, postMany } from '../../src/server/modules/ledger/post';
import { inTransaction } from '../../src/server/platform/db/transactions';
import { sellerBalances, trialBalance } from '../../src/server/modules/ledger/balances';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import type { OrderDetail } from '../../src/shared/schemas/orders';
import type { SellerOrder } from '../../src/shared/schemas/sellers';
import { startTestServer, type TestServer } from '../support/server';
import { dropOffAt, firstWarehouseId, makeProduct, makeUser, putInCart, sellerNamed } from '../support/shop';

/** The ledger follows an order's money: held at payment, released at pickup less commission, refunded on a cancel. */
let server: TestServer;
let warehouseId: number;
let kofi: Awaited<ReturnType<typeof sellerNamed>>;
let ama: Awaited<ReturnType<typeof sellerNamed>>;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  server = await startTestServer();
  warehouseId = await firstWarehouseId(server);
  kofi = await sellerNamed(server, 'kofi.farms@akuafo.demo');
  ama = await sellerNamed(server, 'ama.agro@akuafo.demo');
  // They bring their goods to the buyers' pickup warehouse here: nothing travels (issue 40).
  await dropOffAt(server, warehouseId, [kofi.id, ama.id]);
  admin = await makeUser(server, 'ADMIN');
});
afterAll(() => server.close());

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
const get = async (path: string, token: string) => json(await server.call(path, { token }));
const post = async (path: string, token: string, body?: unknown) => json(await server.call(path, { method: 'POST', token, json: body }));

/** Kofi sells 2 × GH₵ 20.00 and Ama 1 × GH₵ 30.00 (tubers: no VAT) to a new buyer. */
async function paidOrder() {
  const buyer = await makeUser(server);
  const kofiProduct = await makeProduct(server, 10, 2_000, kofi.id);
  const amaProduct = await makeProduct(server, 10, 3_000, ama.id);
  await putInCart(server, buyer.id, kofiProduct, 2);
  await putInCart(server, buyer.id, amaProduct, 1);
  const started: CheckoutStarted = (await post('/shop/checkout', buyer.token, { pickupLocationId: warehouseId, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: '0241234567' })).body.data;
  await server.call(`/payments/sandbox/${started.reference}/approve`, { method: 'POST', token: buyer.token });
  return { buyer, orderId: started.orderId };
}

async function readyForPickup(orderId: number) {
  for (const seller of [kofi, ama]) {
    const mine = ((await get('/sellers/me/orders', seller.token)).body.data as SellerOrder[]).find((o) => o.id === orderId)!;
    for (const line of mine.items) expect((await server.call(`/sellers/me/orders/${orderId}/items/${line.id}/at-warehouse`, { method: 'PUT', token: seller.token })).status).toBe(200);
  }
}

const held = (sellerId: number, orderId: number) => balanceOf(server.deps.db, 'escrow_held', sellerId, orderId);
async function expectBalanced() {
  const tb = await trialBalance(server.deps.db);
  expect(tb.debitsMinor).toBe(tb.creditsMinor);
}

describe('escrow', () => {
  it('holds a paid order per seller, and releases each share less 5 % commission when the pickup code is entered', async () => {
    const before = { kofi: await sellerBalances(server.deps.db, kofi.id), ama: await sellerBalances(server.deps.db, ama.id) };
    const { buyer, orderId } = await paidOrder();
    expect(await held(kofi.id, orderId)).toBe(4_000);
    expect(await held(ama.id, orderId)).toBe(3_000);
    await expectBalanced();

    await readyForPickup(orderId);
    const order: OrderDetail = (await get(`/shop/customers/me/orders/${orderId}`, buyer.token)).body.data;
    // Ready for pickup is not collected: the money is still held.
    expect(await held(kofi.id, orderId)).toBe(4_000);
    expect((await post(`/admin/orders/${orderId}/pickup`, admin.token, { code: order.pickupCode })).status).toBe(200);

    expect(await held(kofi.id, orderId)).toBe(0);
    expect(await held(ama.id, orderId)).toBe(0);
    const after = { kofi: await sellerBalances(server.deps.db, kofi.id), ama: await sellerBalances(server.deps.db, ama.id) };
    expect(after.kofi.availableMinor - before.kofi.availableMinor).toBe(3_800);
    expect(after.ama.availableMinor - before.ama.availableMinor).toBe(2_850);
    const commission = await server.deps.db.selectFrom('ledger_entries').select(sql<number>`sum(credit_minor)`.as('c')).where('account', '=', 'platform_commission').where('order_id', '=', orderId).executeTakeFirstOrThrow();
    expect(Number(commission.c)).toBe(350);
    await expectBalanced();

    const tb = await get('/admin/ledger/trial-balance', admin.token);
    expect(tb.status).toBe(200);
    expect(tb.body.data.debits).toBe(tb.body.data.credits);
    expect(tb.body.data.debits).toBeGreaterThan(0);
    expect((await get('/admin/ledger/trial-balance', kofi.token)).status).toBe(403);
  });

  it('a cancel before pickup gives the held money back to the buyer through the refund job', async () => {
    const before = await sellerBalances(server.deps.db, kofi.id);
    const { buyer, orderId } = await paidOrder();
    expect((await post(`/shop/customers/me/orders/${orderId}/cancel`, buyer.token, {})).status).toBe(200);
    expect(await held(kofi.id, orderId)).toBe(0);
    expect(await held(ama.id, orderId)).toBe(0);
    expect((await sellerBalances(server.deps.db, kofi.id)).availableMinor).toBe(before.availableMinor);
    expect(await balanceOf(server.deps.db, 'refunds_payable', null)).toBeGreaterThanOrEqual(7_000);
    await runDueRefunds(server.deps);
    expect(await balanceOf(server.deps.db, 'refunds_payable', null)).toBe(0);
    await expectBalanced();
  });

  it('cancels and refunds an order nobody collected within the window, and the sellers\' held money falls back', async () => {
    const { orderId } = await paidOrder();
    await readyForPickup(orderId);
    // Not yet: only three days have passed.
    expect(await cancelUncollected(server.deps.db, 7, new Date(Date.now() + 3 * 86_400_000))).not.toContain(orderId);
    expect(await cancelUncollected(server.deps.db, 7, new Date(Date.now() + 8 * 86_400_000))).toContain(orderId);
    const order = await server.deps.db.selectFrom('orders').select(['status', 'payment_status']).where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'CANCELLED', payment_status: 'REFUND_DUE' });
    expect(await held(kofi.id, orderId)).toBe(0);
    const history = await server.deps.db.selectFrom('order_status_history').select('notes').where('order_id', '=', orderId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(history.notes).toMatch(/Not collected within 7 days/);
    await runDueRefunds(server.deps);
    await expectBalanced();
  });

  it("cancels and refunds a paid order whose goods did not all reach the warehouse within 7 days of payment, once with two sweeps at once, and leaves one ready for pickup alone (issue 37)", async () => {
    const { orderId } = await paidOrder();
    const ready = await paidOrder();
    await readyForPickup(ready.orderId);
    // Kofi brings his line; Ama never does.
    const kofiLine = ((await get('/sellers/me/orders', kofi.token)).body.data as SellerOrder[]).find((o) => o.id === orderId)!.items[0]!;
    expect((await server.call(`/sellers/me/orders/${orderId}/items/${kofiLine.id}/at-warehouse`, { method: 'PUT', token: kofi.token })).status).toBe(200);
    expect(await cancelNotBrought(server.deps.db, 7, new Date(Date.now() + 6 * 86_400_000))).not.toContain(orderId);
    const later = new Date(Date.now() + 8 * 86_400_000);
    const [one, two] = await Promise.all([cancelNotBrought(server.deps.db, 7, later), cancelNotBrought(server.deps.db, 7, later)]);
    expect([...one, ...two].filter((id) => id === orderId)).toEqual([orderId]);
    expect([...one, ...two]).not.toContain(ready.orderId);
    const order = await server.deps.db.selectFrom('orders').select(['status', 'payment_status']).where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(order).toEqual({ status: 'CANCELLED', payment_status: 'REFUND_DUE' });
    expect(await held(kofi.id, orderId)).toBe(0);
    expect(await held(ama.id, orderId)).toBe(0);
    // One refund of everything the buyer paid.
    const { total_minor } = await server.deps.db.selectFrom('orders').select('total_minor').where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(await server.deps.db.selectFrom('refunds').select('amount_minor').where('order_id', '=', orderId).execute()).toEqual([{ amount_minor: total_minor }]);
    const history = await server.deps.db.selectFrom('order_status_history').select('notes').where('order_id', '=', orderId).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(history.notes).toMatch(/did not reach the pickup warehouse within 7 days/);
    await runDueRefunds(server.deps);
    await expectBalanced();
    expect((await server.deps.db.selectFrom('orders').select('status').where('id', '=', ready.orderId).executeTakeFirstOrThrow()).status).toBe('SHIPPED');
  });

  it('never edits or deletes a ledger row: a correction is a new entry', async () => {
    await paidOrder();
    await expect(server.deps.db.updateTable('ledger_entries').set({ credit_minor: 1 }).where('id', '>', 0).execute()).rejects.toThrow(/never edited/);
    await expect(server.deps.db.deleteFrom('ledger_entries').where('id', '>', 0).execute()).rejects.toThrow(/never edited/);
    await expect(server.deps.db.updateTable('ledger_transactions').set({ memo: 'x' }).where('id', '>', 0).execute()).rejects.toThrow(/never edited/);
  });

  it('the sandbox completes payouts without keys, and the seller reads it all on GET /sellers/me/earnings', async () => {
    const { buyer, orderId } = await paidOrder();
    await readyForPickup(orderId);
    const order: OrderDetail = (await get(`/shop/customers/me/orders/${orderId}`, buyer.token)).body.data;
    await post(`/admin/orders/${orderId}/pickup`, admin.token, { code: order.pickupCode });
    const run = await post('/admin/payouts/run', admin.token);
    expect(run.status).toBe(200);
    expect(run.body.data.sent).toBeGreaterThanOrEqual(2);
    const earnings = await get('/sellers/me/earnings', kofi.token);
    expect(earnings.status).toBe(200);
    const data = earnings.body.data;
    expect(data).toMatchObject({ currency: 'GHS', available: 0, commissionRate: 5, payoutMinimum: 10 });
    expect(data.paidOut).toBeGreaterThanOrEqual(38);
    expect(data.payouts[0]).toMatchObject({ status: 'SUCCESS', account: 'MTN MoMo 024XXX4567' });
    const words = data.entries.map((e: { description: string }) => e.description);
    // One payout is one line with its state (issue 37, item 10): not "started" and "sent" as two deductions.
    const payoutLines = data.entries.filter((e: { description: string }) => e.description.startsWith('Payout to your'));
    const paid = data.payouts.filter((p: { status: string }) => p.status === 'SUCCESS');
    expect(payoutLines.length).toBe(data.payouts.length);
    expect(payoutLines.map((e: { description: string; amount: number }) => [e.description, e.amount])).toEqual(paid.map((p: { amount: number }) => ['Payout to your MTN MoMo 024XXX4567: sent', -p.amount]));
    expect(words).not.toContain('Sent to your MTN MoMo 024XXX4567');
    // The running balance: today's held + available after the newest change, and each older one
    // is the newer less that change.
    expect(data.entries[0].balance).toBeCloseTo(data.held + data.available, 2);
    for (let i = 0; i + 1 < data.entries.length; i++) expect(data.entries[i + 1].balance).toBeCloseTo(data.entries[i].balance - data.entries[i].amount, 2);
    expect(words.some((w: string) => /^Order .+ collected: your share, less GH₵ 2\.00 commission$/.test(w))).toBe(true);
    expect(words.some((w: string) => /^Order .+ paid: held until the buyer collects$/.test(w))).toBe(true);
    const sms = await server.deps.db.selectFrom('messages').select('body').where('channel', '=', 'sms').where('user_id', '=', kofi.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(sms.body).toMatch(/^Akuafo Market: GHS [\d,]+\.\d\d sent to your MTN MoMo \+23324XXX4567\.$/);
    expect((await get('/sellers/me/earnings', buyer.token)).status).toBe(403);
    await expectBalanced();
  });
});

describe('postMany', () => {
  it('posts an event once even when a batch names it twice', async () => {
    const key = `test:twice:${Date.now()}`;
    const posting = { key, kind: 'test.twice', memo: 'Twice in one batch', legs: [{ account: 'provider_clearing' as const, debit: 700 }, { account: 'seller_available' as const, sellerId: kofi.id, credit: 700 }] };
    const before = (await sellerBalances(server.deps.db, kofi.id)).availableMinor;
    const written = await inTransaction(server.deps.db, (trx) => postMany(trx, [posting, { ...posting }]));
    expect([...written]).toEqual([key]);
    expect((await sellerBalances(server.deps.db, kofi.id)).availableMinor - before).toBe(700);
    await expectBalanced();
  });
});
