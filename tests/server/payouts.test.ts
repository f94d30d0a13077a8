import { beforeAll, describe, expect, it } from 'vitest';
import { sellerBalances, trialBalance } from '../../src/server/modules/ledger/balances';
import { inTransaction } from '../../src/server/platform/db/transactions';
import { collectWithCode, markLineAtWarehouse } from '../../src/server/modules/orders/fulfilment';
import { settlePayment } from '../../src/server/modules/payments/settle';
import { runPayouts } from '../../src/server/modules/payouts/job';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import { dropOffAt, freshWallet, makeProduct, makeUser, putInCart, sellerNamed, shopServer } from '../support/shop';

/** Money reaches the farmer: Paystack Transfers against the fake Paystack (docs/money.md). */
const shop = shopServer({ paystack: true });
// Kofi and Ama bring their goods to the buyers' pickup warehouse here: nothing travels (issue 40).
beforeAll(async () => {
  const sellers = await Promise.all(['kofi.farms@akuafo.demo', 'ama.agro@akuafo.demo'].map((e) => sellerNamed(shop.server, e)));
  await dropOffAt(shop.server, shop.warehouseId, sellers.map((s) => s.id));
});
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any });
const db = () => shop.server.deps.db;
const deps = () => shop.server.deps;
const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

/** A paid, collected order of `cedis` from the seller: their share (less 5 %) becomes available. */
async function collectedSale(sellerId: number, priceMinor: number) {
  const buyer = await makeUser(shop.server);
  await putInCart(shop.server, buyer.id, await makeProduct(shop.server, 10, priceMinor, sellerId), 1);
  const res = await json(await shop.server.call('/shop/checkout', { method: 'POST', token: buyer.token, json: { pickupLocationId: shop.warehouseId, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: freshWallet() } }));
  const started: CheckoutStarted = res.body.data;
  shop.paystack.succeed(started.reference);
  await settlePayment(deps(), db(), started.reference);
  for (const line of await db().selectFrom('order_items').select('id').where('order_id', '=', started.orderId).execute()) {
    await inTransaction(db(), (trx) => markLineAtWarehouse(trx, { operator: true }, started.orderId, line.id));
  }
  const { pickup_code } = await db().selectFrom('orders').select('pickup_code').where('id', '=', started.orderId).executeTakeFirstOrThrow();
  await inTransaction(db(), (trx) => collectWithCode(trx, started.orderId, pickup_code!));
  return started.orderId;
}

const webhook = (event: 'transfer.success' | 'transfer.failed' | 'transfer.reversed', reference: string, forged = false) => {
  const { body, signature } = shop.paystack.webhook(event, reference);
  return shop.server.call('/payments/paystack/webhook', { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-paystack-signature': forged ? signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')) : signature } });
};
const payoutsOf = (sellerId: number) => db().selectFrom('payouts').selectAll().where('seller_id', '=', sellerId).orderBy('id').execute();
const smsTo = (phone: string) => db().selectFrom('messages').select('body').where('channel', '=', 'sms').where('recipient', 'in', [phone, phone.replace(/^0/, '+233')]).orderBy('id').execute();
async function expectBooksBalanced() {
  const tb = await trialBalance(db());
  expect(tb.debitsMinor).toBe(tb.creditsMinor);
}

describe('payouts through Paystack Transfers', () => {
  it('pays a seller after pickup: a recipient for the MTN wallet, a transfer with our reference, the webhook, and the SMS', async () => {
    const kofi = await sellerNamed(shop.server, 'kofi.farms@akuafo.demo');
    const admin = await makeUser(shop.server, 'ADMIN');
    await collectedSale(kofi.id, 120_000);
    expect((await sellerBalances(db(), kofi.id)).availableMinor).toBe(114_000);

    const run = await json(await shop.server.call('/admin/payouts/run', { method: 'POST', token: admin.token }));
    expect(run.status).toBe(200);
    expect(run.body.data).toMatchObject({ created: expect.any(Number), pending: expect.any(Number) });
    const [payout] = await payoutsOf(kofi.id);
    expect(payout).toMatchObject({ status: 'PENDING', amount_minor: 114_000, account_label: 'MTN MoMo 024XXX4567', last_error: null });
    expect(shop.paystack.recipients.at(-1)).toMatchObject({ type: 'mobile_money', bankCode: 'MTN', accountNumber: '0241234567' });
    expect(shop.paystack.transfers.get(payout.reference)).toMatchObject({ amount: 114_000, currency: 'GHS', status: 'pending' });
    expect((await sellerBalances(db(), kofi.id)).availableMinor).toBe(0);

    // A forged webhook moves nothing; Paystack's own is read again with verify.
    shop.paystack.transfers.get(payout.reference)!.status = 'success';
    expect((await webhook('transfer.success', payout.reference, true)).status).toBe(401);
    expect((await payoutsOf(kofi.id))[0].status).toBe('PENDING');
    const hook = await json(await webhook('transfer.success', payout.reference));
    expect(hook.body.data).toMatchObject({ applied: true, status: 'SUCCESS' });
    // Paystack sends webhooks again: the second changes nothing.
    await webhook('transfer.success', payout.reference);
    // Branded, the wallet in the +233 form, to the seller's +233 number (issue 37: it read like a scam).
    expect(await db().selectFrom('messages').select(['recipient', 'body']).where('channel', '=', 'sms').where('user_id', '=', kofi.id).where('body', 'like', '%sent to your%').execute()).toContainEqual({ recipient: '+233241234567', body: 'Akuafo Market: GHS 1,140.00 sent to your MTN MoMo +23324XXX4567.' });
    expect((await smsTo('0241234567')).filter((m) => m.body.includes('1,140.00 sent'))).toHaveLength(1);
    const balances = await sellerBalances(db(), kofi.id);
    expect(balances).toMatchObject({ availableMinor: 0, sendingMinor: 0 });
    expect(balances.paidOutMinor).toBeGreaterThanOrEqual(114_000);

    const audit = await db().selectFrom('audit_log').select('action').where('action', '=', 'payout.run').execute();
    expect(audit.length).toBeGreaterThan(0);
    expect((await shop.server.call('/admin/payouts/run', { method: 'POST', token: kofi.token })).status).toBe(403);
    await expectBooksBalanced();
  });

  it('three job instances at once pay each seller once', async () => {
    const sellers = [await sellerNamed(shop.server, 'kofi.farms@akuafo.demo'), await sellerNamed(shop.server, 'ama.agro@akuafo.demo')];
    for (const s of sellers) await collectedSale(s.id, 50_000);
    const before = new Map(await Promise.all(sellers.map(async (s) => [s.id, (await payoutsOf(s.id)).length] as const)));
    shop.paystack.transferResult = 'success';
    const runs = await Promise.all([runPayouts(deps()), runPayouts(deps()), runPayouts(deps())]);
    shop.paystack.transferResult = 'pending';
    expect(runs.reduce((n, r) => n + r.created, 0)).toBe(2);
    for (const s of sellers) {
      const fresh = (await payoutsOf(s.id)).slice(before.get(s.id));
      expect(fresh).toHaveLength(1);
      expect(fresh[0].status).toBe('SUCCESS');
      expect(shop.paystack.transferCalls.get(fresh[0].reference)).toBe(1);
    }
    await expectBooksBalanced();
  });

  it('adopts a transfer whose answer was lost instead of paying again', async () => {
    const ama = await sellerNamed(shop.server, 'ama.agro@akuafo.demo');
    await collectedSale(ama.id, 30_000);
    shop.paystack.lostTransferAnswers = 1;
    shop.paystack.transferResult = 'success';
    const first = await runPayouts(deps());
    expect(first.errors).toBe(1);
    const payout = (await payoutsOf(ama.id)).at(-1)!;
    expect(payout.status).toBe('PENDING');
    expect(shop.paystack.transfers.has(payout.reference)).toBe(true);
    // The next run (after the backoff) asks Paystack by reference and adopts the transfer.
    await runPayouts(deps(), later(10));
    shop.paystack.transferResult = 'pending';
    expect((await payoutsOf(ama.id)).at(-1)).toMatchObject({ id: payout.id, status: 'SUCCESS' });
    expect(shop.paystack.transferCalls.get(payout.reference)).toBe(1);
    await expectBooksBalanced();
  });

  it('a failed transfer returns the money and tells the seller; the operator retries; a reversal returns it again', async () => {
    const kofi = await sellerNamed(shop.server, 'kofi.farms@akuafo.demo');
    const admin = await makeUser(shop.server, 'ADMIN');
    await collectedSale(kofi.id, 20_000);
    await runPayouts(deps());
    const payout = (await payoutsOf(kofi.id)).at(-1)!;
    shop.paystack.transfers.get(payout.reference)!.status = 'failed';
    expect((await json(await webhook('transfer.failed', payout.reference))).body.data.status).toBe('FAILED');
    expect((await sellerBalances(db(), kofi.id)).availableMinor).toBe(19_000);
    expect((await smsTo('0241234567')).at(-1)!.body).toMatch(/payout of GHS 190.00 to MTN MoMo \+23324XXX4567 did not go through/);
    // The next run does not pay the same account again by itself.
    expect((await runPayouts(deps())).created).toBe(0);

    const list = await json(await shop.server.call('/admin/payouts?status=FAILED', { token: admin.token }));
    expect(list.body.data.map((p: any) => p.id)).toContain(payout.id);
    shop.paystack.transferResult = 'success';
    const retry = await json(await shop.server.call(`/admin/payouts/${payout.id}/retry`, { method: 'POST', token: admin.token }));
    shop.paystack.transferResult = 'pending';
    expect(retry.status).toBe(200);
    expect(retry.body.data.sent).toBe(1);
    const again = (await payoutsOf(kofi.id)).at(-1)!;
    expect(again).toMatchObject({ status: 'SUCCESS', amount_minor: 19_000 });
    expect(again.reference).not.toBe(payout.reference);
    expect(await db().selectFrom('audit_log').select('detail').where('action', '=', 'payout.retry').where('target_id', '=', payout.id).execute()).toHaveLength(1);

    shop.paystack.transfers.get(again.reference)!.status = 'reversed';
    expect((await json(await webhook('transfer.reversed', again.reference))).body.data.status).toBe('REVERSED');
    expect((await sellerBalances(db(), kofi.id)).availableMinor).toBe(19_000);
    await expectBooksBalanced();
  });

  it('holds payouts for 24 hours after the payout account changes, tells the seller by SMS and e-mail, and makes a new recipient', async () => {
    const ama = await sellerNamed(shop.server, 'ama.agro@akuafo.demo');
    await collectedSale(ama.id, 40_000);
    const put = await json(await shop.server.call('/sellers/me', { method: 'PUT', token: ama.token, json: { bankAccountName: 'Ama Agro', bankAccountNumber: '0201234567', payoutType: 'MOBILE_MONEY', payoutNetwork: 'VODAFONE' } }));
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ payoutType: 'MOBILE_MONEY', payoutNetwork: 'VODAFONE', bankAccountNumber: '0201234567' });
    expect(put.body.data.payoutsHeldUntil).toBeTruthy();
    const told = await db().selectFrom('messages').select(['channel', 'body']).where('user_id', '=', ama.id).where('body', 'like', '%payout account was changed to Telecel Cash +23320XXX4567%').execute();
    expect(told.map((m) => m.channel).sort()).toEqual(['email', 'sms']);

    const count = (await payoutsOf(ama.id)).length;
    const held = await runPayouts(deps());
    expect(held.held).toBeGreaterThanOrEqual(1);
    expect(await payoutsOf(ama.id)).toHaveLength(count);
    const recipients = shop.paystack.recipients.length;
    await runPayouts(deps(), later(25 * 60));
    const paid = (await payoutsOf(ama.id)).at(-1)!;
    expect(paid).toMatchObject({ account_label: 'Telecel Cash 020XXX4567', amount_minor: 38_000 });
    expect(shop.paystack.recipients.length).toBe(recipients + 1);
    expect(shop.paystack.recipients.at(-1)).toMatchObject({ bankCode: 'VOD', accountNumber: '0201234567' });

    // A bank account needs its bank.
    const noBank = await json(await shop.server.call('/sellers/me', { method: 'PUT', token: ama.token, json: { payoutType: 'BANK', bankAccountNumber: '1234567890' } }));
    expect(noBank.status).toBe(400);
    expect(noBank.body.fieldErrors).toEqual({ payoutBankCode: 'Choose your bank.' });
  });

  it('reconciles our payouts with Paystack\'s transfers and lists every mismatch', async () => {
    const admin = await makeUser(shop.server, 'ADMIN');
    // Kwame, the demo seller: Kofi's last payout was reversed, so Kofi waits for the operator.
    const kofi = await sellerNamed(shop.server, 'seller@akuafo.demo');
    await collectedSale(kofi.id, 15_000);
    shop.paystack.transferResult = 'success';
    await runPayouts(deps(), later(60));
    shop.paystack.transferResult = 'pending';
    const payout = (await payoutsOf(kofi.id)).at(-1)!;
    expect(payout.status).toBe('SUCCESS');
    // Paystack now says otherwise (a reversal whose webhook never came).
    shop.paystack.transfers.get(payout.reference)!.status = 'reversed';
    const report = await json(await shop.server.call('/admin/payouts/reconciliation', { token: admin.token }));
    expect(report.status).toBe(200);
    expect(report.body.data.mismatches).toContainEqual(expect.objectContaining({ payoutId: payout.id, ours: 'SUCCESS', provider: 'reversed', problem: 'We say SUCCESS, the provider says reversed' }));
    expect(report.body.data.checked).toBeGreaterThan(1);
    shop.paystack.transfers.get(payout.reference)!.status = 'success';
  });

  it('checks the payout network against the numbering plan: a Telecel wallet on an MTN number is refused with a sentence, or kept with a warning when the seller says it was moved', async () => {
    const yaw = await sellerNamed(shop.server, 'seller@akuafo.demo');
    const before = await db().selectFrom('seller_profiles').select(['bank_account_number', 'payout_network', 'payout_account_changed_at']).where('user_id', '=', yaw.id).executeTakeFirstOrThrow();
    const notices = async () => (await db().selectFrom('messages').select('id').where('user_id', '=', yaw.id).where('body', 'like', '%payout account was changed%').execute()).length;
    const told = await notices();
    const put = async (body: Record<string, unknown>, headers: Record<string, string> = {}) => json(await shop.server.call('/sellers/me', { method: 'PUT', token: yaw.token, json: body, headers }));
    const wallet = { bankAccountName: 'Yaw Poultry', bankAccountNumber: '0241234567', payoutType: 'MOBILE_MONEY', payoutNetwork: 'VODAFONE' };

    const refused = await put(wallet);
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ payoutNetwork: 'This number was issued on MTN, not Telecel. Choose MTN Mobile Money, or tick "I moved this number to Telecel" if you did.' });
    // In Twi for a Twi reader, like every refusal.
    expect((await put(wallet, { 'accept-language': 'ak' })).body.fieldErrors.payoutNetwork).toBe('Wɔde nɔma yi maa wo wɔ MTN so, ɛnyɛ Telecel. Paw MTN Mobile Money, anaa sɛ wode nɔma no akɔ hɔ a, paw "Mede nɔma yi akɔ Telecel so".');
    expect(await db().selectFrom('seller_profiles').select(['bank_account_number', 'payout_network', 'payout_account_changed_at']).where('user_id', '=', yaw.id).executeTakeFirstOrThrow()).toEqual(before);
    expect(await notices()).toBe(told);

    // Moved (ported) to Telecel: kept, and the profile says what to check.
    const moved = await put({ ...wallet, payoutNumberMoved: true });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ payoutNetwork: 'VODAFONE', bankAccountNumber: '0241234567', payoutNetworkWarning: 'This number was issued on MTN: payouts to it fail unless it is on Telecel now.' });
    // The number's own network: no warning.
    expect((await put({ ...wallet, payoutNetwork: 'MTN' })).body.data.payoutNetworkWarning).toBeNull();
    // A number whose prefix names no wallet network (Glo 023) is left to the chosen network.
    expect((await put({ ...wallet, bankAccountNumber: '0231234567', payoutNetwork: 'MTN' })).status).toBe(200);
  });
});
