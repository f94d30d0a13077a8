import { describe, expect, it } from 'vitest';
import { sellerBalances, trialBalance } from '../../src/server/modules/ledger/balances';
import { post } from '../../src/server/modules/ledger/post';
import { createPayouts } from '../../src/server/modules/payouts/due';
import { emptyPayoutRun, runPayouts, sendDuePayouts, type PayoutRun } from '../../src/server/modules/payouts/job';
import { inTransaction } from '../../src/server/platform/db/transactions';
import { payingSellers } from '../support/payouts';
import { shopServer } from '../support/shop';

/**
 * The payout run in batches (docs/money.md, "Payout runs"): sellers' payouts are prepared a
 * batch per transaction, recipients and transfers go to Paystack in bulk requests outside any
 * transaction, and job instances running at once still pay each seller exactly once.
 */
const shop = shopServer({ paystack: true });
const db = () => shop.server.deps.db;
const deps = () => shop.server.deps;
const payoutsOf = (ids: number[]) => db().selectFrom('payouts').selectAll().where('seller_id', 'in', ids).orderBy('id').execute();
const requestsTo = (path: string) => shop.paystack.requests.filter((r) => r.method === 'POST' && r.path === path).length;

async function expectBooksBalanced() {
  const tb = await trialBalance(db());
  expect(tb.debitsMinor).toBe(tb.creditsMinor);
}

describe('payout runs in batches', () => {
  it('sends 150 sellers their money in two bulk transfers and two bulk recipient requests, not 300 calls', async () => {
    const sellers = await payingSellers(db(), 150);
    const before = { transfer: requestsTo('/transfer'), bulk: requestsTo('/transfer/bulk'), recipient: requestsTo('/transferrecipient'), recipients: requestsTo('/transferrecipient/bulk') };
    shop.paystack.transferResult = 'success';
    const run = await runPayouts(deps());
    shop.paystack.transferResult = 'pending';
    expect(run).toMatchObject({ errors: 0 });
    const payouts = await payoutsOf(sellers);
    expect(payouts).toHaveLength(150);
    expect(payouts.every((p) => p.status === 'SUCCESS' && p.amount_minor === 5_000)).toBe(true);
    expect(requestsTo('/transfer') - before.transfer).toBe(0);
    expect(requestsTo('/transferrecipient') - before.recipient).toBe(0);
    expect(requestsTo('/transfer/bulk') - before.bulk).toBeLessThanOrEqual(3);
    expect(requestsTo('/transferrecipient/bulk') - before.recipients).toBeLessThanOrEqual(3);
    // Each seller's recipient is kept for the next payout.
    const kept = await db().selectFrom('seller_profiles').select('payout_recipient_code').where('user_id', 'in', sellers).execute();
    expect(kept.every((k) => k.payout_recipient_code?.startsWith('RCP_'))).toBe(true);
    const sms = await db().selectFrom('messages').select('body').where('channel', '=', 'sms').where('user_id', 'in', sellers).execute();
    expect(sms).toHaveLength(150);
    for (const m of sms) expect(m.body).toMatch(/^Akuafo Market: GHS 50\.00 sent to your MTN MoMo \+23324XXX\d{4}\.$/);
    for (const id of sellers.slice(0, 5)) expect(await sellerBalances(db(), id)).toMatchObject({ availableMinor: 0, sendingMinor: 0, paidOutMinor: 5_000 });
    await expectBooksBalanced();
  });

  it('two runs at once over 250 sellers pay each seller once, with one transfer per payout', async () => {
    const sellers = await payingSellers(db(), 250, 7_500);
    shop.paystack.transferResult = 'success';
    const runs = await Promise.all([runPayouts(deps()), runPayouts(deps())]);
    shop.paystack.transferResult = 'pending';
    // Racing another run is expected, not a database failure.
    expect(runs.map((r) => r.notPrepared)).toEqual([0, 0]);
    const payouts = await payoutsOf(sellers);
    expect(payouts).toHaveLength(250);
    expect(new Set(payouts.map((p) => p.seller_id)).size).toBe(250);
    expect(payouts.every((p) => p.status === 'SUCCESS')).toBe(true);
    for (const p of payouts) expect(shop.paystack.transferCalls.get(p.reference)).toBe(1);
    expect(runs.reduce((n, r) => n + r.sent, 0)).toBeGreaterThanOrEqual(250);
    const ledgerSent = await db()
      .selectFrom('ledger_transactions')
      .select('payout_id')
      .where('kind', '=', 'payout.sent')
      .where('payout_id', 'in', payouts.map((p) => p.id))
      .execute();
    expect(ledgerSent).toHaveLength(250);
    await expectBooksBalanced();
  });

  it('adopts a whole bulk whose answer was lost instead of paying again', async () => {
    const sellers = await payingSellers(db(), 3);
    // Every bulk's answer lost: the run's lanes claim at once (SKIP LOCKED on PostgreSQL), so the
    // three may go in one bulk or be split over two or three (CI met a split of 2 and 1).
    shop.paystack.lostTransferAnswers = 3;
    shop.paystack.transferResult = 'success';
    const first = await runPayouts(deps());
    shop.paystack.lostTransferAnswers = 0;
    expect(first.errors).toBeGreaterThanOrEqual(3);
    const pending = await payoutsOf(sellers);
    expect(pending.every((p) => p.status === 'PENDING' && shop.paystack.transfers.has(p.reference))).toBe(true);
    // After the backoff, each is asked for by reference and adopted.
    await runPayouts(deps(), new Date(Date.now() + 10 * 60_000));
    shop.paystack.transferResult = 'pending';
    const after = await payoutsOf(sellers);
    expect(after.map((p) => p.status)).toEqual(['SUCCESS', 'SUCCESS', 'SUCCESS']);
    for (const p of after) expect(shop.paystack.transferCalls.get(p.reference)).toBe(1);
    await expectBooksBalanced();
  });

  it('a bulk refused whole for one bad recipient falls back to one transfer each: the others are paid, the bad one fails and is returned', async () => {
    const sellers = await payingSellers(db(), 3);
    // A recipient Paystack does not know, stored as if it were this account's.
    const bad = sellers[1];
    const profile = await db().selectFrom('seller_profiles').select(['payout_type', 'payout_network', 'bank_account_number', 'bank_account_name']).where('user_id', '=', bad).executeTakeFirstOrThrow();
    await db()
      .updateTable('seller_profiles')
      .set({ payout_recipient_code: 'RCP_unknown', payout_recipient_for: [profile.payout_type, profile.payout_network, profile.bank_account_number, profile.bank_account_name].join('|') })
      .where('user_id', '=', bad)
      .execute();
    shop.paystack.transferResult = 'success';
    await runPayouts(deps());
    shop.paystack.transferResult = 'pending';
    const payouts = await payoutsOf(sellers);
    expect(payouts.map((p) => [p.seller_id, p.status])).toEqual([
      [sellers[0], 'SUCCESS'],
      [bad, 'FAILED'],
      [sellers[2], 'SUCCESS'],
    ]);
    expect((await sellerBalances(db(), bad)).availableMinor).toBe(5_000);
    await expectBooksBalanced();
  });

  it('one payout the books refuse does not hold up its batch: the others are recorded, it waits with its error', async () => {
    const sellers = await payingSellers(db(), 3);
    const at = new Date();
    await createPayouts(db(), deps().dialect, sellers, { minimumMinor: 1, provider: 'paystack', at });
    // Something took the middle seller's money out of "sending": recording the transfer would overdraw it.
    await inTransaction(db(), (trx) => post(trx, { key: `test:drain:${sellers[1]}`, kind: 'test.drain', memo: 'Drain', legs: [{ account: 'seller_payout_sending', sellerId: sellers[1], debit: 5_000 }, { account: 'seller_available', sellerId: sellers[1], credit: 5_000 }] }));
    const run: PayoutRun = emptyPayoutRun();
    shop.paystack.transferResult = 'success';
    await sendDuePayouts(deps(), at, run);
    shop.paystack.transferResult = 'pending';
    const payouts = await payoutsOf(sellers);
    expect(payouts.map((p) => p.status)).toEqual(['SUCCESS', 'PENDING', 'SUCCESS']);
    expect(payouts[1].last_error).toMatch(/below zero/);
    expect(run.errors).toBe(1);
    await expectBooksBalanced();
  });
});
