import { Hono } from 'hono';
import { adminOrderListQuerySchema, orderListQuerySchema, orderNumberSchema, orderStatusUpdateSchema, ORDER_MESSAGES } from '../../../shared/schemas/orders';
import { currentUser, requireUser } from '../../http/auth';
import { dbOf, type AppEnv, type Deps } from '../../http/context';
import { parseBody, parseOrThrow, parseQuery } from '../../http/validate';
import { parseIdOr404 } from '../catalogue/routes';
import { listAllOrders } from './admin-list';
import { getOrderDetail, listOrders, trackOrder } from './service';
import { moveOrder } from './status';

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

  /** Operators (ADMIN) see every customer's orders, newest first, to move them along. */
  app.get('/admin/orders', requireUser('ADMIN'), async (c) =>
    c.json(await listAllOrders(dbOf(c, deps), parseQuery(c, adminOrderListQuerySchema))),
  );

  /** Operators (ADMIN) move orders: PROCESSING -> SHIPPED -> DELIVERED, or CANCELLED. */
  app.patch('/admin/orders/:id/status', requireUser('ADMIN'), async (c) => {
    const id = parseIdOr404(c.req.param('id'), 'Order not found');
    const { status, notes } = await parseBody(c, orderStatusUpdateSchema);
    return c.json({ data: await moveOrder(dbOf(c, deps), id, status, notes) });
  });

  return app;
}
