import { PAYOUTS_ROUTES } from '../../../shared/api/payouts';
import type { Deps } from '../../http/context';
import { implement } from '../../http/declared';
import { createTransferProvider } from '../../platform/payments';
import { duePayouts, listPayouts, retryPayout, runPayoutsNow } from './desk';
import { sellerEarnings } from './earnings';
import { reconcilePayouts } from './reconcile';

const [earnings, list, due, run, retry, reconciliation] = PAYOUTS_ROUTES;

/** The seller's earnings, and the operator's payouts desk (declared in shared/api/payouts.ts). */
export function payoutsRoutes(deps: Deps) {
  const { db } = deps;
  return [
    implement(earnings, async ({ user }) => ({ data: await sellerEarnings(db, user.id, { payoutMinimumMinor: deps.config.payoutMinimumMinor }) })),
    implement(list, async ({ query }) => ({ data: await listPayouts(db, query.status) })),
    implement(due, async () => ({ data: await duePayouts(db, deps.config.payoutMinimumMinor) })),
    implement(run, async ({ user }) => ({ data: await runPayoutsNow(deps, user) })),
    implement(retry, async ({ user, params }) => ({ data: await retryPayout(deps, user, params.id) })),
    implement(reconciliation, async () => ({ data: await reconcilePayouts(db, createTransferProvider(deps.config, db)) })),
  ];
}
