import { Hono } from 'hono';
import {
  adminOrderListQuerySchema,
  adminRefundListQuerySchema,
  orderCancelSchema,
  orderListQuerySchema,
  orderNumberSchema,
  orderStatusUpdateSchema,
  pickupCodeSchema,
  ORDER_MESSAGES,
} from '../../../shared/schemas/orders';
import { currentUser, requireUser } from '../../http/auth';
import { dbOf, type AppEnv, type Deps } from '../../http/context';
import { HttpError } from '../../http/errors';
import { parseBody, parseOrThrow, parseQuery } from '../../http/validate';
import { recordAudit } from '../audit/service';
import { parseIdOr404 } from '../../http/params';
import { inTransaction } from '../../platform/db/transactions';
import { adminOrder, listAllOrders, listRefunds } from './admin-list';
import { cancelOrder } from './cancel';
import { collectWithCode, markLineAtWarehouse, unmarkLineAtWarehouse } from './fulfilment';
import { getOrderDetail, listOrders, trackOrder } from './service';
import { moveOrder } from './status';

/** Wrong pickup codes allowed per order in a window: 5 per 15 minutes leaves a million codes unguessable. */
const PICKUP_TRIES = 5;
const PICKUP_WINDOW_MS = 15 * 60_000;

export function ordersRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.get('/shop/customers/me/orders', requireUser(), async (c) =>
    c.json(await listOrders(dbOf(c, deps), currentUser(c).id, parseQuery(c, orderListQuerySchema))),
  );

  app.get('/shop/customers/me/orders/:id', requireUser(), async (c) => {
    const id = parseIdOr404(c.req.param('id'), ORDER_MESSAGES.notFound);
    return c.json({ data: await getOrderDetail(deps, dbOf(c, deps), currentUser(c).id, id) });
  });

  app.get('/shop/customers/track-order/:orderNumber', requireUser(), async (c) => {
    const orderNumber = parseOrThrow(orderNumberSchema, c.req.param('orderNumber'));
    return c.json({ data: await trackOrder(deps, dbOf(c, deps), currentUser(c).id, orderNumber) });
  });

  /** The buyer cancels (reason optional): unpaid, or paid with none of its goods at the warehouse yet. */
  app.post('/shop/customers/me/orders/:id/cancel', requireUser(), async (c) => {
    const id = parseIdOr404(c.req.param('id'), ORDER_MESSAGES.notFound);
    const raw = await c.req.text();
    const { reason } = parseOrThrow(orderCancelSchema, raw.trim() ? parseJson(raw) : {});
    const db = dbOf(c, deps);
    const { id: userId } = currentUser(c);
    await inTransaction(db, (trx) => cancelOrder(trx, id, 'buyer', reason, userId));
    return c.json({ data: await getOrderDetail(deps, db, userId, id) });
  });

  /** Operators (ADMIN) see every customer's orders, newest first, to move them along. */
  app.get('/admin/orders', requireUser('ADMIN'), async (c) =>
    c.json(await listAllOrders(dbOf(c, deps), parseQuery(c, adminOrderListQuerySchema))),
  );

  /** Operators (ADMIN) move orders: PROCESSING -> SHIPPED -> DELIVERED, or CANCELLED. */
  app.patch('/admin/orders/:id/status', requireUser('ADMIN'), async (c) => {
    const id = parseIdOr404(c.req.param('id'), 'Order not found');
    const { status, notes } = await parseBody(c, orderStatusUpdateSchema);
    return c.json({ data: await moveOrder(dbOf(c, deps), id, status, notes, currentUser(c)) });
  });

  /**
   * Warehouse staff take a line in themselves (a seller without the app), or take a mistaken
   * mark back before the order is ready for pickup; either is recorded in the audit log.
   */
  for (const [method, change, word] of [['put', markLineAtWarehouse, 'marked'], ['delete', unmarkLineAtWarehouse, 'no longer marked']] as const) {
    app[method]('/admin/orders/:id/items/:itemId/at-warehouse', requireUser('ADMIN'), async (c) => {
      const id = parseIdOr404(c.req.param('id'), 'Order not found');
      const itemId = parseIdOr404(c.req.param('itemId'), 'Order line not found');
      await inTransaction(dbOf(c, deps), async (trx) => {
        const name = await change(trx, { operator: true }, id, itemId);
        await recordAudit(trx, currentUser(c), 'order.line', { type: 'order', id }, `${name} (line ${itemId}) ${word} at the warehouse`);
      });
      return c.json({ data: await adminOrder(dbOf(c, deps), id) });
    });
  }

  /** Warehouse staff hand a ready order over when the buyer's pickup code matches. */
  app.post('/admin/orders/:id/pickup', requireUser('ADMIN'), async (c) => {
    const id = parseIdOr404(c.req.param('id'), 'Order not found');
    const { code } = await parseBody(c, pickupCodeSchema);
    const limit = await deps.rateLimiter.hit(`pickup-code:${id}`, PICKUP_TRIES, PICKUP_WINDOW_MS);
    if (!limit.allowed) {
      c.header('Retry-After', String(limit.retryAfterSeconds));
      throw new HttpError(429, `Too many pickup codes tried for this order. Try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.`);
    }
    await inTransaction(dbOf(c, deps), async (trx) => {
      await collectWithCode(trx, id, code);
      await recordAudit(trx, currentUser(c), 'order.status', { type: 'order', id }, 'SHIPPED -> DELIVERED: pickup code accepted');
    });
    return c.json({ data: { id, status: 'DELIVERED' } });
  });

  /** Operators follow every refund until the provider has paid it out. */
  app.get('/admin/refunds', requireUser('ADMIN'), async (c) => c.json(await listRefunds(dbOf(c, deps), parseQuery(c, adminRefundListQuerySchema))));

  return app;
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'The request body must be JSON.');
  }
}
