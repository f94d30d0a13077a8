import { CHECKOUT_ROUTES } from '../../../shared/api/checkout';
import { parseGhanaMobile } from '../../../shared/phone';
import { CHECKOUT_MESSAGES } from '../../../shared/schemas/checkout';
import type { Deps } from '../../http/context';
import { accepted, created, implement } from '../../http/declared';
import { HttpError } from '../../http/errors';
import { spendAllowance, spendAllowances, type RateRule } from '../../http/rate-limit';
import { PaymentProviderError } from '../../platform/payments';
import { confirmPayment } from './confirm';
import { checkoutDefaults } from './defaults';
import { payAgain } from './pay-again';
import { startCheckout } from './service';
import { quoteCart } from './quote';

/** Orders started (checkouts and new payment attempts) per account and per network address. */
export const CHECKOUT_RATE: RateRule = { name: 'checkout', windowMs: 3600_000, perIp: 120, perAccount: 12, message: CHECKOUT_MESSAGES.tooManyCheckouts };
/** Mobile-money prompts per wallet number (its "account"), whoever asks: a number cannot be flooded. */
export const PROMPT_RATE: RateRule = { name: 'momo-prompt', windowMs: 3600_000, perIp: 120, perAccount: 10, message: CHECKOUT_MESSAGES.tooManyPrompts };

const [defaults, checkout, payment, quote] = CHECKOUT_ROUTES;

/** Checkout's routes (declared in shared/api/checkout.ts). */
export function checkoutRoutes(deps: Deps) {
  const { db } = deps;
  return [
    implement(defaults, async ({ user }) => ({ data: await checkoutDefaults(db, user.id) })),

    implement(quote, async ({ user, query }) => ({ data: await quoteCart(db, user.id, query.pickupLocationId) })),

    implement(checkout, async ({ user, body, c }) => {
      await spendAllowances(c, deps.rateLimiter, [CHECKOUT_RATE], [PROMPT_RATE, parseGhanaMobile(body.mobileMoneyNumber)!.national]);
      try {
        return created({ data: await startCheckout(deps, db, user.id, body) });
      } catch (error) {
        throw providerFailure(error);
      }
    }),

    /**
     * The client says the customer paid; the server asks the provider. PAID: 200. Still
     * waiting for the customer: 202 (poll again). Declined: 402. Wrong amount: 409.
     */
    implement(payment, async ({ user, params, body, c }) => {
      const orderId = params.checkoutId;
      if (body.retry) {
        const { phoneNumber, network } = body.paymentDetails;
        await spendAllowance(c, deps.rateLimiter, CHECKOUT_RATE);
        const spendPrompt = (wallet: string) => spendAllowance(c, deps.rateLimiter, PROMPT_RATE, wallet);
        try {
          return created({ data: await payAgain(deps, db, user.id, orderId, { phoneNumber, network }, spendPrompt) });
        } catch (error) {
          throw providerFailure(error);
        }
      }
      let outcome;
      try {
        outcome = await confirmPayment(deps, db, user.id, orderId, body);
      } catch (error) {
        throw providerFailure(error);
      }
      const { failure, ...answer } = outcome;
      if (outcome.status === 'PAID') return { data: answer };
      if (outcome.status === 'PENDING') return accepted({ data: answer });
      throw new HttpError(failure === 'mismatch' ? 409 : 402, outcome.message || CHECKOUT_MESSAGES.paymentDefault, failure === 'mismatch' ? 'payment_mismatch' : 'payment_declined');
    }),
  ];
}

function providerFailure(error: unknown): unknown {
  if (error instanceof PaymentProviderError) {
    return new HttpError(502, CHECKOUT_MESSAGES.providerUnavailable, 'payment_provider_unavailable');
  }
  return error;
}
