import { MESSAGES } from '../schemas/accounts';
import { CART_MESSAGES } from '../schemas/cart';
import { CHECKOUT_MESSAGES, PAY_AGAIN_MESSAGES } from '../schemas/checkout';
import { NOTIFICATION_MESSAGES } from '../schemas/notifications';
import { ORDER_MESSAGES } from '../schemas/orders';
import { REVIEW_ALREADY_WRITTEN, REVIEW_MESSAGES, REVIEW_NOT_ALLOWED } from '../schemas/reviews';
import { SMS_SIGN_IN_MESSAGES } from '../schemas/sms-sign-in';
import { API_REFUSAL_TEMPLATES, API_REFUSALS } from './api-refusals';

/**
 * The API's sentences (and the shared schemas' ones the forms show) that have a translation:
 * the English text, word for word as the server says it, under its catalogue id `api.<key>`.
 * The English catalogue takes its `api.` texts from here, so the two cannot drift; the server
 * translates an error by looking its English text up here, at one place (the error answer),
 * and the forms do the same for the schemas' messages they show.
 */
export const API_MESSAGES = {
  ...MESSAGES,
  smsPhone: SMS_SIGN_IN_MESSAGES.phone,
  smsSent: SMS_SIGN_IN_MESSAGES.sent,
  smsTooManySends: SMS_SIGN_IN_MESSAGES.tooManySends,
  smsTooManyChecks: SMS_SIGN_IN_MESSAGES.tooManyChecks,
  smsLinkNeedsVerifiedPhone: SMS_SIGN_IN_MESSAGES.linkNeedsVerifiedPhone,
  smsLinked: SMS_SIGN_IN_MESSAGES.linked,
  smsPasswordAccount: SMS_SIGN_IN_MESSAGES.passwordAccount,
  smsLinkTaken: SMS_SIGN_IN_MESSAGES.linkTaken,
  // The platform's own (src/server/platform/errors.ts, app.ts).
  signInFirst: 'Please sign in to continue.',
  notAllowed: 'You are not allowed to do that.',
  notFound: 'Not found',
  noEndpoint: 'No such API endpoint',
  internal: 'Something went wrong on our side. Please try again.',
  tooManySignIns: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
  // The account schemas' field messages (src/shared/schemas/accounts.ts).
  emailInvalid: 'Please enter a valid email address',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  passwordWeak: 'Password must contain uppercase, lowercase, number, and special character',
  passwordShort: 'Password must be at least 8 characters',
  passwordConfirm: 'Please confirm your password',
  passwordsDiffer: 'Passwords do not match',
  currentPasswordRequired: 'Current password is required',
  passwordSame: 'New password must be different from current password',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid phone number',
  streetRequired: 'Street address is required',
  cityRequired: 'City is required',
  regionRequired: 'Region is required',
  countryRequired: 'Country is required',
  codeSixDigits: 'Enter the 6-digit code',
  // The cart (src/shared/schemas/cart.ts; also the wishlist's and reviews' unknown product).
  cartUnavailable: CART_MESSAGES.unavailable,
  cartOutOfStock: CART_MESSAGES.outOfStock,
  cartOwnListing: CART_MESSAGES.ownListing,
  cartItemNotFound: CART_MESSAGES.itemNotFound,
  productNotFound: CART_MESSAGES.productNotFound,
  cartSignInToAdd: CART_MESSAGES.signInToAdd,
  cartChooseProduct: 'Choose a product',
  // Checkout and the payment step (src/shared/schemas/checkout.ts).
  checkoutNoWarehouse: CHECKOUT_MESSAGES.noWarehouse,
  checkoutNoNumber: CHECKOUT_MESSAGES.noNumber,
  checkoutBadNumber: CHECKOUT_MESSAGES.badNumber,
  checkoutNoWallet: CHECKOUT_MESSAGES.noWallet,
  checkoutCardSoon: CHECKOUT_MESSAGES.cardSoon,
  checkoutEmptyCart: CHECKOUT_MESSAGES.emptyCart,
  checkoutDeclined: CHECKOUT_MESSAGES.declined,
  checkoutMismatch: CHECKOUT_MESSAGES.mismatch,
  checkoutPaymentDefault: CHECKOUT_MESSAGES.paymentDefault,
  checkoutTooManyUnpaid: CHECKOUT_MESSAGES.tooManyUnpaid,
  checkoutTooManyCheckouts: CHECKOUT_MESSAGES.tooManyCheckouts,
  checkoutTooManyPrompts: CHECKOUT_MESSAGES.tooManyPrompts,
  checkoutChooseNetwork: CHECKOUT_MESSAGES.chooseNetwork,
  checkoutNotesTooLong: CHECKOUT_MESSAGES.notesTooLong,
  checkoutAgentCodeTooLong: CHECKOUT_MESSAGES.agentCodeTooLong,
  checkoutAgentCodeLetters: CHECKOUT_MESSAGES.agentCodeLetters,
  checkoutOtpMissing: CHECKOUT_MESSAGES.otpMissing,
  checkoutOtpDigits: CHECKOUT_MESSAGES.otpDigits,
  checkoutProviderUnavailable: CHECKOUT_MESSAGES.providerUnavailable,
  checkoutNotFound: CHECKOUT_MESSAGES.checkoutNotFound,
  checkoutPromptAnswered: CHECKOUT_MESSAGES.promptAnswered,
  checkoutNotWaitingForCode: CHECKOUT_MESSAGES.notWaitingForCode,
  checkoutCodeNotAccepted: CHECKOUT_MESSAGES.codeNotAccepted,
  checkoutPaymentNotFound: CHECKOUT_MESSAGES.paymentNotFound,
  payAgainAlreadyPaid: PAY_AGAIN_MESSAGES.alreadyPaid,
  payAgainExpired: PAY_AGAIN_MESSAGES.expired,
  payAgainTooMany: PAY_AGAIN_MESSAGES.tooMany,
  payAgainOrderChanged: PAY_AGAIN_MESSAGES.orderChanged,
  // A buyer's orders: track, cancel (src/shared/schemas/orders.ts).
  orderNoNumber: ORDER_MESSAGES.noOrderNumber,
  orderNotFound: ORDER_MESSAGES.notFound,
  orderCannotCancel: ORDER_MESSAGES.cannotCancel,
  orderNumberTooLong: 'That order number is too long',
  orderReasonText: 'The reason must be text',
  orderReasonTooLong: 'The reason can be at most 500 characters',
  // Reviews (src/shared/schemas/reviews.ts).
  reviewRating: REVIEW_MESSAGES.rating,
  reviewComment: REVIEW_MESSAGES.comment,
  reviewCommentTooLong: REVIEW_MESSAGES.commentTooLong,
  reviewProduct: REVIEW_MESSAGES.product,
  reviewTooMany: REVIEW_MESSAGES.tooMany,
  reviewNotAllowed: REVIEW_NOT_ALLOWED,
  reviewAlreadyWritten: REVIEW_ALREADY_WRITTEN,
  // Notification preferences (src/shared/schemas/notifications.ts).
  notificationsGrouped: NOTIFICATION_MESSAGES.grouped,
  // An order's history notes without values (see historyPaid below).
  historyExpired: 'Payment was not received within 30 minutes, so the reservation expired and the stock went back on sale.',
  historyCancelledByBuyer: 'You cancelled this order.',
  historyCancelledByBuyerPaid: 'You cancelled this order. Your payment is being refunded to your mobile money wallet.',
  historyCancelledByUs: 'Cancelled by Akuafo Market.',
  historyCancelledByUsPaid: 'Cancelled by Akuafo Market. Your payment is being refunded to your mobile money wallet.',
  // Sellers', operators', prices, uploads, the platform's and the schemas' own (api-refusals.ts).
  ...API_REFUSALS,
} as const;

/**
 * The sentences with values in them, as ICU templates ({name} is a value). The shared
 * functions that write them (CART_MESSAGES.onlyLeft, …) must give exactly these words:
 * tests/shared/api-messages.test.ts checks each against its template.
 */
export const API_MESSAGE_TEMPLATES = {
  cartOnlyLeft: 'Only {n} left in stock',
  cartQuantityRange: 'Quantity must be a whole number from {min} to {max}',
  checkoutNetworkMismatch: 'This number is on {network}, not {chosen}. Choose {label} or enter a number on {chosen}.',
  orderNumberNotFound: "We couldn't find an order with number {number}.",
  notificationsNotSwitch: '{channel} must be true or false',
  // The notes an order's history shows (written by orders/ and payments/ on the server; stored in
  // English): tests/server/order-history-words.test.ts checks the notes of an order's life are all here.
  historyPaid: 'Paid {amount} by mobile money (reference {reference})',
  historyPaidLate: 'Paid {amount} by mobile money (reference {reference}) after its reservation had lapsed; the stock was reserved again',
  historyReady: 'Ready for pickup at {warehouse}.',
  historyCollected: 'Collected at {warehouse} with the pickup code.',
  historyRefunded: 'Refund of {amount} completed to your mobile money wallet (reference {reference}).',
  // After these, so a sentence of theirs is read by its own template first.
  ...API_REFUSAL_TEMPLATES,
} as const;

export type ApiMessageKey = keyof typeof API_MESSAGES | keyof typeof API_MESSAGE_TEMPLATES;

const ID_BY_TEXT = new Map<string, `api.${ApiMessageKey}`>(
  Object.entries(API_MESSAGES).map(([key, text]) => [text, `api.${key as ApiMessageKey}`]),
);

/** The catalogue id of an English API or schema sentence (one without values), if it has one. */
export const apiMessageId = (text: string): `api.${ApiMessageKey}` | undefined => ID_BY_TEXT.get(text);

/**
 * What some values may be: a field's label ("Phone number", "Price (item 2)"), a parameter's
 * name ("sortDir", "keys.auth": one word) and a list of codes ("asc, desc"); any other {name}
 * is any text. This keeps the general templates ("{param} must be {choices} or {last}") from
 * passing off an English sentence that is not in the table as translated.
 */
const CODES = '[A-Za-z0-9_]+(?:, [A-Za-z0-9_]+)*';
const VALUE_PATTERNS: Record<string, string> = {
  field: '[A-Za-z][\\w.]*(?: [\\w.]+)*(?: \\(item \\d+\\))?',
  param: '[A-Za-z][\\w.]*',
  choice: CODES,
  choices: CODES,
  last: CODES,
  codes: CODES,
};

/** A template as a pattern: its words exactly, each {name} its values' pattern (the same text where a name repeats). */
const TEMPLATE_PATTERNS = Object.entries(API_MESSAGE_TEMPLATES).map(([key, template]) => {
  const names: string[] = [];
  const source = template
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (!name) return part.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
      names.push(name);
      return `(${VALUE_PATTERNS[name] ?? '.+?'})`;
    })
    .join('');
  return { id: `api.${key as ApiMessageKey}` as const, pattern: new RegExp(`^${source}$`), names };
});

/**
 * The catalogue id and values of an English API or schema sentence, if the catalogue has it:
 * `Only 3 left in stock` is `api.cartOnlyLeft` with `{ n: '3' }`.
 */
export function apiMessage(text: string): { id: `api.${ApiMessageKey}`; values?: Record<string, string> } | undefined {
  const id = ID_BY_TEXT.get(text);
  if (id) return { id };
  for (const { id, pattern, names } of TEMPLATE_PATTERNS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const values: Record<string, string> = {};
    const consistent = names.every((name, i) => (values[name] ??= match[i + 1] ?? '') === match[i + 1]);
    if (consistent) return { id, values };
  }
  return undefined;
}

/** "Price (item 2)": the label and the item's number, if any. */
const LABELLED = /^(.+?)(?: \(item (\d+)\))?$/;

/**
 * An English API or schema sentence in the reader's words: `say` looks a catalogue id up in
 * their language. The label a generic field sentence names ({field}: "Phone number is
 * required.") is translated too when the table has it (api-refusals.ts, `label…`), so a Twi
 * reader does not get an English word in a Twi sentence. Unknown text comes back as it was.
 */
export function inReadersWords(text: string, say: (id: `api.${ApiMessageKey}`, values?: Record<string, string>) => string): string {
  const known = apiMessage(text);
  if (!known) return text;
  const values = known.values && { ...known.values };
  const labelled = values?.field === undefined ? undefined : LABELLED.exec(values.field);
  const label = labelled && apiMessageId(labelled[1]!);
  if (values && labelled && label?.startsWith('api.label')) values.field = `${say(label)}${labelled[2] ? ` (${labelled[2]})` : ''}`;
  return say(known.id, values);
}

