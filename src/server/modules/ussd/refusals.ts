import { CART_MESSAGES } from '../../../shared/schemas/cart';
import { CHECKOUT_MESSAGES, PAY_AGAIN_MESSAGES } from '../../../shared/schemas/checkout';
import { TRANSPORT_MESSAGES } from '../../../shared/schemas/transport';
import { TRANSPORTER_MESSAGES } from '../../../shared/schemas/transporters';
import type { HttpError } from '../../http/errors';
import { OutOfStock } from '../orders';
import { PHONE_SELLER_REFUSED } from './phone-accounts';
import type { UssdTexts } from './texts';

/** The step limit's words (routes.ts), here so its refusal is found like the others. */
export const TOO_MANY_STEPS = 'Too many requests from this number. Please try again in an hour.';
/** The limit on a load's codes by SMS (menus/transporter.ts LOAD_CODES_RATE). */
export const TOO_MANY_CODES = 'Too many code texts for this load this hour.';
/** The limit on sales-record texts (menus/record.ts RECORD_TEXTS_RATE). */
export const TOO_MANY_RECORD_TEXTS = 'Too many sales record texts today.';

/**
 * The shared services' refusals a USSD caller can meet, by their English sentence (the same
 * texts the API translates by, src/shared/i18n/api-messages.ts), each to the USSD's own short
 * words in the caller's language: the app's sentences speak of a cart and My Orders' buttons,
 * and are too long for a screen with the screen under it.
 */
const BY_MESSAGE: Record<string, (t: UssdTexts) => string> = {
  [CHECKOUT_MESSAGES.tooManyUnpaid]: (t) => t.tooManyUnpaid,
  [CHECKOUT_MESSAGES.tooManyCheckouts]: (t) => t.tooManyOrders,
  [CHECKOUT_MESSAGES.tooManyPrompts]: (t) => t.tooManyPrompts,
  // Pay again's check of the caller's own number.
  [CHECKOUT_MESSAGES.noWallet]: (t) => t.noWallet,
  [CHECKOUT_MESSAGES.providerUnavailable]: (t) => t.providerDown,
  [PAY_AGAIN_MESSAGES.alreadyPaid]: (t) => t.alreadyPaid,
  [PAY_AGAIN_MESSAGES.expired]: (t) => t.payExpired,
  [PAY_AGAIN_MESSAGES.tooMany]: (t) => t.payTooMany,
  [PAY_AGAIN_MESSAGES.orderChanged]: (t) => t.orderChanged,
  [TOO_MANY_STEPS]: (t) => t.tooManySteps,
  // Nobody buys their own listing (checkout/own-listing.ts).
  [CART_MESSAGES.ownListing]: (t) => t.ownListing,
  [PHONE_SELLER_REFUSED]: (t) => t.sellWebAccount,
  // A transporter's accept and codes (menus/transporter.ts).
  [TRANSPORT_MESSAGES.loadTaken]: (t) => t.loadTaken,
  [TRANSPORT_MESSAGES.loadNotOpen]: (t) => t.loadGone,
  [TRANSPORT_MESSAGES.loadNotFound]: (t) => t.loadGone,
  [TRANSPORTER_MESSAGES.notVerified]: (t) => t.notVerified,
  [TRANSPORTER_MESSAGES.rejected]: (t) => t.notApproved,
  [TOO_MANY_CODES]: (t) => t.codesTooMany,
  [TOO_MANY_RECORD_TEXTS]: (t) => t.recordTooMany,
};

/** What a refusal says on the caller's screen; one the table does not know keeps its own (English) words. */
export function refusalText(texts: UssdTexts, error: HttpError): string {
  // Checkout keeps what ran out as the refusal's cause (its sentence is the app's, about a cart).
  if (error.cause instanceof OutOfStock) return error.cause.available > 0 ? texts.onlyLeft(error.cause.available) : texts.soldOut;
  if (error.code === 'order_changed') return texts.orderChanged;
  return BY_MESSAGE[error.message]?.(texts) ?? error.message;
}
