import type { Deps } from '../../http/context';
import { HttpError } from '../../http/errors';
import { createTransferProvider, PaymentProviderError } from '../../platform/payments';
import { applyTransferState } from './outcome';

/**
 * transfer.success / transfer.failed / transfer.reversed (signature already checked): the
 * webhook only says "look at this reference"; what happened is read again from
 * GET /transfer/verify, as for payments, and applied once.
 */
export async function transferWebhook(deps: Pick<Deps, 'config' | 'db'>, reference: string) {
  const payout = await deps.db.selectFrom('payouts').select(['id', 'provider']).where('reference', '=', reference).executeTakeFirst();
  if (!payout || payout.provider !== 'paystack') return { received: true as const, applied: false };
  try {
    const state = await createTransferProvider(deps.config, deps.db).verifyTransfer(reference);
    const status = await applyTransferState(deps.db, payout.id, state);
    return { received: true as const, applied: true, status };
  } catch (error) {
    // 5xx makes Paystack send the webhook again later.
    if (error instanceof PaymentProviderError) throw new HttpError(502, 'Could not verify the transfer with Paystack', 'payment_provider_unavailable');
    throw error;
  }
}
