import { now, type Db } from '../../platform/db';
import type { TransferState } from '../../platform/payments';
import { inTransaction } from '../../platform/db/transactions';
import { type Account, ACCOUNTS, type Posting, postMany } from '../ledger';
import { payoutFailedNotice, payoutSentNotice, tellSellers, type SellerNotice } from './notices';

/** How soon to ask the provider again about a transfer it has accepted but not finished. */
export const CHECK_AGAIN_MS = 60_000;

export type PayoutStatus = 'PENDING' | 'SUCCESS' | 'FAILED' | 'REVERSED';

/** Where money goes when a payout's status moves: the ledger's event, and its legs' accounts. */
const MOVES = {
  sent: { from: ACCOUNTS.sending, to: ACCOUNTS.clearing },
  // Never reached the seller: the money goes back to their available balance.
  failed: { from: ACCOUNTS.sending, to: ACCOUNTS.available },
  // Sent, then returned by the network: the money is back in our balance and owed to the seller again.
  reversed: { from: ACCOUNTS.clearing, to: ACCOUNTS.available },
} satisfies Record<string, { from: Account; to: Account }>;

/**
 * Records what the provider says about a payout: from the job's own call, a webhook, or a
 * verify. Returns the payout's status after.
 */
export async function applyTransferState(db: Db, payoutId: number, state: TransferState, at: Date = new Date()): Promise<PayoutStatus> {
  return (await applyTransferStates(db, [{ payoutId, state }], at)).get(payoutId)!;
}

/**
 * applyTransferState for a batch, in one transaction. Each change is conditional on the
 * payout's current status, so however many answers arrive (a webhook racing the job), the money
 * moves once; the batch's ledger postings and messages are written together.
 */
export async function applyTransferStates(db: Db, answers: { payoutId: number; state: TransferState }[], at: Date = new Date()): Promise<Map<number, PayoutStatus>> {
  return inTransaction(db, async (trx) => {
    const ids = answers.map((a) => a.payoutId);
    const payouts = new Map((await trx.selectFrom('payouts').selectAll().where('id', 'in', ids).execute()).map((p) => [p.id, p]));
    const statuses = new Map<number, PayoutStatus>();
    const postings: Posting[] = [];
    const notices: SellerNotice[] = [];
    for (const { payoutId, state } of answers) {
      const payout = payouts.get(payoutId);
      if (!payout) throw new Error(`No payout ${payoutId}`);
      const moveFrom = async (from: PayoutStatus, to: PayoutStatus) => {
        const moved = await trx
          .updateTable('payouts')
          .set({ status: to, transfer_code: state.transferCode ?? payout.transfer_code, last_error: to === 'SUCCESS' ? null : state.message, completed_at: now(), claimed_until: null, updated_at: now() })
          .where('id', '=', payoutId)
          .where('status', '=', from)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) === 1) payout.status = to;
        // Another writer (a webhook) changed it since it was read: say what it is now.
        else payout.status = (await trx.selectFrom('payouts').select('status').where('id', '=', payoutId).executeTakeFirstOrThrow()).status;
        return payout.status === to && Number(moved.numUpdatedRows) === 1;
      };
      const book = (event: keyof typeof MOVES, memo: string) => {
        const { from, to } = MOVES[event];
        postings.push({
          key: `payout:${payoutId}:${event}`,
          kind: `payout.${event}`,
          memo: `Payout ${payout.reference} ${memo}`,
          orderId: null,
          payoutId,
          legs: [
            { account: from, sellerId: payout.seller_id, debit: payout.amount_minor },
            { account: to, sellerId: payout.seller_id, credit: payout.amount_minor },
          ],
        });
      };

      if (state.status === 'success' && (await moveFrom('PENDING', 'SUCCESS'))) {
        book('sent', `sent to ${payout.account_label}`);
        notices.push(payoutSentNotice(payout.seller_id, payout.amount_minor, payout.account_label));
      } else if ((state.status === 'failed' || state.status === 'reversed') && (await moveFrom('PENDING', state.status === 'failed' ? 'FAILED' : 'REVERSED'))) {
        book('failed', `did not go through: ${state.message}`);
        notices.push(payoutFailedNotice(payout.seller_id, payout.amount_minor, payout.account_label, state.status === 'reversed'));
      } else if (state.status === 'reversed' && (await moveFrom('SUCCESS', 'REVERSED'))) {
        book('reversed', `was reversed: ${state.message}`);
        notices.push(payoutFailedNotice(payout.seller_id, payout.amount_minor, payout.account_label, true));
      } else if (payout.status === 'PENDING' && (state.status === 'pending' || state.status === 'unknown')) {
        await trx
          .updateTable('payouts')
          .set({ transfer_code: state.transferCode ?? payout.transfer_code, last_error: null, claimed_until: null, next_attempt_at: new Date(at.getTime() + CHECK_AGAIN_MS).toISOString(), updated_at: now() })
          .where('id', '=', payoutId)
          .where('status', '=', 'PENDING')
          .execute();
      }
      statuses.set(payoutId, payout.status);
    }
    await postMany(trx, postings);
    await tellSellers(trx, notices);
    return statuses;
  });
}
