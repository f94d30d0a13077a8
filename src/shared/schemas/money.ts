import * as v from 'valibot';

/** Seller earnings and operator payouts (docs/money.md). Amounts in cedis, like every price. */
export const PAYOUT_STATUSES = ['PENDING', 'SUCCESS', 'FAILED', 'REVERSED'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export interface Payout {
  id: number;
  amount: number;
  currency: 'GHS';
  status: PayoutStatus;
  /** "MTN MoMo 024XXX4567" */
  account: string;
  reference: string;
  lastError: string | null;
  createdAt: string;
  completedAt: string | null;
}

/** One line of a seller's money story, in plain words. */
export interface EarningsEntry {
  id: number;
  at: string;
  /** e.g. "Order AKM-123 collected: your share", "Commission (5%) on order AKM-123". */
  description: string;
  /** Positive: money to the seller's available balance or held for them; negative: taken from it. */
  amount: number;
  /** held, available, sending, paid */
  bucket: 'held' | 'available' | 'sending' | 'paid';
  orderNumber: string | null;
  /** What is the seller's (held + available) after this change; absent in copies kept before issue 37. */
  balance?: number;
}

export interface Earnings {
  currency: 'GHS';
  held: number;
  available: number;
  /** On its way to the seller's account. */
  sending: number;
  paidOut: number;
  /** Percent, e.g. 5. */
  commissionRate: number;
  payoutMinimum: number;
  /** When the next payout may go and what stops it, in plain words. */
  nextPayout: { at: string | null; note: string };
  entries: EarningsEntry[];
  payouts: Payout[];
}

export interface AdminPayout extends Payout {
  sellerId: number;
  businessName: string;
}

/** Sellers who will be paid at the next run. */
export interface DuePayout {
  sellerId: number;
  businessName: string;
  available: number;
  account: string | null;
  /** null when nothing stops it; otherwise why it waits. */
  waiting: string | null;
}

export interface ReconciliationRow {
  payoutId: number;
  reference: string;
  sellerId: number;
  amount: number;
  ours: PayoutStatus;
  provider: string;
  /** What is wrong, in plain words; the report lists only mismatches. */
  problem: string;
}

export const adminPayoutsQuerySchema = v.object({
  status: v.optional(v.picklist(PAYOUT_STATUSES, `status must be one of ${PAYOUT_STATUSES.join(', ')}`)),
});
