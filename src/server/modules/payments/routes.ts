import { Hono } from 'hono';
import type { AppEnv, Deps } from '../../http/context';
import { requireUser, currentUser } from '../../http/auth';
import { HttpError, badRequest, notFound, unauthorized } from '../../http/errors';
import { createSandboxProvider, PaymentProviderError, PaymentSignatureError, createPaymentProvider } from '../../platform/payments';
import { CHECKOUT_MESSAGES, paymentOtpSchema, type PaymentPrompt } from '../../../shared/schemas/checkout';
import type { MobileMoneyNetwork } from '../../../shared/phone';
import { parseBody } from '../../http/validate';
import { now } from '../../platform/db';
import { settlePayment } from './settle';
import { transferWebhook } from '../payouts/webhook';

/**
 * Mounted BEFORE the idempotency middleware: these calls are idempotent by payment
 * reference themselves (settlePayment applies once), so they need no stored answers.
 */
export function paymentsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const { db } = deps;

  /** Paystack's webhook: the RAW body is what the signature covers. */
  app.post('/payments/paystack/webhook', async (c) => {
    if (!deps.config.paystack) throw notFound('Paystack is not configured');
    const provider = createPaymentProvider(deps.config, db);
    const rawBody = await c.req.text();
    let event;
    try {
      event = provider.parseWebhook(rawBody, c.req.header('x-paystack-signature'));
    } catch (error) {
      if (error instanceof PaymentSignatureError) throw unauthorized('Invalid webhook signature');
      throw badRequest('The webhook body must be JSON.');
    }
    if (event.event.startsWith('transfer.') && event.reference) return c.json({ data: await transferWebhook(deps, event.reference) });
    if (!event.event.startsWith('charge.') || !event.reference) return c.json({ data: { received: true, applied: false } });
    const known = await db.selectFrom('payments').select('id').where('reference', '=', event.reference).executeTakeFirst();
    if (!known) return c.json({ data: { received: true, applied: false } });
    try {
      const outcome = await settlePayment(deps, db, event.reference);
      return c.json({ data: { received: true, applied: true, status: outcome.status } });
    } catch (error) {
      // 5xx makes Paystack send the webhook again later.
      if (error instanceof PaymentProviderError) throw new HttpError(502, 'Could not verify the payment with Paystack', 'payment_provider_unavailable');
      throw error;
    }
  });

  /**
   * SANDBOX ONLY (no Paystack keys): the customer's answer to the simulated prompt.
   * Only the order's owner may answer; anyone else gets the same 404 as a wrong reference.
   */
  for (const [path, answer] of [['approve', 'APPROVED'], ['decline', 'DECLINED']] as const) {
    app.post(`/payments/sandbox/:reference/${path}`, requireUser(), async (c) => {
      const user = currentUser(c);
      const reference = c.req.param('reference');
      const payment = await db
        .selectFrom('payments')
        .innerJoin('orders', 'orders.id', 'payments.order_id')
        .select(['payments.provider', 'orders.user_id'])
        .where('payments.reference', '=', reference)
        .executeTakeFirst();
      if (deps.config.paystack || !payment || payment.provider !== 'sandbox' || payment.user_id !== user.id) {
        throw notFound(CHECKOUT_MESSAGES.paymentNotFound);
      }
      const prompt = await createSandboxProvider(db).answer(reference, answer);
      if (prompt !== answer) throw new HttpError(409, CHECKOUT_MESSAGES.promptAnswered, 'prompt_answered');
      return c.json({ data: await settlePayment(deps, db, reference) });
    });
  }

  /**
   * Telecel (Vodafone) Cash: the voucher code the customer generated on the phone. Only the
   * order's owner, only while the payment is pending; the answer is the next prompt.
   */
  app.post('/payments/:reference/otp', requireUser(), async (c) => {
    const user = currentUser(c);
    const reference = c.req.param('reference');
    const { otp } = await parseBody(c, paymentOtpSchema);
    const payment = await db
      .selectFrom('payments')
      .innerJoin('orders', 'orders.id', 'payments.order_id')
      .select(['payments.status', 'orders.user_id', 'orders.mobile_money_network', 'orders.mobile_money_number', 'orders.reservation_expires_at'])
      .where('payments.reference', '=', reference)
      .executeTakeFirst();
    if (!payment || payment.user_id !== user.id) throw notFound(CHECKOUT_MESSAGES.paymentNotFound);
    const provider = createPaymentProvider(deps.config, db);
    if (!provider.submitOtp) throw notFound(CHECKOUT_MESSAGES.paymentNotFound);
    if (payment.status !== 'PENDING') throw new HttpError(409, CHECKOUT_MESSAGES.notWaitingForCode, 'payment_not_pending');
    let started;
    try {
      started = await provider.submitOtp(reference, otp);
    } catch (error) {
      if (error instanceof PaymentProviderError) throw new HttpError(502, CHECKOUT_MESSAGES.providerUnavailable, 'payment_provider_unavailable');
      throw error;
    }
    await db.updateTable('payments').set({ raw: JSON.stringify(started.raw), updated_at: now() }).where('reference', '=', reference).execute();
    if (started.status === 'FAILED') throw new HttpError(402, started.displayText || CHECKOUT_MESSAGES.codeNotAccepted, 'payment_failed');
    if (started.status === 'PAID') await settlePayment(deps, db, reference);
    const prompt: PaymentPrompt = {
      status: started.status,
      needsOtp: started.needsOtp,
      simulated: false,
      network: payment.mobile_money_network as MobileMoneyNetwork,
      phoneNumber: payment.mobile_money_number ?? '',
      displayText: started.displayText,
      expiresAt: payment.reservation_expires_at,
    };
    return c.json({ data: prompt });
  });

  return app;
}
