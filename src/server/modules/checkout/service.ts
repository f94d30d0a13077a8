import { randomBytes } from 'node:crypto';
import { CURRENCY, fromMinor } from '../../../shared/money';
import { parseGhanaMobile, type MobileMoneyNetwork } from '../../../shared/phone';
import { SHIPPING_MINOR } from '../../../shared/schemas/cart';
import { CHECKOUT_MESSAGES, RESERVATION_MINUTES, type CheckoutRequest, type CheckoutStarted } from '../../../shared/schemas/checkout';
import type { Deps } from '../../http/context';
import { HttpError, badRequest, conflict } from '../../http/errors';
import { refuseOwnLines } from './own-listing';
import { now, type Db } from '../../platform/db';
import { createPaymentProvider, PaymentProviderError } from '../../platform/payments';
import { settlePayment } from '../payments';
import { cancelUnpaidOrder, OutOfStock, releaseExpiredReservations } from '../orders';
import { writeOrder } from './order-write';
import { cartLines, openWarehouseId, orderReadyAt, orderTotals } from './quote';
import { planConsignments, withCodes, type ShownConsignment } from '../transport';
import { inTransaction, refuseInsideTransaction } from '../../platform/db/transactions';


/** Paystack accepts letters, digits, '-', '.' and '='; the spec's PSK prefix plus time and randomness. */
export const newReference = () => `PSK-${Date.now()}-${randomBytes(5).toString('hex')}`;

export type CheckoutDeps = Pick<Deps, 'config' | 'mailer' | 'logger'>;

/**
 * Creates the order from the user's server cart at today's prices, reserves its stock and
 * starts the mobile-money payment. The database work is one short transaction; the
 * provider is called after it commits (a slow network must not hold the database).
 */
export async function startCheckout(deps: CheckoutDeps, db: Db, userId: number, input: CheckoutRequest): Promise<CheckoutStarted> {
  const warehouseId = await openWarehouseId(db, input.pickupLocationId);
  const lines = await cartLines(db, userId);
  if (lines.length === 0) throw badRequest(CHECKOUT_MESSAGES.emptyCart);
  const gone = lines.find((l) => l.is_active !== 1);
  if (gone) throw conflict(`${gone.name} is no longer on sale. Remove it from your cart to continue.`);
  return placeOrder(deps, db, userId, warehouseId, lines, input, 'app');
}

export interface OrderLine {
  id: number;
  name: string;
  price_minor: number;
  category: string;
  /** Whose listing: nobody buys their own (own-listing.ts). */
  seller_id: number;
  quantity: number;
  /** The seller's weight per unit (null or left out: the default, docs/transport.md). */
  unit_weight_g?: number | null;
}

/**
 * The order itself, from lines read from the products table (the app's cart or a USSD
 * choice): today's prices, the unpaid-order limit, the stock reservation, then the charge.
 */
export async function placeOrder(
  deps: CheckoutDeps,
  db: Db,
  userId: number,
  warehouseId: number,
  lines: OrderLine[],
  input: Pick<CheckoutRequest, 'mobileMoneyNetwork' | 'mobileMoneyNumber' | 'paymentMethod' | 'notes' | 'agentCode'>,
  channel: 'app' | 'ussd' | 'whatsapp',
  /** The code a USSD buyer dialed; their SMS tell them to dial it again. */
  ussdCode: string | null = null,
  /**
   * The consignments the buyer was just shown for these lines (the USSD confirm screen's plan, kept
   * in the server's session row: never the caller's input), charged as shown; left out, planned now.
   */
  shown?: readonly ShownConsignment[],
): Promise<CheckoutStarted> {
  refuseOwnLines(userId, lines);
  const createdAt = new Date();
  // Lines whose seller drops off elsewhere travel as consignments, priced by today's tariff
  // (docs/transport.md), in the app and by USSD alike.
  const consignments = shown ? shown.map(withCodes) : await planConsignments(db, warehouseId, lines, createdAt);
  // Re-priced from the products table: the cart's remembered prices are only a preview. The
  // cart's own rules (shared): VAT by category, per line; pickup means no shipping; the fees include their VAT.
  const { subtotal, tax, transport } = orderTotals(lines, consignments);
  const shipping = SHIPPING_MINOR;
  const total = subtotal + tax + shipping + transport;
  if (total <= 0) throw badRequest(CHECKOUT_MESSAGES.emptyCart);

  const phone = parseGhanaMobile(input.mobileMoneyNumber)!;
  const provider = createPaymentProvider(deps.config, db);
  const reference = newReference();
  const expiresAt = new Date(createdAt.getTime() + RESERVATION_MINUTES * 60_000).toISOString();

  let order: { id: number; orderNumber: string; buyerEmail: string | null } | undefined;
  for (let attempt = 1; !order; attempt++) {
    try {
      // The order's rows, then (last, just before commit: every checkout waits for the catalogue counter's row lock) its stock.
      order = await writeOrder(db, {
        userId,
        warehouseId,
        channel,
        ussdCode,
        subtotal,
        tax,
        shipping,
        transport,
        consignments,
        total,
        currency: CURRENCY,
        notes: input.notes || null,
        agentCode: input.agentCode || null,
        paymentMethod: input.paymentMethod,
        network: input.mobileMoneyNetwork,
        phone: phone.national,
        createdAt,
        expiresAt,
        estimatedDelivery: orderReadyAt(createdAt, consignments),
        provider: provider.name,
        reference,
        lines,
      });
    } catch (error) {
      // Holds that lapsed are swept when a refusal may be theirs (their stock, or the buyer's own
      // lapsed orders counting as unpaid), then the order is tried once more: every checkout no
      // longer pays for the sweep's scan first, and the timer sweeps the rest (startReservationSweep).
      if (attempt === 1 && lapsedHoldMayExplain(error) && (await releaseExpiredReservations(db)) > 0) continue;
      if (error instanceof OutOfStock) {
        // Written out here (not from error.message) so the words are the table's (api-refusals.ts: reservedOnlyLeft,
        // reservedOutOfStock); the cause says what ran out, for callers with words of their own (the USSD menus).
        const { available, line } = error;
        const message = available > 0 ? `Only ${available} of ${line.name} left in stock. Please update your cart.` : `${line.name} is out of stock. Please update your cart.`;
        throw Object.assign(conflict(message), { cause: error });
      }
      throw error;
    }
  }

  return chargeAttempt(deps, db, {
    orderId: order.id,
    orderNumber: order.orderNumber,
    reference,
    totalMinor: total,
    email: chargeEmail(order.buyerEmail, phone.national),
    phone: phone.national,
    network: input.mobileMoneyNetwork,
    expiresAt,
    // A first attempt that cannot even start gives the stock back; the cart is kept for another go.
    onFailure: (trx, why) => cancelUnpaidOrder(trx, order.id, why, 'FAILED').then(() => undefined),
  });
}

/**
 * Paystack's charge needs an e-mail; a phone-only account has none, so the charge names the
 * number at a domain that can never receive mail (.invalid, RFC 2606). It is not stored.
 */
/** A refusal a lapsed hold can cause: its stock still held, or the buyer's lapsed order counted as unpaid. */
const lapsedHoldMayExplain = (error: unknown) => error instanceof OutOfStock || (error instanceof HttpError && error.code === 'too_many_unpaid_orders');

export const chargeEmail = (email: string | null, phone: string) => email ?? `${phone.replace(/\D/g, '')}@phone.akuafo.invalid`;

export interface Attempt {
  orderId: number;
  orderNumber: string;
  reference: string;
  totalMinor: number;
  email: string;
  phone: string;
  network: MobileMoneyNetwork;
  expiresAt: string | null;
  /** What becomes of the order when the provider cannot start this attempt. */
  onFailure: (trx: Db, why: string) => Promise<void>;
}

/**
 * Asks the provider to start the charge whose payments row was just committed, and answers
 * with the prompt the payment step shows. Shared by the first checkout and by pay again.
 */
export async function chargeAttempt(deps: CheckoutDeps, db: Db, attempt: Attempt): Promise<CheckoutStarted> {
  refuseInsideTransaction(db, 'chargeAttempt asks the payment provider');
  const provider = createPaymentProvider(deps.config, db);
  const { reference } = attempt;
  let started;
  try {
    started = await provider.charge({ reference, amountMinor: attempt.totalMinor, currency: CURRENCY, email: attempt.email, phone: attempt.phone, network: attempt.network, orderNumber: attempt.orderNumber });
  } catch (error) {
    await inTransaction(db, (trx) => attempt.onFailure(trx, 'The payment could not be started'));
    if (error instanceof PaymentProviderError) {
      deps.logger.error({ err: error, reference }, 'payment provider unavailable');
      throw new HttpError(502, CHECKOUT_MESSAGES.providerUnavailable, 'payment_provider_unavailable');
    }
    throw error;
  }
  if (started.status === 'FAILED') {
    await inTransaction(db, (trx) => attempt.onFailure(trx, `The payment could not be started: ${started.displayText}`));
    throw new HttpError(402, started.displayText || CHECKOUT_MESSAGES.paymentDefault, 'payment_failed');
  }
  if (provider.name === 'paystack') {
    await db.updateTable('payments').set({ provider_transaction_id: started.providerTransactionId, raw: JSON.stringify(started.raw), updated_at: now() }).where('reference', '=', reference).execute();
  }
  if (started.status === 'PAID') await settlePayment(deps, db, reference);

  return {
    checkoutId: attempt.orderId,
    orderId: attempt.orderId,
    orderNumber: attempt.orderNumber,
    amount: fromMinor(attempt.totalMinor),
    currency: CURRENCY,
    reference,
    provider: provider.name,
    payment: {
      status: started.status,
      needsOtp: started.needsOtp,
      simulated: provider.name === 'sandbox',
      network: attempt.network,
      phoneNumber: attempt.phone,
      displayText: started.displayText,
      expiresAt: attempt.expiresAt,
    },
  };
}
