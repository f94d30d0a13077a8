import type { Warehouse } from '../shared/schemas/catalogue';
import type { CheckoutDefaults, CheckoutRequestInput, CheckoutStarted, PaymentOutcome, PaymentPrompt } from '../shared/schemas/checkout';
import type { Quote } from '../shared/schemas/transport';
import type { ApiClient } from './api';
import { ApiError } from './api';
import { CART_ENTITY } from './cart';
import { localDb, setMeta, getMeta, type AkuafoDb } from './db';
import { refreshOrderDetail } from './orders';
import { replayExclusively } from './replayer';
import { keepForSession, readSession, SESSION_EXPIRED_MESSAGE } from './session';
import { i18n } from '../shared/i18n';

/**
 * Checkout needs the network (the server reserves the stock and talks to the payment
 * provider). The server checks out its own copy of the cart, so the cart changes still in
 * the outbox are sent first.
 */
export const CART_NOT_SAVED = 'Some cart changes could not be saved. Open your cart to check it, then try again.';
/** Said on the checkout page, in the reader's language (the pages' messages are loaded there; the English stands in otherwise). */
const say = (id: 'checkout.cartNotSaved' | 'offline.network' | 'app.sessionExpired', english: string) => i18n._({ id, message: english });
const FLUSH_WAIT_MS = 10_000;
const LAST_CHECKOUT_KEY = 'checkout:last';

export async function flushCartChanges(api: ApiClient, db: AkuafoDb = localDb): Promise<void> {
  const deadline = Date.now() + FLUSH_WAIT_MS;
  for (;;) {
    const entries = await db.outbox.where('entity').equals(CART_ENTITY).toArray();
    if (entries.some((e) => e.status === 'failed')) throw new ApiError(say('checkout.cartNotSaved', CART_NOT_SAVED), 409, 'cart_not_saved');
    if (entries.length === 0) return;
    const result = await replayExclusively(api, db);
    if (result?.retryLater) throw new ApiError(say('offline.network', 'You appear to be offline.'), 0, 'network_error');
    if (result?.needsSignIn) throw new ApiError(say('app.sessionExpired', SESSION_EXPIRED_MESSAGE), 401, 'unauthorized');
    // Another tab (or the service worker) holds the replay lock: give it a moment.
    if (!result) await new Promise((r) => setTimeout(r, 300));
    if (Date.now() > deadline) throw new ApiError(say('checkout.cartNotSaved', CART_NOT_SAVED), 409, 'cart_not_saved');
  }
}

/** The pickup warehouses, kept as device data (public; survives sign-out) so checkout lists them offline too. */
const WAREHOUSES_KEY = 'catalogue.warehouses';

/** The warehouses from the server, kept on the phone for the next time there is no network. */
export async function readWarehouses(api: ApiClient, db: AkuafoDb = localDb): Promise<Warehouse[]> {
  const { data } = await api.call('GET /warehouses');
  await setMeta(WAREHOUSES_KEY, data, db);
  return data;
}

export function keptWarehouses(db: AkuafoDb = localDb): Promise<Warehouse[] | undefined> {
  return getMeta<Warehouse[]>(WAREHOUSES_KEY, db);
}

/** The cart page, on the way to checkout: the warehouses kept before the network can go. */
export async function warmWarehouses(api: ApiClient, db: AkuafoDb = localDb): Promise<void> {
  if (!(await keptWarehouses(db))) await readWarehouses(api, db);
}

/** The buyer's usual pickup warehouse and wallet number, for the form to start with. */
export async function readCheckoutDefaults(api: ApiClient): Promise<CheckoutDefaults> {
  return (await api.call('GET /shop/checkout/defaults')).data;
}

/** The last quote this sign-in was given, with what it was for: shown offline while it still fits the cart. */
const LAST_QUOTE_KEY = 'checkout:quote';
export interface KeptQuote {
  pickupLocationId: number;
  /** The cart it priced: product:quantity, in product order. */
  cart: string;
  quote: Quote;
  at: string;
}

export const cartKey = (lines: readonly { productId: number; quantity: number }[]) =>
  [...lines].sort((a, b) => a.productId - b.productId).map((l) => `${l.productId}:${l.quantity}`).join(',');

/**
 * The transport fees and total of the cart to this warehouse (issue 40, docs/transport.md): the
 * server's cart, so the cart's changes still queued are sent first. Kept for this sign-in.
 */
export async function readQuote(api: ApiClient, pickupLocationId: number, cart: string, db: AkuafoDb = localDb): Promise<Quote> {
  await flushCartChanges(api, db);
  const asked = await readSession(db);
  const { data } = await api.call('GET /shop/checkout/quote', { query: { pickupLocationId: String(pickupLocationId) } });
  const kept: KeptQuote = { pickupLocationId, cart, quote: data, at: new Date().toISOString() };
  await keepForSession(db, asked, [db.meta], () => setMeta(LAST_QUOTE_KEY, kept, db));
  return data;
}

/** The last quote, if it priced this cart to this warehouse (offline: the server confirms the fee at checkout). */
export async function keptQuote(pickupLocationId: number, cart: string, db: AkuafoDb = localDb): Promise<KeptQuote | undefined> {
  const kept = await getMeta<KeptQuote>(LAST_QUOTE_KEY, db);
  return kept && kept.pickupLocationId === pickupLocationId && kept.cart === cart ? kept : undefined;
}

/** Creates the order and starts the mobile-money payment. */
export async function startCheckout(api: ApiClient, input: CheckoutRequestInput, db: AkuafoDb = localDb): Promise<CheckoutStarted> {
  await flushCartChanges(api, db);
  const asked = await readSession(db);
  const { data } = await api.call('POST /shop/checkout', { body: input });
  await keepForSession(db, asked, [db.meta], () => setMeta(LAST_CHECKOUT_KEY, data, db));
  return data;
}

/** SANDBOX ONLY: answers the simulated prompt as the customer's phone would. */
export async function answerSandboxPrompt(api: ApiClient, reference: string, answer: 'approve' | 'decline'): Promise<PaymentOutcome> {
  const key = answer === 'approve' ? 'POST /payments/sandbox/:reference/approve' : 'POST /payments/sandbox/:reference/decline';
  return (await api.call(key, { params: { reference } })).data;
}

/** Telecel (Vodafone) Cash: sends the voucher code; the answer is the next prompt to show. */
export async function submitPaymentOtp(api: ApiClient, reference: string, otp: string): Promise<PaymentPrompt> {
  return (await api.call('POST /payments/:reference/otp', { params: { reference }, body: { otp } })).data;
}

/**
 * Asks the server to verify the payment with the provider. PENDING means the customer has
 * not answered yet; a decline or a wrong amount throws an ApiError with the server's words.
 * Once PAID, the phone's cart is emptied (the server emptied its own) and the order kept.
 */
export async function confirmPayment(api: ApiClient, started: CheckoutStarted, db: AkuafoDb = localDb): Promise<PaymentOutcome> {
  const asked = await readSession(db);
  const { data: answer } = await api.call('POST /shop/checkout/:checkoutId/payment', {
    params: { checkoutId: started.checkoutId },
    body: {
      transactionId: started.reference,
      amount: started.amount,
      paymentMethod: 'MOBILE_MONEY',
      paymentDetails: { phoneNumber: started.payment.phoneNumber, network: started.payment.network, reference: started.reference },
    },
  });
  // Without `retry` the route answers the payment's outcome (a new attempt only with it).
  if (!('status' in answer)) throw new ApiError('Unexpected answer', 500, 'unexpected_answer');
  const data: PaymentOutcome = answer;
  if (data.status === 'PAID') {
    await keepForSession(db, asked, [db.cart, db.meta], async () => {
      await db.cart.clear();
      await setMeta(LAST_CHECKOUT_KEY, { ...started, paid: data }, db);
    });
    await refreshOrderDetail(api, data.orderId, db).catch(() => undefined);
  }
  return data;
}

/**
 * Pay again after a decline, a failure or an unanswered prompt: a new attempt (new reference)
 * on the same order while its reservation holds. The answer replaces the kept checkout.
 */
export async function payAgain(api: ApiClient, started: CheckoutStarted, db: AkuafoDb = localDb): Promise<CheckoutStarted> {
  const asked = await readSession(db);
  const { data } = await api.call('POST /shop/checkout/:checkoutId/payment', {
    params: { checkoutId: started.checkoutId },
    body: { retry: true, amount: started.amount, paymentMethod: 'MOBILE_MONEY', paymentDetails: { reference: started.reference } },
  });
  // With `retry` the route answers the new attempt.
  if (!('checkoutId' in data)) throw new ApiError('Unexpected answer', 500, 'unexpected_answer');
  await keepForSession(db, asked, [db.meta], () => setMeta(LAST_CHECKOUT_KEY, data, db));
  return data;
}

/** Polls confirmPayment until the customer answers the prompt (or time runs out). */
export async function waitForPayment(
  api: ApiClient,
  started: CheckoutStarted,
  options: { intervalMs?: number; timeoutMs?: number; signal?: AbortSignal; db?: AkuafoDb } = {},
): Promise<PaymentOutcome> {
  const { intervalMs = 3_000, timeoutMs = 5 * 60_000, signal, db = localDb } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const outcome = await confirmPayment(api, started, db);
    if (outcome.status !== 'PENDING' || signal?.aborted || Date.now() > deadline) return outcome;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** The last checkout started on this phone (the payment step survives a reload). */
export async function lastCheckout(db: AkuafoDb = localDb): Promise<(CheckoutStarted & { paid?: PaymentOutcome }) | undefined> {
  return getMeta(LAST_CHECKOUT_KEY, db);
}
