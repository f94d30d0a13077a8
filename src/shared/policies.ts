/**
 * The service promises of the spec (section 9 of orders-sellers-pages.md), shown on the FAQ,
 * the shipping and returns policy and the terms. Server rules that enforce them (say, the
 * cancel window) should read the same numbers.
 */
export const POLICIES = {
  /** An order can be cancelled or changed this long after it was placed (if not yet shipped). */
  cancelWindowHours: 24,
  /** Returns are accepted this long after delivery. */
  returnWindowDays: 30,
  /** Quality problems (spoiled or damaged produce) must be reported within this time. */
  qualityClaimHours: 48,
  processingHours: { min: 24, max: 48 },
  /** Refunds reach the buyer's mobile money wallet within this many business days of approval. */
  refundBusinessDays: 5,
  shippingOptions: [
    { name: 'Standard', time: '5 to 7 business days' },
    { name: 'Express', time: '2 to 3 business days' },
    { name: 'Next day', time: 'the next business day when ordered before 2 PM' },
  ],
  transit: { domestic: '3 to 10 days', international: '10 to 21 days' },
} as const;
