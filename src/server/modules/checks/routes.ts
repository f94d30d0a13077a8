import { CHECK_ROUTES } from '../../../shared/api/checks';
import type { Deps } from '../../http/context';
import { implement } from '../../http/declared';
import { lotsToReturn, returnFailedLot } from './returns';
import { checkLine } from './service';

const [check, returned, returns] = CHECK_ROUTES;

/** The warehouse check at drop-off (declared in shared/api/checks.ts). */
export function checksRoutes(deps: Deps) {
  const { db } = deps;
  return [
    implement(check, async ({ user, warehouse, params, body }) => ({ data: await checkLine(db, warehouse, user.id, params.orderId, params.itemId, body) })),
    implement(returned, async ({ user, warehouse, params, body }) => ({ data: await returnFailedLot(db, deps.rateLimiter, warehouse, user.id, params.orderId, params.itemId, body.code) })),
    implement(returns, async ({ warehouse }) => ({ data: await lotsToReturn(db, warehouse) })),
  ];
}
