import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { now, type Db } from '../../platform/db';
import type { Dialect } from '../../platform/db';
import { inTransaction } from '../../platform/db/transactions';
import { ACCOUNTS } from '../ledger/accounts';
import { balanceOf, post } from '../ledger/post';
import { isHeld, payoutAccountOf } from './account';

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

/**
 * Creates one seller's payout of their whole available balance, under the seller's row lock (so
 * job instances racing here make one payout, and the partial unique index payouts_one_open
 * backs that up). The money moves from available to "sending" in the same transaction.
 * `operator` is an operator's retry: it may follow a failed payout to the same account.
 */
export async function createPayout(db: Db, dialect: Dialect, sellerId: number, options: { minimumMinor: number; provider: string; at: Date; operator?: boolean }): Promise<DueResult> {
  return inTransaction(db, async (trx) => {
    let lock = trx.selectFrom('seller_profiles').select(['payout_type', 'bank_account_name', 'bank_account_number', 'payout_network', 'payout_bank_code', 'payout_account_changed_at', 'payout_recipient_code', 'payout_recipient_for']).where('user_id', '=', sellerId);
    if (dialect === 'postgres') lock = lock.forUpdate();
    const profile = await lock.executeTakeFirst();
    const account = profile && payoutAccountOf(profile);
    if (!account) return 'no_account';
    if (isHeld(account, options.at)) return 'held';
    const latest = await trx.selectFrom('payouts').select(['status', 'account_key']).where('seller_id', '=', sellerId).orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (latest?.status === 'PENDING') return 'open';
    // After a failure to this very account, wait for a new account or the operator's retry.
    if (!options.operator && latest && latest.status !== 'SUCCESS' && latest.account_key === account.key) return 'failed_before';
    const available = await balanceOf(trx, ACCOUNTS.available, sellerId);
    if (available < options.minimumMinor || available <= 0) return 'below_minimum';
    const at = now();
    const payout = await trx
      .insertInto('payouts')
      .values({
        seller_id: sellerId,
        amount_minor: available,
        currency: 'GHS',
        reference: `akuafo-payout-${randomUUID()}`,
        provider: options.provider,
        status: 'PENDING',
        account_label: account.label,
        account_key: account.key,
        transfer_code: null,
        next_attempt_at: options.at.toISOString(),
        claimed_until: null,
        last_error: null,
        completed_at: null,
        created_at: at,
        updated_at: at,
      })
      .returning(['id', 'reference'])
      .executeTakeFirstOrThrow();
    await post(trx, {
      key: `payout:${payout.id}:claim`,
      kind: 'payout.claim',
      memo: `Payout ${payout.reference} to ${account.label}`,
      payoutId: payout.id,
      legs: [
        { account: ACCOUNTS.available, sellerId, debit: available },
        { account: ACCOUNTS.sending, sellerId, credit: available },
      ],
    });
    return 'created';
  });
}
