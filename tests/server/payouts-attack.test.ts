import { describe, expect, it } from 'vitest';
import { sellerBalances, trialBalance } from '../../src/server/modules/ledger/balances';
import { createPayouts } from '../../src/server/modules/payouts/due';
import { runPayouts } from '../../src/server/modules/payouts/job';
import { claimDue } from '../../src/server/platform/db/claims';
import { payingSellers } from '../support/payouts';
import { shopServer } from '../support/shop';

/**
 * The batched payout run attacked: sixty runs started at once, a bulk answer that leaves some
 * transfers out, and Paystack's webhook for a bulk's transfers replayed sixty times at once.
 * Each seller is paid once, booked once and told once; the books balance.
 */
const shop = shopServer({ paystack: true });
const db = () => shop.server.deps.db;
const deps = () => shop.server.deps;
const payoutsOf = (ids: number[]) => db().selectFrom('payouts').selectAll().where('seller_id', 'in', ids).orderBy('id').execute();
const ledgerOf = (kind: string, payoutIds: number[]) => db().selectFrom('ledger_transactions').select('payout_id').where('kind', '=', kind).where('payout_id', 'in', payoutIds).execute();
const smsOf = (sellers: number[]) => db().selectFrom('messages').select(['user_id', 'body']).where('channel', '=', 'sms').where('user_id', 'in', sellers).execute();
const webhook = (event: 'transfer.success', reference: string) => {
  const { body, signature } = shop.paystack.webhook(event, reference);
  return shop.server.call('/payments/paystack/webhook', { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-paystack-signature': signature } });
};

async function expectBooksBalanced() {
  const tb = await trialBalance(db());
  expect(tb.debitsMinor).toBe(tb.creditsMinor);
}

describe('payout runs attacked', () => {
  it('sixty runs started at once pay each of 30 sellers once: one payout, one transfer, one booking, one SMS each', async () => {
    const sellers = await payingSellers(db(), 30, 6_250);
    shop.paystack.transferResult = 'success';
    const runs = await Promise.all(Array.from({ length: 60 }, () => runPayouts(deps())));
    shop.paystack.transferResult = 'pending';
    const payouts = await payoutsOf(sellers);
    expect(payouts.map((p) => p.seller_id).sort()).toEqual([...sellers].sort());
    expect(payouts.every((p) => p.status === 'SUCCESS' && p.amount_minor === 6_250 && Number.isInteger(p.amount_minor))).toBe(true);
    for (const p of payouts) expect(shop.paystack.transferCalls.get(p.reference)).toBe(1);
    expect(runs.reduce((n, r) => n + r.created, 0)).toBe(30);
    expect(await ledgerOf('payout.sent', payouts.map((p) => p.id))).toHaveLength(30);
    expect(await smsOf(sellers)).toHaveLength(30);
    for (const id of sellers.slice(0, 3)) expect(await sellerBalances(db(), id)).toMatchObject({ availableMinor: 0, sendingMinor: 0, paidOutMinor: 6_250 });
    await expectBooksBalanced();
  }, 120_000);

  it('a bulk answer that leaves transfers out: those are verified on the next run and adopted, never sent again', async () => {
    const sellers = await payingSellers(db(), 5);
    shop.paystack.transferResult = 'success';
    shop.paystack.bulkAnswerDrops = 2;
    const first = await runPayouts(deps());
    expect(first.errors).toBe(0);
    const after = await payoutsOf(sellers);
    expect(after.map((p) => p.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS', 'PENDING', 'PENDING']);
    // Only what Paystack said is booked: the two left out are still "sending", not paid out.
    expect(await ledgerOf('payout.sent', after.map((p) => p.id))).toHaveLength(3);
    expect((await sellerBalances(db(), sellers[4]!)).sendingMinor).toBe(5_000);
    await runPayouts(deps(), new Date(Date.now() + 10 * 60_000));
    shop.paystack.transferResult = 'pending';
    const settled = await payoutsOf(sellers);
    expect(settled.every((p) => p.status === 'SUCCESS')).toBe(true);
    for (const p of settled) expect(shop.paystack.transferCalls.get(p.reference)).toBe(1);
    expect(await ledgerOf('payout.sent', settled.map((p) => p.id))).toHaveLength(5);
    await expectBooksBalanced();
  });

  it('a bulk\'s success webhooks, each replayed sixty times at once, move each seller\'s money once', async () => {
    const sellers = await payingSellers(db(), 4, 9_900);
    shop.paystack.transferResult = 'pending';
    await runPayouts(deps());
    const pending = await payoutsOf(sellers);
    expect(pending.every((p) => p.status === 'PENDING' && shop.paystack.transfers.get(p.reference)?.status === 'pending')).toBe(true);
    for (const p of pending) shop.paystack.transfers.get(p.reference)!.status = 'success';
    const answers = await Promise.all(pending.flatMap((p) => Array.from({ length: 60 }, () => webhook('transfer.success', p.reference))));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    const paid = await payoutsOf(sellers);
    expect(paid.every((p) => p.status === 'SUCCESS')).toBe(true);
    expect(await ledgerOf('payout.sent', paid.map((p) => p.id))).toHaveLength(4);
    const sms = await smsOf(sellers);
    expect(sms).toHaveLength(4);
    for (const m of sms) expect(m.body).toMatch(/^Akuafo Market: GHS 99\.00 sent to your MTN MoMo \+233/);
    for (const id of sellers) expect(await sellerBalances(db(), id)).toMatchObject({ availableMinor: 0, sendingMinor: 0, paidOutMinor: 9_900 });
    await expectBooksBalanced();
  }, 120_000);

  it('a batch claimed late in a long run keeps its lease from the moment it is claimed: a second instance cannot take it', async () => {
    const sellers = await payingSellers(db(), 3);
    const runBegan = new Date(Date.now() - 5 * 60_000);
    await createPayouts(db(), deps().dialect, sellers, { minimumMinor: 1, provider: 'paystack', at: runBegan });
    const first = await claimDue(db(), deps().dialect, 'payouts', { statuses: ['PENDING'], at: runBegan, leaseMs: 2 * 60_000, limit: 100 });
    const mine = (await payoutsOf(sellers)).map((p) => p.id);
    expect(first.rows.map((r) => r.id)).toEqual(expect.arrayContaining(mine));
    // Another instance's run, starting now: the rows are still the first one's.
    const second = await claimDue(db(), deps().dialect, 'payouts', { statuses: ['PENDING'], at: new Date(), leaseMs: 2 * 60_000, limit: 100 });
    expect(second.rows.filter((r) => mine.includes(r.id))).toEqual([]);
    // The lease ends and the payouts wait for their verify; nothing was sent for them here.
    await db().updateTable('payouts').set({ claimed_until: null }).where('id', 'in', mine).execute();
  });
});
