import * as v from 'valibot';

/** Seller earnings and operator payouts (docs/money.md). Amounts in cedis, like every price. */
export const PAYOUT_STATUSES = ['PENDING', 'SUCCESS', 'FAILED', 'REVERSED'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

const payoutStatusSchema = v.picklist(PAYOUT_STATUSES);

export const payoutSchema = v.object({
  id: v.number(),
  amount: v.number(),
  currency: v.literal('GHS'),
  status: payoutStatusSchema,
  /** "MTN MoMo 024XXX4567" */
  account: v.string(),
  reference: v.string(),
  lastError: v.nullable(v.string()),
  createdAt: v.string(),
  completedAt: v.nullable(v.string()),
});
export type Payout = v.InferOutput<typeof payoutSchema>;

/** One line of a seller's money story, in plain words. */
export const earningsEntrySchema = v.object({
  id: v.number(),
  at: v.string(),
  /** e.g. "Order AKM-123 collected: your share", "Commission (5%) on order AKM-123". */
  description: v.string(),
  /** Positive: money to the seller's available balance or held for them; negative: taken from it. */
  amount: v.number(),
  /** held, available, sending, paid */
  bucket: v.picklist(['held', 'available', 'sending', 'paid']),
  orderNumber: v.nullable(v.string()),
  /** What is the seller's (held + available) after this change; absent in copies kept before issue 37 (the server always sends it). */
  balance: v.optional(v.number()),
});
export type EarningsEntry = v.InferOutput<typeof earningsEntrySchema>;

export const earningsSchema = v.object({
  currency: v.literal('GHS'),
  held: v.number(),
  available: v.number(),
  /** On its way to the seller's account. */
  sending: v.number(),
  paidOut: v.number(),
  /** Percent, e.g. 5. */
  commissionRate: v.number(),
  payoutMinimum: v.number(),
  /** When the next payout may go and what stops it, in plain words. */
  nextPayout: v.object({ at: v.nullable(v.string()), note: v.string() }),
  entries: v.array(earningsEntrySchema),
  payouts: v.array(payoutSchema),
});
export type Earnings = v.InferOutput<typeof earningsSchema>;

export const adminPayoutSchema = v.object({ ...payoutSchema.entries, sellerId: v.number(), businessName: v.string() });
export type AdminPayout = v.InferOutput<typeof adminPayoutSchema>;

/** Sellers who will be paid at the next run. */
export const duePayoutSchema = v.object({
  sellerId: v.number(),
  businessName: v.string(),
  available: v.number(),
  account: v.nullable(v.string()),
  /** null when nothing stops it; otherwise why it waits. */
  waiting: v.nullable(v.string()),
});
export type DuePayout = v.InferOutput<typeof duePayoutSchema>;

export const reconciliationRowSchema = v.object({
  payoutId: v.number(),
  reference: v.string(),
  sellerId: v.number(),
  amount: v.number(),
  ours: payoutStatusSchema,
  provider: v.string(),
  /** What is wrong, in plain words; the report lists only mismatches. */
  problem: v.string(),
});
export type ReconciliationRow = v.InferOutput<typeof reconciliationRowSchema>;

/** GET /admin/payouts/reconciliation: how many payouts were checked, and every mismatch. */
export const reconciliationSchema = v.object({ checked: v.number(), mismatches: v.array(reconciliationRowSchema) });
export type Reconciliation = v.InferOutput<typeof reconciliationSchema>;

/** What one payout run did (POST /admin/payouts/run, and a retry's sending). */
export const payoutRunSchema = v.object({
  /** Orders cancelled because nobody collected them in time. */
  uncollectedCancelled: v.number(),
  created: v.number(),
  held: v.number(),
  noAccount: v.number(),
  sent: v.number(),
  failed: v.number(),
  pending: v.number(),
  errors: v.number(),
  /**
   * Sellers whose payout could not be prepared for a reason other than another instance's race
   * (the database failed them): logged at error with the cause; their money stays available
   * and the next run tries again.
   */
  notPrepared: v.number(),
});
export type PayoutRun = v.InferOutput<typeof payoutRunSchema>;

/** GET /admin/ledger/trial-balance: the books in cedis; every account's balance on its side. */
export const trialBalanceSchema = v.object({
  currency: v.literal('GHS'),
  debits: v.number(),
  credits: v.number(),
  balanced: v.boolean(),
  accounts: v.array(v.object({ account: v.string(), side: v.picklist(['debit', 'credit']), balance: v.number() })),
});
export type TrialBalanceAnswer = v.InferOutput<typeof trialBalanceSchema>;

export const adminPayoutsQuerySchema = v.object({
  status: v.optional(v.picklist(PAYOUT_STATUSES, `status must be one of ${PAYOUT_STATUSES.join(', ')}`)),
});
