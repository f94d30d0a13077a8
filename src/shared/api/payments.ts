import * as v from 'valibot';
import { PAYMENT_STATES, paymentOtpSchema, paymentPromptSchema, settleOutcomeSchema } from '../schemas/checkout';
import { PAYOUT_STATUSES } from '../schemas/money';
import { dataOf, route } from './route';

/** What the webhook did with an event: applied (with the payment's or the transfer's status now), or not ours to apply. */
export const webhookReceiptSchema = v.object({
  received: v.literal(true),
  applied: v.boolean(),
  status: v.optional(v.picklist([...PAYMENT_STATES, ...PAYOUT_STATUSES])),
});

/**
 * The payment provider's calls and the prompts' answers. They are idempotent by payment
 * reference themselves (settlePayment applies once), so they take no Idempotency-Key.
 */
export const PAYMENTS_ROUTES = [
  route({ method: 'POST', path: '/payments/paystack/webhook', summary: 'Paystack’s signed event (x-paystack-signature)', tag: 'payments', auth: 'none', answer: dataOf(webhookReceiptSchema), idempotent: false }),
  route({ method: 'POST', path: '/payments/sandbox/:reference/approve', summary: 'Sandbox only: approve the simulated prompt', tag: 'payments', auth: 'user', answer: dataOf(settleOutcomeSchema), idempotent: false }),
  route({ method: 'POST', path: '/payments/sandbox/:reference/decline', summary: 'Sandbox only: decline the simulated prompt', tag: 'payments', auth: 'user', answer: dataOf(settleOutcomeSchema), idempotent: false }),
  route({ method: 'POST', path: '/payments/:reference/otp', summary: 'Send the OTP the payment provider asked for', tag: 'payments', auth: 'user', body: paymentOtpSchema, answer: dataOf(paymentPromptSchema), idempotent: false }),
] as const;
