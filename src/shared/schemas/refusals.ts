import * as v from 'valibot';
import { photoRefSchema } from './checks';
import { toSingleLine } from './single-line';

/**
 * A line refused at the pickup counter and the operator's decision (issue 41 item 3,
 * docs/money.md "A line refused at pickup"). The sentences are listed with their Twi in
 * i18n/api-refusals.ts (refusal*).
 */
export const REFUSAL_MESSAGES = {
  reason: 'Say why the line is refused, in 3 to 300 characters.',
  notAtCounter: 'A line can be refused only at the pickup counter: once the order is ready for pickup and before it is collected.',
  lineRefunded: 'This line was already refunded, so there is nothing to refuse.',
  notFound: 'Refusal not found',
  decided: 'This refusal was already decided.',
  orderCancelled: 'This order was cancelled and refunded, so there is nothing left to decide.',
  outcomeChoice: 'outcome must be REFUND or RELEASE',
  chargedToChoice: 'chargedTo must be SELLER or TRANSPORTER',
  chargedToNeeded: 'These goods travelled with a transporter: say who pays for the refund, chargedTo SELLER or TRANSPORTER.',
  chargedToWithRelease: 'Only a refund is charged to someone: leave chargedTo out when releasing the money.',
  noTransporter: 'These goods did not travel with a transporter, so the refund cannot be charged to one.',
  allRefused: 'Every line of this order was refused, so there is nothing to hand over: the operator decides what happens to them.',
} as const;

/** POST /warehouse/orders/{orderId}/items/{itemId}/refusal */
export const refusalBodySchema = v.object({
  reason: v.pipe(v.string(REFUSAL_MESSAGES.reason), toSingleLine(), v.minLength(3, REFUSAL_MESSAGES.reason), v.maxLength(300, REFUSAL_MESSAGES.reason)),
  /** Optional: the ref of a photo this account uploaded (POST /warehouse/photos). */
  photo: v.optional(photoRefSchema),
});

const REFUSAL_OUTCOMES = ['REFUND', 'RELEASE'] as const;
const REFUSAL_PAYERS = ['SELLER', 'TRANSPORTER'] as const;

/** POST /admin/refusals/{id}/decision */
export const refusalDecisionSchema = v.object({
  outcome: v.picklist(REFUSAL_OUTCOMES, REFUSAL_MESSAGES.outcomeChoice),
  chargedTo: v.optional(v.picklist(REFUSAL_PAYERS, REFUSAL_MESSAGES.chargedToChoice)),
});
export type RefusalDecision = v.InferOutput<typeof refusalDecisionSchema>;

/** A refusal as the counter and the operator's desk read it; amounts in cedis. */
export const refusalSchema = v.object({
  id: v.number(),
  orderId: v.number(),
  orderNumber: v.string(),
  itemId: v.number(),
  productName: v.string(),
  quantity: v.number(),
  /** The line's total, VAT excluded (cedis). */
  amount: v.number(),
  seller: v.string(),
  warehouse: v.string(),
  reason: v.string(),
  /** Whether the line came on a consignment, so a refund may be charged to its transporter. */
  travelled: v.boolean(),
  createdAt: v.string(),
  outcome: v.nullable(v.picklist(REFUSAL_OUTCOMES)),
  chargedTo: v.nullable(v.picklist(REFUSAL_PAYERS)),
  decidedAt: v.nullable(v.string()),
  /** The photo the counter sent with the refusal (640 px wide), if any. */
  photoUrl: v.optional(v.nullable(v.string())),
});
export type Refusal = v.InferOutput<typeof refusalSchema>;

/** GET /warehouse/orders/{orderId}/pickup-lines: an order's lines as the pickup counter refuses them. */
export const pickupLineSchema = v.object({
  itemId: v.number(),
  productName: v.string(),
  quantity: v.number(),
  refunded: v.boolean(),
  /** The line's refusal, if it was refused: its id and the operator's outcome (null while open). */
  refusal: v.nullable(v.object({ id: v.number(), outcome: v.nullable(v.picklist(REFUSAL_OUTCOMES)) })),
});
export type PickupLine = v.InferOutput<typeof pickupLineSchema>;
