import { CHECKOUT_MESSAGES, type PaymentPrompt, type SettleOutcome } from '../../../shared/schemas/checkout';
import type { MobileMoneyNetwork } from '../../../shared/phone';
import type { Deps } from '../../http/context';
import { HttpError, badRequest, notFound, unauthorized } from '../../http/errors';
import { now } from '../../platform/db';
import { createPaymentProvider, createSandboxProvider, PaymentProviderError, PaymentSignatureError } from '../../platform/payments';
import { transferWebhook } from '../payouts';
import { settlePayment } from './settle';

type PaymentDeps = Pick<Deps, 'config' | 'db' | 'mailer' | 'logger'>;

/** Paystack's webhook: the RAW body is what the signature covers. */
export async function paystackWebhook(deps: PaymentDeps, rawBody: string, signature: string | undefined) {
  const { db } = deps;
  if (!deps.config.paystack) throw notFound('Paystack is not configured');
  const provider = createPaymentProvider(deps.config, db);
  let event;
  try {
    event = provider.parseWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof PaymentSignatureError) throw unauthorized('Invalid webhook signature');
    throw badRequest('The webhook body must be JSON.');
  }
  if (event.event.startsWith('transfer.') && event.reference) return transferWebhook(deps, event.reference);
  if (!event.event.startsWith('charge.') || !event.reference) return { received: true as const, applied: false };
  const known = await db.selectFrom('payments').select('id').where('reference', '=', event.reference).executeTakeFirst();
  if (!known) return { received: true as const, applied: false };
  try {
    const outcome = await settlePayment(deps, db, event.reference);
    return { received: true as const, applied: true, status: outcome.status };
  } catch (error) {
    // 5xx makes Paystack send the webhook again later.
    if (error instanceof PaymentProviderError) throw new HttpError(502, 'Could not verify the payment with Paystack', 'payment_provider_unavailable');
    throw error;
  }
}

/**
 * SANDBOX ONLY (no Paystack keys): the customer's answer to the simulated prompt.
 * Only the order's owner may answer; anyone else gets the same 404 as a wrong reference.
 */
export async function answerSandboxPrompt(deps: PaymentDeps, userId: number, reference: string, answer: 'APPROVED' | 'DECLINED'): Promise<SettleOutcome> {
  const { db } = deps;
  const payment = await db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .select(['payments.provider', 'orders.user_id'])
    .where('payments.reference', '=', reference)
    .executeTakeFirst();
  if (deps.config.paystack || !payment || payment.provider !== 'sandbox' || payment.user_id !== userId) {
    throw notFound(CHECKOUT_MESSAGES.paymentNotFound);
  }
  const prompt = await createSandboxProvider(db).answer(reference, answer);
  if (prompt !== answer) throw new HttpError(409, CHECKOUT_MESSAGES.promptAnswered, 'prompt_answered');
  return settlePayment(deps, db, reference);
}

/**
 * Telecel (Vodafone) Cash: the voucher code the customer generated on the phone. Only the
 * order's owner, only while the payment is pending; the answer is the next prompt.
 */
export async function submitPaymentOtp(deps: PaymentDeps, userId: number, reference: string, otp: string): Promise<PaymentPrompt> {
  const { db } = deps;
  const payment = await db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .select(['payments.status', 'orders.user_id', 'orders.mobile_money_network', 'orders.mobile_money_number', 'orders.reservation_expires_at'])
    .where('payments.reference', '=', reference)
    .executeTakeFirst();
  if (!payment || payment.user_id !== userId) throw notFound(CHECKOUT_MESSAGES.paymentNotFound);
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
  return {
    status: started.status,
    needsOtp: started.needsOtp,
    simulated: false,
    network: payment.mobile_money_network as MobileMoneyNetwork,
    phoneNumber: payment.mobile_money_number ?? '',
    displayText: started.displayText,
    expiresAt: payment.reservation_expires_at,
  };
}
