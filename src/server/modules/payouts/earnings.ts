import { formatMinor, fromMinor, toMinor } from '../../../shared/money';
import type { Earnings, EarningsEntry, Payout } from '../../../shared/schemas/money';
import type { Db } from '../../platform/db';
import { sellerBalances } from '../ledger';
import { isHeld, PAYOUT_HOLD_MS, readPayoutAccount } from './account';

const ENTRIES_SHOWN = 100;
const PAYOUTS_SHOWN = 20;

export const payoutOf = (p: { id: number; amount_minor: number; status: string; account_label: string; reference: string; last_error: string | null; created_at: string; completed_at: string | null }): Payout => ({
  id: p.id,
  amount: fromMinor(p.amount_minor),
  currency: 'GHS',
  status: p.status as Payout['status'],
  account: p.account_label,
  reference: p.reference,
  lastError: p.last_error,
  createdAt: p.created_at,
  completedAt: p.completed_at,
});

type Leg = { id: number; account: string; debit_minor: number; credit_minor: number; created_at: string; kind: string; memo: string; order_number: string | null; label: string | null; payout_status: string | null };

/** A payout's one line says where it is now ("Payout to your MTN MoMo 024XXX4567: sent"). */
const PAYOUT_STATES: Record<string, string> = { PENDING: 'on its way', SUCCESS: 'sent', FAILED: 'did not go through', REVERSED: 'returned by the network' };

/**
 * A ledger leg in the seller's words, with its change to what is theirs (held + available);
 * null for legs the seller need not see: money in transit inside us, and a payout's legs after
 * the one that took it from their balance (one payout, one line, with its state).
 */
function describe(leg: Leg, commissionMinor: number | undefined): Omit<EarningsEntry, 'balance'> | null {
  const n = leg.order_number ?? '';
  const amount = fromMinor(leg.credit_minor - leg.debit_minor);
  const base = { id: leg.id, at: leg.created_at, orderNumber: leg.order_number };
  switch (`${leg.kind}/${leg.account}`) {
    case 'escrow.hold/escrow_held':
      return { ...base, amount, bucket: 'held', description: `Order ${n} paid: held until the buyer collects` };
    case 'escrow.release/escrow_held':
      return { ...base, amount, bucket: 'held', description: `Order ${n} collected: released from held` };
    case 'escrow.release/seller_available':
      return { ...base, amount, bucket: 'available', description: `Order ${n} collected: your share, less ${formatMinor(commissionMinor ?? 0)} commission` };
    case 'escrow.refund/escrow_held':
      return { ...base, amount, bucket: 'held', description: `Order ${n} cancelled: the buyer is refunded` };
    case 'transport.release/seller_available':
      return { ...base, amount, bucket: 'available', description: `Load of order ${n} delivered: your fee, less VAT and ${formatMinor(commissionMinor ?? 0)} commission` };
    case 'payout.claim/seller_available':
      return { ...base, amount, bucket: 'available', description: `Payout to your ${leg.label ?? 'payout account'}: ${PAYOUT_STATES[leg.payout_status ?? ''] ?? 'on its way'}` };
    case 'payout.failed/seller_available':
      return { ...base, amount, bucket: 'available', description: 'Payout did not go through: the money is back in your balance' };
    case 'payout.reversed/seller_available':
      return { ...base, amount, bucket: 'available', description: 'Payout returned by the network: the money is back in your balance' };
    default:
      return null;
  }
}

/** A seller's money: balances, the next payout, every entry in plain words, and recent payouts. */
export async function sellerEarnings(db: Db, sellerId: number, options: { payoutMinimumMinor: number; at?: Date }): Promise<Earnings> {
  const at = options.at ?? new Date();
  const [balances, account, profile, legs, payouts] = await Promise.all([
    sellerBalances(db, sellerId),
    readPayoutAccount(db, sellerId),
    db.selectFrom('seller_profiles').select('commission_rate_bp').where('user_id', '=', sellerId).executeTakeFirst(),
    db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
      .leftJoin('orders as o', 'o.id', 't.order_id')
      .leftJoin('payouts as p', 'p.id', 't.payout_id')
      .select(['e.id', 'e.account', 'e.debit_minor', 'e.credit_minor', 'e.created_at', 't.kind', 't.memo', 't.id as transactionId', 'o.order_number', 'p.account_label as label', 'p.status as payout_status'])
      .where('e.seller_id', '=', sellerId)
      .orderBy('e.id', 'desc')
      .limit(ENTRIES_SHOWN)
      .execute(),
    db.selectFrom('payouts').selectAll().where('seller_id', '=', sellerId).orderBy('id', 'desc').limit(PAYOUTS_SHOWN).execute(),
  ]);
  const commissions = new Map(legs.filter((l) => l.account === 'platform_commission').map((l) => [l.transactionId, l.credit_minor]));
  const entries = withRunningBalance(legs.flatMap((l) => describe(l, commissions.get(l.transactionId)) ?? []), balances.heldMinor + balances.availableMinor);
  return {
    currency: 'GHS',
    held: fromMinor(balances.heldMinor),
    available: fromMinor(balances.availableMinor),
    sending: fromMinor(balances.sendingMinor),
    paidOut: fromMinor(balances.paidOutMinor),
    commissionRate: (profile?.commission_rate_bp ?? 500) / 100,
    payoutMinimum: fromMinor(options.payoutMinimumMinor),
    nextPayout: nextPayout(account, balances.availableMinor, options.payoutMinimumMinor, payouts[0], at),
    entries,
    payouts: payouts.map(payoutOf),
  };
}

/**
 * Each entry (newest first) with what is the seller's (held + available) after it: counted back
 * from today's balance, so it is right however many older entries are left out.
 */
function withRunningBalance(entries: Omit<EarningsEntry, 'balance'>[], nowMinor: number): EarningsEntry[] {
  let after = nowMinor;
  return entries.map((entry) => {
    const shown = { ...entry, balance: fromMinor(after) };
    after -= toMinor(entry.amount);
    return shown;
  });
}

function nextPayout(account: Awaited<ReturnType<typeof readPayoutAccount>>, availableMinor: number, minimumMinor: number, latest: { status: string; account_key: string } | undefined, at: Date): Earnings['nextPayout'] {
  if (!account) return { at: null, note: 'Add your payout account (mobile money or bank) to be paid.' };
  if (latest?.status === 'PENDING') return { at: null, note: 'A payout is on its way to you now.' };
  if (isHeld(account, at)) {
    return { at: new Date(new Date(account.changedAt!).getTime() + PAYOUT_HOLD_MS).toISOString(), note: 'Your payout account changed recently: payouts wait 24 hours after a change.' };
  }
  if (latest && latest.status !== 'SUCCESS' && latest.account_key === account.key) return { at: null, note: 'Your last payout did not go through. Check your payout account, or ask us to try again.' };
  if (availableMinor < minimumMinor) return { at: null, note: `Paid to your ${account.label} once your available balance reaches ${formatMinor(minimumMinor)}.` };
  const nextHour = new Date(Math.ceil(at.getTime() / 3600_000) * 3600_000);
  return { at: nextHour.toISOString(), note: `With the next payout run, to your ${account.label}.` };
}

/**
 * A transporter's money, in the sellers' shape (issue 40 items 4 and 5): the same ledger account
 * and payouts as a seller's (their fee's share is released to seller_available under their id),
 * read by sellerEarnings; held is what their accepted loads not yet delivered will earn (the
 * caller counts it: transport's rule), and the commission rate is transport's.
 */
export async function transporterEarnings(db: Db, transporterId: number, options: { payoutMinimumMinor: number; heldMinor: number; commissionRate: number; at?: Date }): Promise<Earnings> {
  const earnings = await sellerEarnings(db, transporterId, options);
  return { ...earnings, held: fromMinor(options.heldMinor), commissionRate: options.commissionRate };
}
