import { describe, expect, it } from 'vitest';
import { trialBalance } from '../../src/server/modules/ledger/balances';
import { balanceOf } from '../../src/server/modules/ledger/post';
import { settlePayment } from '../../src/server/modules/payments/settle';
import { runPayouts } from '../../src/server/modules/payouts/job';
import { acceptLoad, arriveLoad, collectLoad, countLineIn, transporterShareMinor } from '../../src/server/modules/transport/life';
import { collectWithCode } from '../../src/server/modules/orders/fulfilment';
import { now } from '../../src/server/platform/db';
import { inTransaction } from '../../src/server/platform/db/transactions';
import type { CheckoutStarted } from '../../src/shared/schemas/checkout';
import { freshWallet, makeProduct, makeUser, putInCart, sellerNamed, shopServer } from '../support/shop';
import { transporterNamed, warehouseNamed } from '../support/transport';

/**
 * Issue 40 item 5 through the fake Paystack: a transporter's payout goes to a transfer recipient
 * made once for their wallet and kept on their profile (migration 037), as a seller's is; the next
 * payout reuses it; a changed wallet gets a new one. The books balance after each run.
 */
const shop = shopServer({ paystack: true });
const db = () => shop.server.deps.db;
const deps = () => shop.server.deps;

async function transporterWithWallet(number: string) {
  const id = await transporterNamed(shop.server, 'Kwesi');
  const at = now();
  await db()
    .insertInto('transporter_profiles')
    .values({ user_id: id, vehicle_type: 'TRUCK', capacity_kg: 5000, plate_number: 'NR-38-26', ghana_card_number: 'GHA-000000038-1', region: 'Northern', payout_network: 'MTN', payout_number: number, status: 'VERIFIED', verified_at: at, rejection_reason: null, created_at: at, updated_at: at })
    .execute();
  return id;
}

/** A paid order from Kofi (drops off at Tamale) to an Accra buyer, carried by `driver` and arrived: the fee's share is the driver's. */
async function deliveredLoad(driver: number) {
  const kofi = await sellerNamed(shop.server, 'kofi.farms@akuafo.demo');
  const buyer = await makeUser(shop.server);
  await putInCart(shop.server, buyer.id, await makeProduct(shop.server, 50, 2_000, kofi.id), 10);
  const [accra, tamale] = await Promise.all([warehouseNamed(shop.server, 'Accra Hub'), warehouseNamed(shop.server, 'Tamale Depot')]);
  const res = await shop.server.call('/shop/checkout', { method: 'POST', token: buyer.token, json: { pickupLocationId: accra.id, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: freshWallet() } });
  expect(res.status).toBe(201);
  const started = ((await res.json()) as { data: CheckoutStarted }).data;
  shop.paystack.succeed(started.reference);
  await settlePayment(deps(), db(), started.reference);
  const c = await db().selectFrom('consignments').selectAll().where('order_id', '=', started.orderId).executeTakeFirstOrThrow();
  for (const line of await db().selectFrom('order_items').select('id').where('order_id', '=', started.orderId).execute()) await countLineIn(db(), { warehouseId: tamale.id }, started.orderId, line.id);
  await acceptLoad(db(), driver, c.id);
  await collectLoad(db(), { warehouseId: tamale.id }, c.id, c.collection_code);
  await arriveLoad(db(), { warehouseId: accra.id }, c.id, c.delivery_code);
  // The buyer collects at Accra: Kofi's share is released too.
  const { pickup_code } = await db().selectFrom('orders').select('pickup_code').where('id', '=', started.orderId).executeTakeFirstOrThrow();
  await inTransaction(db(), (trx) => collectWithCode(trx, started.orderId, pickup_code!));
  return transporterShareMinor(c.fee_minor);
}

const profile = (id: number) => db().selectFrom('transporter_profiles').select(['payout_recipient_code', 'payout_recipient_for']).where('user_id', '=', id).executeTakeFirstOrThrow();
const recipientsFor = (wallet: string) => shop.paystack.recipients.filter((r) => r.accountNumber === wallet);
const payoutsOf = (id: number) => db().selectFrom('payouts').selectAll().where('seller_id', '=', id).orderBy('id').execute();
async function expectBooksBalanced() {
  const tb = await trialBalance(db());
  expect(tb.debitsMinor).toBe(tb.creditsMinor);
}

describe("a transporter's payouts through Paystack Transfers", () => {
  it('makes one recipient for the wallet, keeps it on the profile, reuses it, and makes a new one when the wallet changes', async () => {
    shop.paystack.transferResult = 'success';
    const wallet = freshWallet('024');
    const driver = await transporterWithWallet(wallet);
    expect(await profile(driver)).toEqual({ payout_recipient_code: null, payout_recipient_for: null });

    // First payout: a recipient for the MTN wallet in the transporter's name, kept with the account it was made for.
    const share = await deliveredLoad(driver);
    expect(await balanceOf(db(), 'seller_available', driver)).toBe(share);
    await runPayouts(deps());
    expect(recipientsFor(wallet)).toHaveLength(1);
    const made = recipientsFor(wallet)[0]!;
    expect(made).toMatchObject({ type: 'mobile_money', bankCode: 'MTN', accountNumber: wallet, name: 'Kwesi Driver' });
    const kept = await profile(driver);
    expect(kept).toEqual({ payout_recipient_code: made.code, payout_recipient_for: `MOBILE_MONEY|MTN|${wallet}|Kwesi Driver` });
    const [first] = await payoutsOf(driver);
    expect(first).toMatchObject({ status: 'SUCCESS', amount_minor: share });
    expect(shop.paystack.transfers.get(first!.reference)).toMatchObject({ amount: share, recipient: made.code });
    expect(await balanceOf(db(), 'seller_available', driver)).toBe(0);
    await expectBooksBalanced();

    // Second load, second payout: no new recipient, the kept one is paid.
    const second = await deliveredLoad(driver);
    const recipientsNow = shop.paystack.recipients.length;
    await runPayouts(deps());
    expect(shop.paystack.recipients.length).toBe(recipientsNow);
    expect(recipientsFor(wallet)).toHaveLength(1);
    const payouts = await payoutsOf(driver);
    expect(payouts).toHaveLength(2);
    expect(payouts[1]).toMatchObject({ status: 'SUCCESS', amount_minor: second });
    expect(shop.paystack.transfers.get(payouts[1]!.reference)!.recipient).toBe(made.code);
    await expectBooksBalanced();

    // The wallet changes (the operator corrects it): the old recipient is not paid; a new one is made and kept.
    const newWallet = freshWallet('055');
    await db().updateTable('transporter_profiles').set({ payout_number: newWallet }).where('user_id', '=', driver).execute();
    const third = await deliveredLoad(driver);
    await runPayouts(deps());
    expect(recipientsFor(newWallet)).toHaveLength(1);
    const fresh = recipientsFor(newWallet)[0]!;
    expect(fresh).toMatchObject({ bankCode: 'MTN', accountNumber: newWallet });
    expect(fresh.code).not.toBe(made.code);
    expect(await profile(driver)).toEqual({ payout_recipient_code: fresh.code, payout_recipient_for: `MOBILE_MONEY|MTN|${newWallet}|Kwesi Driver` });
    const last = (await payoutsOf(driver)).at(-1)!;
    expect(last).toMatchObject({ status: 'SUCCESS', amount_minor: third });
    expect(shop.paystack.transfers.get(last.reference)!.recipient).toBe(fresh.code);
    await expectBooksBalanced();
  }, 60_000);

  it("keeps each payee's recipient on its own profile when sellers and transporters are paid in one run, each once", async () => {
    shop.paystack.transferResult = 'success';
    const wallets = [freshWallet('024'), freshWallet('054')];
    const drivers = await Promise.all(wallets.map(transporterWithWallet));
    for (const d of drivers) await deliveredLoad(d);
    // Two runs at once (two instances): one payout each, one recipient each.
    const before = shop.paystack.recipients.length;
    await Promise.all([runPayouts(deps()), runPayouts(deps())]);
    for (const d of drivers) {
      const payouts = await payoutsOf(d);
      expect(payouts).toHaveLength(1);
      const { payout_recipient_code } = await profile(d);
      expect(shop.paystack.transfers.get(payouts[0]!.reference)!.recipient).toBe(payout_recipient_code);
    }
    // Kofi (the seller of those loads) was paid in the same runs: his recipient is on his seller profile, never on a transporter's.
    const kofi = await sellerNamed(shop.server, 'kofi.farms@akuafo.demo');
    const seller = await db().selectFrom('seller_profiles').select(['payout_recipient_code', 'payout_recipient_for']).where('user_id', '=', kofi.id).executeTakeFirstOrThrow();
    expect(seller.payout_recipient_for).toMatch(/^MOBILE_MONEY\|/);
    const kofiLast = (await payoutsOf(kofi.id)).at(-1)!;
    expect(kofiLast.status).toBe('SUCCESS');
    expect(shop.paystack.transfers.get(kofiLast.reference)!.recipient).toBe(seller.payout_recipient_code);
    const codes = await Promise.all(drivers.map(async (d) => (await profile(d)).payout_recipient_code));
    expect(codes).not.toContain(seller.payout_recipient_code);
    expect(new Set(codes).size).toBe(2);
    // One recipient per new wallet however many runs, none again for Kofi (his was kept from the first test).
    for (const w of wallets) expect(recipientsFor(w)).toHaveLength(1);
    expect(shop.paystack.recipients.length - before).toBe(2);
    await expectBooksBalanced();
  }, 60_000);
});
