import { now, type Db } from '../../platform/db';
import type { TransferState } from '../../platform/payments';
import { inTransaction } from '../../platform/db/transactions';
import { ACCOUNTS } from '../ledger/accounts';
import { post } from '../ledger/post';
import { tellPayoutFailed, tellPayoutSent } from './notices';

/** How soon to ask the provider again about a transfer it has accepted but not finished. */
export const CHECK_AGAIN_MS = 60_000;

export type PayoutStatus = 'PENDING' | 'SUCCESS' | 'FAILED' | 'REVERSED';

/**
 * Records what the provider says about a payout: from the job's own call, a webhook, or a
 * verify. Each change is conditional on the payout's current status, so however many of them
 * arrive (a webhook racing the job), the money moves once. Returns the payout's status after.
 */
export async function applyTransferState(db: Db, payoutId: number, state: TransferState, at: Date = new Date()): Promise<PayoutStatus> {
  return inTransaction(db, async (trx) => {
    const payout = await trx.selectFrom('payouts').selectAll().where('id', '=', payoutId).executeTakeFirstOrThrow();
    const moveFrom = async (from: PayoutStatus, to: PayoutStatus) =>
      Number(
        (
          await trx
            .updateTable('payouts')
            .set({ status: to, transfer_code: state.transferCode ?? payout.transfer_code, last_error: to === 'SUCCESS' ? null : state.message, completed_at: now(), claimed_until: null, updated_at: now() })
            .where('id', '=', payoutId)
            .where('status', '=', from)
            .executeTakeFirst()
        ).numUpdatedRows,
      ) === 1;
    const seller = payout.seller_id;
    const amount = payout.amount_minor;
    const base = { orderId: null, payoutId };

    if (state.status === 'success' && (await moveFrom('PENDING', 'SUCCESS'))) {
      await post(trx, {
        ...base,
        key: `payout:${payoutId}:sent`,
        kind: 'payout.sent',
        memo: `Payout ${payout.reference} sent to ${payout.account_label}`,
        legs: [
          { account: ACCOUNTS.sending, sellerId: seller, debit: amount },
          { account: ACCOUNTS.clearing, sellerId: seller, credit: amount },
        ],
      });
      await tellPayoutSent(trx, seller, amount, payout.account_label);
    } else if ((state.status === 'failed' || state.status === 'reversed') && (await moveFrom('PENDING', state.status === 'failed' ? 'FAILED' : 'REVERSED'))) {
      // Never reached the seller: the money goes back to their available balance.
      await post(trx, {
        ...base,
        key: `payout:${payoutId}:failed`,
        kind: 'payout.failed',
        memo: `Payout ${payout.reference} did not go through: ${state.message}`,
        legs: [
          { account: ACCOUNTS.sending, sellerId: seller, debit: amount },
          { account: ACCOUNTS.available, sellerId: seller, credit: amount },
        ],
      });
      await tellPayoutFailed(trx, seller, amount, payout.account_label, state.status === 'reversed');
    } else if (state.status === 'reversed' && (await moveFrom('SUCCESS', 'REVERSED'))) {
      // Sent, then returned by the network: the money is back in our balance and owed to the seller again.
      await post(trx, {
        ...base,
        key: `payout:${payoutId}:reversed`,
        kind: 'payout.reversed',
        memo: `Payout ${payout.reference} was reversed: ${state.message}`,
        legs: [
          { account: ACCOUNTS.clearing, sellerId: seller, debit: amount },
          { account: ACCOUNTS.available, sellerId: seller, credit: amount },
        ],
      });
      await tellPayoutFailed(trx, seller, amount, payout.account_label, true);
    } else if (payout.status === 'PENDING' && (state.status === 'pending' || state.status === 'unknown')) {
      await trx
        .updateTable('payouts')
        .set({ transfer_code: state.transferCode ?? payout.transfer_code, last_error: null, claimed_until: null, next_attempt_at: new Date(at.getTime() + CHECK_AGAIN_MS).toISOString(), updated_at: now() })
        .where('id', '=', payoutId)
        .where('status', '=', 'PENDING')
        .execute();
    }
    return (await trx.selectFrom('payouts').select('status').where('id', '=', payoutId).executeTakeFirstOrThrow()).status;
  });
}
