import { Hono } from 'hono';
import { toMinor } from '../../../shared/money';
import { parseGhanaMobile } from '../../../shared/phone';
import { CHECKOUT_MESSAGES, checkoutRequestSchema, confirmPaymentSchema } from '../../../shared/schemas/checkout';
import { currentUser, requireUser } from '../../http/auth';
import { dbOf, type AppEnv, type Deps } from '../../http/context';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { spendAllowance, spendAllowances, type RateRule } from '../../http/rate-limit';
import { parseBody } from '../../http/validate';
import { PaymentProviderError } from '../../platform/payments';
import { parseIdOr404 } from '../../http/params';
import { settlePayment } from '../payments/settle';
import { releaseExpiredReservations, startReservationSweep } from '../orders/reservations';
import { checkoutDefaults } from './defaults';
import { payAgain } from './pay-again';
import { startCheckout } from './service';

/** Orders started (checkouts and new payment attempts) per account and per network address. */
export const CHECKOUT_RATE: RateRule = { name: 'checkout', windowMs: 3600_000, perIp: 120, perAccount: 12, message: CHECKOUT_MESSAGES.tooManyCheckouts };
/** Mobile-money prompts per wallet number (its "account"), whoever asks: a number cannot be flooded. */
export const PROMPT_RATE: RateRule = { name: 'momo-prompt', windowMs: 3600_000, perIp: 120, perAccount: 10, message: CHECKOUT_MESSAGES.tooManyPrompts };

export function checkoutRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  // There is no scheduler: lapsed reservations are also released on this timer.
  startReservationSweep(deps.db, deps.logger, deps.metrics.reservationSweeps);

  app.get('/shop/checkout/defaults', requireUser(), async (c) => c.json({ data: await checkoutDefaults(dbOf(c, deps), currentUser(c).id) }));

  app.post('/shop/checkout', requireUser(), async (c) => {
    const input = await parseBody(c, checkoutRequestSchema);
    await spendAllowances(c, deps.rateLimiter, [CHECKOUT_RATE], [PROMPT_RATE, parseGhanaMobile(input.mobileMoneyNumber)!.national]);
    try {
      return c.json({ data: await startCheckout(deps, dbOf(c, deps), currentUser(c).id, input) }, 201);
    } catch (error) {
      throw providerFailure(error);
    }
  });

  /**
   * The client says the customer paid; the server asks the provider. PAID: 200. Still
   * waiting for the customer: 202 (poll again). Declined: 402. Wrong amount: 409.
   */
  app.post('/shop/checkout/:checkoutId/payment', requireUser(), async (c) => {
    const orderId = parseIdOr404(c.req.param('checkoutId'), CHECKOUT_MESSAGES.checkoutNotFound);
    const body = await parseBody(c, confirmPaymentSchema);
    const db = dbOf(c, deps);
    if (body.retry) {
      const { phoneNumber, network } = body.paymentDetails;
      await spendAllowance(c, deps.rateLimiter, CHECKOUT_RATE);
      const spendPrompt = (wallet: string) => spendAllowance(c, deps.rateLimiter, PROMPT_RATE, wallet);
      try {
        return c.json({ data: await payAgain(deps, db, currentUser(c).id, orderId, { phoneNumber, network }, spendPrompt) }, 201);
      } catch (error) {
        throw providerFailure(error);
      }
    }
    await releaseExpiredReservations(db);
    const order = await db
      .selectFrom('orders')
      .select(['id', 'total_minor'])
      .where('id', '=', orderId)
      .where('user_id', '=', currentUser(c).id)
      .executeTakeFirst();
    if (!order) throw notFound(CHECKOUT_MESSAGES.checkoutNotFound);
    const payment = await db.selectFrom('payments').select('reference').where('order_id', '=', order.id).where('reference', '=', body.paymentDetails.reference).executeTakeFirst();
    if (!payment) throw badRequest('This payment reference does not belong to this checkout.', { 'paymentDetails.reference': 'Unknown payment reference' });
    if (toMinor(body.amount) !== order.total_minor) {
      throw badRequest('The payment amount does not match the order total.', { amount: 'Does not match the order total' });
    }
    let outcome;
    try {
      outcome = await settlePayment(deps, db, payment.reference);
    } catch (error) {
      throw providerFailure(error);
    }
    if (outcome.status === 'PAID') return c.json({ data: outcome });
    if (outcome.status === 'PENDING') return c.json({ data: outcome }, 202);
    const failure = outcome.failure;
    throw new HttpError(failure === 'mismatch' ? 409 : 402, outcome.message || CHECKOUT_MESSAGES.paymentDefault, failure === 'mismatch' ? 'payment_mismatch' : 'payment_declined');
  });

  return app;
}

function providerFailure(error: unknown): unknown {
  if (error instanceof PaymentProviderError) {
    return new HttpError(502, CHECKOUT_MESSAGES.providerUnavailable, 'payment_provider_unavailable');
  }
  return error;
}
