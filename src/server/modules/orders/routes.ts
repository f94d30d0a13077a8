import { ORDERS_ROUTES } from '../../../shared/api/orders';
import { REFUSAL_ROUTES } from '../../../shared/api/refusals';
import type { Deps } from '../../http/context';
import { implement } from '../../http/declared';
import { HttpError } from '../../http/errors';
import { listAllOrders, listRefunds } from './admin-list';
import { cancelAsBuyer, handOver, requirePickupHere, setLineAtWarehouse } from './desk';
import { getOrderDetail, listOrders, trackOrder } from './service';
import { moveOrder } from './status';
import { decideRefusal } from './refusal-decision';
import { openRefusals, pickupLines, refuseLine } from './refusals';

/** Wrong pickup codes allowed per order in a window: 5 per 15 minutes leaves a million codes unguessable. */
const PICKUP_TRIES = 5;
const PICKUP_WINDOW_MS = 15 * 60_000;

const [list, detail, track, cancel, adminList, move, markLine, unmarkLine, pickup, refunds] = ORDERS_ROUTES;
const [refuse, listRefusals, decide, counterLines] = REFUSAL_ROUTES;

/** The buyer's orders and the operator's order desk (declared in shared/api/orders.ts). */
export function ordersRoutes(deps: Deps) {
  const { db } = deps;
  return [
    implement(list, ({ user, query }) => listOrders(db, user.id, query)),
    implement(detail, async ({ user, params }) => ({ data: await getOrderDetail(deps, db, user.id, params.id) })),
    implement(track, async ({ user, params }) => ({ data: await trackOrder(deps, db, user.id, params.orderNumber) })),
    implement(cancel, async ({ user, params, body }) => ({ data: await cancelAsBuyer(deps, db, user.id, params.id, body.reason) })),

    /** Operators (ADMIN) see every customer's orders, newest first, to move them along. */
    implement(adminList, ({ query }) => listAllOrders(db, query)),
    /** Operators (ADMIN) move orders: PROCESSING -> SHIPPED -> DELIVERED, or CANCELLED. */
    implement(move, async ({ user, params, body }) => ({ data: await moveOrder(db, params.id, body.status, body.notes, user) })),
    implement(markLine, async ({ user, params }) => ({ data: await setLineAtWarehouse(db, user, params.id, params.itemId, true) })),
    implement(unmarkLine, async ({ user, params }) => ({ data: await setLineAtWarehouse(db, user, params.id, params.itemId, false) })),

    /** Warehouse staff (of the order's pickup warehouse) or the operator hand a ready order over when the buyer's pickup code matches (wrong codes are counted per order). */
    implement(pickup, async ({ user, warehouse, params, body, c }) => {
      await requirePickupHere(db, warehouse, params.id);
      const limit = await deps.rateLimiter.hit(`pickup-code:${params.id}`, PICKUP_TRIES, PICKUP_WINDOW_MS);
      if (!limit.allowed) {
        c.header('Retry-After', String(limit.retryAfterSeconds));
        throw new HttpError(429, `Too many pickup codes tried for this order. Try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.`);
      }
      return { data: await handOver(db, user, params.id, body.code) };
    }),

    /** Operators follow every refund until the provider has paid it out. */
    implement(refunds, ({ query }) => listRefunds(db, query)),

    /** The pickup counter refuses a line (refusals.ts); the operator lists the open ones and decides (refusal-decision.ts). */
    implement(refuse, async ({ user, warehouse, params, body }) => ({ data: await refuseLine(db, warehouse, user.id, params.orderId, params.itemId, body.reason, body.photo) })),
    implement(listRefusals, async () => ({ data: await openRefusals(db) })),
    implement(decide, async ({ user, params, body }) => ({ data: await decideRefusal(db, user, params.id, body) })),
    implement(counterLines, async ({ warehouse, params }) => ({ data: await pickupLines(db, warehouse, params.orderId) })),
  ];
}
