import * as v from 'valibot';
import { MAX_ROW_ID } from './catalogue';
import { MOBILE_MONEY_NETWORKS, NETWORK_LABELS, NETWORK_SHORT_NAMES, parseGhanaMobile, type MobileMoneyNetwork } from '../phone';

/** Payment vocabulary of the spec. Card is shown but disabled ('Coming Soon'). */
export const PAYMENT_METHODS = ['MOBILE_MONEY', 'CARD'] as const;
export const DEFAULT_NETWORK: MobileMoneyNetwork = 'MTN';
/** Unpaid orders hold their stock this long, then the stock goes back on sale. */
export const RESERVATION_MINUTES = 30;
/** Unpaid orders one buyer may have at once: each holds stock and sent a mobile-money prompt. */
export const MAX_UNPAID_ORDERS = 3;
export const PAYMENT_PROVIDERS = ['sandbox', 'paystack'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const CHECKOUT_MESSAGES = {
  noWarehouse: 'Please select a shipping address',
  noNumber: 'Please enter your mobile money number',
  badNumber: 'Please enter a valid Ghana mobile number, e.g. 0241234567 or +233241234567',
  noWallet: 'This number is not on MTN, Telecel or AT, so it cannot receive a mobile money prompt',
  cardSoon: 'Card payments are coming soon. Please pay with Mobile Money.',
  emptyCart: 'Cannot process payment with empty cart',
  declined: 'Payment was declined. Your order was not paid and your cart is kept.',
  mismatch: 'The amount paid does not match the order total, so the order was not marked as paid.',
  paymentDefault: 'Payment processing failed',
  tooManyUnpaid: `You already have ${MAX_UNPAID_ORDERS} unpaid orders holding stock. Pay for one of them or cancel it in My Orders, then place this order.`,
  tooManyCheckouts: 'You have started many checkouts in the last hour. Please wait a while, or pay for an order you already placed from My Orders.',
  tooManyPrompts: 'Many payment prompts were sent to this mobile money number in the last hour. Please wait a while before trying again.',
  chooseNetwork: 'Choose MTN, Telecel or AT',
  notesTooLong: 'Delivery instructions can be at most 500 characters',
  agentCodeTooLong: 'Agent code can be at most 30 characters',
  agentCodeLetters: 'Agent code can only have letters, digits and dashes',
  otpMissing: 'Please enter the code from your phone',
  otpDigits: 'Please enter the code from your phone (4 to 8 digits)',
  providerUnavailable: 'We could not reach the mobile money provider. Please try again.',
  checkoutNotFound: 'Checkout not found',
  promptAnswered: 'This payment prompt was already answered.',
  notWaitingForCode: 'This payment is no longer waiting for a code.',
  codeNotAccepted: 'The code was not accepted. Please try again.',
  paymentNotFound: 'Payment not found',
} as const;

/** Paying again for an unpaid order (POST /shop/checkout/orders/{id}/pay-again). */
export const PAY_AGAIN_MESSAGES = {
  alreadyPaid: 'This order is already paid.',
  expired: 'The reservation for this order has ended, so it can no longer be paid. Check out again from your cart.',
  tooMany: 'Too many payment attempts for this order. Please wait a few minutes, then try again.',
  orderChanged: 'The order changed while the payment was being started. Please reload it.',
} as const;

/** The clear error for a number on another network than the one chosen. */
export function networkMismatchMessage(numberNetwork: MobileMoneyNetwork, chosen: MobileMoneyNetwork): string {
  return `This number is on ${NETWORK_SHORT_NAMES[numberNetwork]}, not ${NETWORK_SHORT_NAMES[chosen]}. Choose ${NETWORK_LABELS[numberNetwork]} or enter a number on ${NETWORK_SHORT_NAMES[chosen]}.`;
}

/** Why a mobile-money number cannot be charged on the chosen network, or undefined if it can. */
export function mobileNumberProblem(number: string, chosen: MobileMoneyNetwork): string | undefined {
  if (!number.trim()) return CHECKOUT_MESSAGES.noNumber;
  const parsed = parseGhanaMobile(number);
  if (!parsed) return CHECKOUT_MESSAGES.badNumber;
  if (!parsed.network) return CHECKOUT_MESSAGES.noWallet;
  if (parsed.network !== chosen) return networkMismatchMessage(parsed.network, chosen);
  return undefined;
}

/** A warehouse chosen in a select (its value is text; the API also takes the integer the spec names), refused with `message`. */
export const warehouseIdField = (message: string) =>
  v.pipe(
    v.unknown(),
    v.transform((x) => (typeof x === 'string' && /^\d{1,12}$/.test(x.trim()) ? Number(x) : x)),
    v.number(message),
    v.integer(message),
    v.minValue(1, message),
    // Past a row id's range PostgreSQL refuses the query itself (a 500): no warehouse is there.
    v.maxValue(MAX_ROW_ID, message),
  );
const warehouseId = warehouseIdField(CHECKOUT_MESSAGES.noWarehouse);

/** POST /shop/checkout; the checkout form runs the same schema before it sends. */
export const checkoutRequestSchema = v.pipe(
  v.object({
    pickupLocationId: v.optional(warehouseId, ''),
    paymentMethod: v.optional(v.picklist(PAYMENT_METHODS, 'paymentMethod must be MOBILE_MONEY or CARD'), 'MOBILE_MONEY'),
    mobileMoneyNetwork: v.optional(v.picklist(MOBILE_MONEY_NETWORKS, CHECKOUT_MESSAGES.chooseNetwork), DEFAULT_NETWORK),
    mobileMoneyNumber: v.optional(v.pipe(v.string(CHECKOUT_MESSAGES.noNumber), v.trim()), ''),
    notes: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, CHECKOUT_MESSAGES.notesTooLong)), ''),
    agentCode: v.optional(
      v.pipe(v.string(), v.trim(), v.maxLength(30, CHECKOUT_MESSAGES.agentCodeTooLong), v.regex(/^[A-Za-z0-9-]*$/, CHECKOUT_MESSAGES.agentCodeLetters)),
    ),
  }),
  v.forward(
    v.partialCheck([['paymentMethod']], (input) => input.paymentMethod !== 'CARD', CHECKOUT_MESSAGES.cardSoon),
    ['paymentMethod'],
  ),
  v.forward(
    v.partialCheck(
      [['paymentMethod'], ['mobileMoneyNetwork'], ['mobileMoneyNumber']],
      (input) => input.paymentMethod !== 'MOBILE_MONEY' || !mobileNumberProblem(input.mobileMoneyNumber, input.mobileMoneyNetwork),
      (issue) => {
        const input = issue.input as { mobileMoneyNumber: string; mobileMoneyNetwork: MobileMoneyNetwork };
        return mobileNumberProblem(input.mobileMoneyNumber, input.mobileMoneyNetwork) ?? CHECKOUT_MESSAGES.badNumber;
      },
    ),
    ['mobileMoneyNumber'],
  ),
);
export type CheckoutRequestInput = v.InferInput<typeof checkoutRequestSchema>;
export type CheckoutRequest = v.InferOutput<typeof checkoutRequestSchema>;

/**
 * POST /shop/checkout/{checkoutId}/payment. The server checks all of it with the provider.
 * With `retry: true` it is "pay again": a new attempt on the same order while its
 * reservation holds, optionally from another wallet (paymentDetails.phoneNumber and network).
 */
export const confirmPaymentSchema = v.object({
  retry: v.optional(v.boolean('retry must be true or false'), false),
  transactionId: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'transactionId is too long'))),
  amount: v.pipe(v.number('amount must be a number'), v.minValue(0, 'amount must be a number of 0 or more')),
  paymentMethod: v.optional(v.picklist(PAYMENT_METHODS, 'paymentMethod must be MOBILE_MONEY or CARD'), 'MOBILE_MONEY'),
  paymentDetails: v.object({
    phoneNumber: v.optional(v.string()),
    network: v.optional(v.picklist(MOBILE_MONEY_NETWORKS, CHECKOUT_MESSAGES.chooseNetwork)),
    reference: v.pipe(v.string('reference is required'), v.trim(), v.minLength(1, 'reference is required'), v.maxLength(100, 'reference is too long')),
  }),
});
export type ConfirmPaymentRequest = v.InferOutput<typeof confirmPaymentSchema>;

/** POST /payments/{reference}/otp: the voucher code Telecel Cash asks for. */
export const paymentOtpSchema = v.object({
  otp: v.pipe(v.string(CHECKOUT_MESSAGES.otpMissing), v.trim(), v.regex(/^\d{4,8}$/, CHECKOUT_MESSAGES.otpDigits)),
});

export const PAYMENT_STATES = ['PENDING', 'PAID', 'FAILED'] as const;
export const paymentStateSchema = v.picklist(PAYMENT_STATES);
export type PaymentState = v.InferOutput<typeof paymentStateSchema>;

/** What the payment step shows while the customer answers the prompt on the phone. */
export const paymentPromptSchema = v.object({
  status: paymentStateSchema,
  /** Sandbox: no real money moves; the page shows the labelled simulated prompt. */
  simulated: v.boolean(),
  network: v.picklist(MOBILE_MONEY_NETWORKS),
  phoneNumber: v.string(),
  /** Telecel Cash asks for a voucher code first: POST /payments/{reference}/otp. */
  needsOtp: v.boolean(),
  /** Words from the provider, e.g. "Please complete authorization process on your mobile phone". */
  displayText: v.string(),
  expiresAt: v.nullable(v.string()),
});
export type PaymentPrompt = v.InferOutput<typeof paymentPromptSchema>;

/** GET /shop/checkout/defaults: what the checkout form starts with (null: nothing to suggest). */
export const checkoutDefaultsSchema = v.object({
  pickupLocationId: v.nullable(v.number()),
  mobileMoneyNumber: v.nullable(v.string()),
  mobileMoneyNetwork: v.nullable(v.picklist(MOBILE_MONEY_NETWORKS)),
});
export type CheckoutDefaults = v.InferOutput<typeof checkoutDefaultsSchema>;

/** The answer to POST /shop/checkout (and to a pay again). */
export const checkoutStartedSchema = v.object({
  checkoutId: v.number(),
  orderId: v.number(),
  orderNumber: v.string(),
  amount: v.number(),
  currency: v.literal('GHS'),
  reference: v.string(),
  provider: v.picklist(PAYMENT_PROVIDERS),
  payment: paymentPromptSchema,
});
export type CheckoutStarted = v.InferOutput<typeof checkoutStartedSchema>;

/** The answer to POST /shop/checkout/{id}/payment and to a sandbox approve/decline. */
export const paymentOutcomeSchema = v.object({
  orderId: v.number(),
  orderNumber: v.string(),
  status: paymentStateSchema,
  orderStatus: v.string(),
  paymentStatus: v.string(),
  amount: v.number(),
  currency: v.literal('GHS'),
  reference: v.string(),
  message: v.string(),
});
export type PaymentOutcome = v.InferOutput<typeof paymentOutcomeSchema>;

/** A settled payment as the server's settle answers it: `failure` says why a FAILED outcome failed when it was not a decline. */
export const settleOutcomeSchema = v.object({ ...paymentOutcomeSchema.entries, failure: v.optional(v.literal('mismatch')) });
export type SettleOutcome = v.InferOutput<typeof settleOutcomeSchema>;
