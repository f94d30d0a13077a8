import { PAYMENTS_ROUTES } from '../../../shared/api/payments';
import type { Deps } from '../../http/context';
import { implement } from '../../http/declared';
import { answerSandboxPrompt, paystackWebhook, submitPaymentOtp } from './service';

const [webhook, approve, decline, otp] = PAYMENTS_ROUTES;

/**
 * The payment provider's calls and the prompts' answers (declared in shared/api/payments.ts):
 * idempotent by payment reference themselves (settlePayment applies once), so they take no
 * Idempotency-Key and store no answers.
 */
export function paymentsRoutes(deps: Deps) {
  return [
    // The signature covers the RAW body: read as text, never parsed before it is checked.
    implement(webhook, async ({ c }) => ({ data: await paystackWebhook(deps, await c.req.text(), c.req.header('x-paystack-signature')) })),
    implement(approve, async ({ user, params }) => ({ data: await answerSandboxPrompt(deps, user.id, params.reference, 'APPROVED') })),
    implement(decline, async ({ user, params }) => ({ data: await answerSandboxPrompt(deps, user.id, params.reference, 'DECLINED') })),
    implement(otp, async ({ user, params, body }) => ({ data: await submitPaymentOtp(deps, user.id, params.reference, body.otp) })),
  ];
}
