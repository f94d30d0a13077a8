/**
 * What happened that somebody should hear about. Callers say only what happened, inside the
 * transaction of the change that caused it; the message outbox looks up who hears it, on which
 * channels (the user's preferences), and with which words.
 */
export type MessageEvent =
  /** The buyer hears the order's current state: paid, payment failed, ready for pickup (with the
   *  warehouse and pickup code), delivered, cancelled, refund completed. */
  | { kind: 'order.status'; orderId: number }
  /** A USSD buyer hears their order's number and total by SMS (the screen is gone in a moment). */
  | { kind: 'order.placed'; orderId: number }
  /** Each seller with lines in a newly paid order hears what sold. */
  | { kind: 'order.sold'; orderId: number }
  /** The buyer hears where their goods are: dropped off at the origin, collected, arrived (issue 40). */
  | { kind: 'consignment.moved'; consignmentId: number }
  /** The seller hears that a listing was approved or rejected (with the reason). */
  | { kind: 'listing.decided'; submissionId: number }
  /** The buyer and the seller hear of a line refused at pickup, and of the operator's decision (issue 41 item 3). */
  | { kind: 'refusal.changed'; refusalId: number }
  /** The buyer and the seller hear that a line failed the warehouse check at drop-off, was refunded, and where the goods wait (issue 41 item 2). */
  | { kind: 'check.failed'; checkId: number };

/** The preference groups a user switches per channel on /notifications. */
export const MESSAGE_TOPICS = { 'order.status': 'orders', 'order.placed': 'orders', 'order.sold': 'sales', 'consignment.moved': 'orders', 'listing.decided': 'listings', 'refusal.changed': 'orders', 'check.failed': 'orders' } as const;
