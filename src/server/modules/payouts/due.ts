import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { now, type Db } from '../../platform/db';
import type { Dialect } from '../../platform/db';
import { inTransaction } from '../../platform/db/transactions';
import { ACCOUNTS, balancesBySeller, postMany } from '../ledger';
import { isHeld, readPayoutAccounts, type PayoutAccount } from './account';

export type DueResult = 'created' | 'held' | 'no_account' | 'below_minimum' | 'open' | 'failed_before';

/**
 * Sellers whose available balance has reached the minimum (one grouped query over the ledger).
 */
export async function sellersAboveMinimum(db: Db, minimumMinor: number): Promise<number[]> {
  const rows = await db
    .selectFrom('ledger_entries')
    .select(['seller_id', sql<number>`sum(credit_minor) - sum(debit_minor)`.as('available')])
    .where('account', '=', ACCOUNTS.available)
    .where('seller_id', 'is not', null)
    .groupBy('seller_id')
    .having(sql<number>`sum(credit_minor) - sum(debit_minor)`, '>=', minimumMinor)
    .orderBy('seller_id')
    .execute();
  return rows.map((r) => r.seller_id!);
}

/** How many sellers' payouts one transaction prepares. */
export const PREPARE_BATCH = 200;

/** Creates one seller's payout (an operator's retry): createPayouts for one. */
export async function createPayout(db: Db, dialect: Dialect, sellerId: number, options: PayoutOptions): Promise<DueResult> {
  return (await createPayouts(db, dialect, [sellerId], options)).get(sellerId) ?? 'no_account';
}

export interface PayoutOptions {
  minimumMinor: number;
  provider: string;
  at: Date;
  /** An operator's retry: it may follow a failed payout to the same account. */
  operator?: boolean;
}

/**
 * Creates each seller's payout of their whole available balance, a batch of sellers in one
 * transaction under their rows' locks (so job instances racing here make one payout each; the
 * partial unique index payouts_one_open backs that up). The money moves from available to
 * "sending" in the same transaction, one balanced ledger posting per payout.
 */
export async function createPayouts(db: Db, dialect: Dialect, sellerIds: number[], options: PayoutOptions): Promise<Map<number, DueResult>> {
  const results = new Map<number, DueResult>();
  if (sellerIds.length === 0) return results;
  return inTransaction(db, async (trx) => {
    const accounts = await readPayoutAccounts(trx, sellerIds, { forUpdate: dialect === 'postgres' });
    const latest = await latestPayouts(trx, sellerIds);
    const available = await balancesBySeller(trx, ACCOUNTS.available, sellerIds);
    const due: { sellerId: number; amount: number; account: PayoutAccount }[] = [];
    for (const sellerId of sellerIds) {
      const account = accounts.get(sellerId);
      const last = latest.get(sellerId);
      const amount = available.get(sellerId) ?? 0;
      let result: DueResult = 'created';
      if (!account) result = 'no_account';
      else if (isHeld(account, options.at)) result = 'held';
      else if (last?.status === 'PENDING') result = 'open';
      // After a failure to this very account, wait for a new account or the operator's retry.
      else if (!options.operator && last && last.status !== 'SUCCESS' && last.account_key === account.key) result = 'failed_before';
      else if (amount < options.minimumMinor || amount <= 0) result = 'below_minimum';
      results.set(sellerId, result);
      if (result === 'created' && account) due.push({ sellerId, amount, account });
    }
    if (due.length === 0) return results;
    const at = now();
    const payouts = await trx
      .insertInto('payouts')
      .values(
        due.map(({ sellerId, amount, account }) => ({
          seller_id: sellerId,
          amount_minor: amount,
          currency: 'GHS',
          reference: `akuafo-payout-${randomUUID()}`,
          provider: options.provider,
          status: 'PENDING' as const,
          account_label: account.label,
          account_key: account.key,
          transfer_code: null,
          next_attempt_at: options.at.toISOString(),
          claimed_until: null,
          last_error: null,
          completed_at: null,
          created_at: at,
          updated_at: at,
        })),
      )
      .returning(['id', 'reference', 'seller_id', 'amount_minor', 'account_label'])
      .execute();
    await postMany(
      trx,
      payouts.map((payout) => ({
        key: `payout:${payout.id}:claim`,
        kind: 'payout.claim',
        memo: `Payout ${payout.reference} to ${payout.account_label}`,
        payoutId: payout.id,
        legs: [
          { account: ACCOUNTS.available, sellerId: payout.seller_id, debit: payout.amount_minor },
          { account: ACCOUNTS.sending, sellerId: payout.seller_id, credit: payout.amount_minor },
        ],
      })),
    );
    return results;
  });
}

/** Each seller's latest payout (its status and account), in one read. */
async function latestPayouts(trx: Db, sellerIds: number[]) {
  const rows = await trx
    .selectFrom('payouts')
    .select(['seller_id', 'status', 'account_key'])
    .where('id', 'in', (eb) => eb.selectFrom('payouts').select((e) => e.fn.max('id').as('id')).where('seller_id', 'in', sellerIds).groupBy('seller_id'))
    .execute();
  return new Map(rows.map((r) => [r.seller_id, r]));
}
