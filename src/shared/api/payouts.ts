import * as v from 'valibot';
import { adminPayoutSchema, adminPayoutsQuerySchema, duePayoutSchema, earningsSchema, payoutRunSchema, reconciliationSchema } from '../schemas/money';
import { dataOf, idParam, route } from './route';

/** The seller's earnings, and the operator's payouts desk (docs/money.md). Amounts in cedis. */
export const PAYOUTS_ROUTES = [
  route({ method: 'GET', path: '/sellers/me/earnings', summary: 'The seller’s money: held, available, paid out, entries, payouts', tag: 'sellers', auth: 'seller', answer: dataOf(earningsSchema) }),
  route({ method: 'GET', path: '/admin/payouts', summary: 'Payouts, optionally of one status', tag: 'admin', auth: 'admin', query: adminPayoutsQuerySchema, answer: dataOf(v.array(adminPayoutSchema)) }),
  route({ method: 'GET', path: '/admin/payouts/due', summary: 'Sellers the next payout run would pay, or why they wait', tag: 'admin', auth: 'admin', answer: dataOf(v.array(duePayoutSchema)) }),
  // Both writes sit behind the idempotency layer (as they always did): a repeat with the same key gets the first run's answer.
  route({ method: 'POST', path: '/admin/payouts/run', summary: 'Run the payout job now; answers what it did', tag: 'admin', auth: 'admin', answer: dataOf(payoutRunSchema) }),
  route({ method: 'POST', path: '/admin/payouts/:id/retry', summary: 'Try a failed or reversed payout again', tag: 'admin', auth: 'admin', params: { id: idParam('Payout not found') }, answer: dataOf(payoutRunSchema) }),
  route({ method: 'GET', path: '/admin/payouts/reconciliation', summary: 'Our payouts against the provider’s transfers: every mismatch', tag: 'admin', auth: 'admin', answer: dataOf(reconciliationSchema) }),
] as const;
