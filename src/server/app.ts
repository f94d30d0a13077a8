import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { ERROR_CODES } from '../shared/errors';
import { accessLog } from './http/access-log';
import { readUser } from './http/auth';
import type { AppEnv, Deps } from './http/context';
import { HttpError, errorResponse } from './http/errors';
import { staticRoutes } from './http/static';
import { sameOriginOnly, securityHeaders } from './http/security';
import { apiBodyLimit } from './http/limits';
import { refuseNulInPath } from './http/validate';
import { idempotency } from './http/idempotency';
import { closeConnectionsWhenDraining, operationsRoutes, requestMetrics } from './http/operations';
import { accountsRoutes } from './modules/accounts/routes';
import { adminRoutes } from './modules/admin/routes';
import { cartRoutes } from './modules/cart/routes';
import { createPublicReads } from './modules/catalogue/public-reads';
import { catalogueRoutes } from './modules/catalogue/routes';
import { checkoutRoutes } from './modules/checkout/routes';
import { contactRoutes } from './modules/contact/routes';
import { mediaRoutes } from './modules/media/routes';
import { notificationsRoutes } from './modules/notifications/routes';
import { offlineRoutes } from './modules/offline/routes';
import { ordersRoutes } from './modules/orders/routes';
import { paymentsRoutes } from './modules/payments/routes';
import { reviewsRoutes } from './modules/reviews/routes';
import { sellersRoutes } from './modules/sellers/routes';
import { submissionsRoutes } from './modules/submissions/routes';
import { submissionUploadsBeforeTransaction, takesUploads } from './modules/submissions/uploads';
import { syncRoutes } from './modules/sync/routes';
import { warehouseRoutes } from './modules/warehouses/routes';
import { wishlistRoutes } from './modules/wishlist/routes';

/** The whole HTTP surface, built from its dependencies so tests can call app.request(). */
export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();
  const api = new Hono<AppEnv>();
  // One cache of public catalogue answers per app instance (see public-reads.ts).
  const reads = createPublicReads(deps.db, deps.config.apiCacheBytes);

  api.use('*', sameOriginOnly(deps.config));
  api.use('*', apiBodyLimit(takesUploads));
  api.use('*', reads.watchWrites);
  api.use('*', refuseNulInPath);
  api.use('*', readUser(deps.tokens));
  // Payments talk to the provider over the network: they keep no transaction open and make
  // themselves idempotent by payment reference, so they sit before the idempotency layer.
  api.route('/', paymentsRoutes(deps));
  // Image encoding takes seconds: it happens before the idempotency transaction opens, so an
  // upload never holds the database (on SQLite, everyone's database) while sharp works.
  api.route('/', submissionUploadsBeforeTransaction(deps));
  api.use('*', idempotency(deps.db));
  api.route('/', catalogueRoutes(deps, reads));
  api.route('/', warehouseRoutes(deps, reads));
  api.route('/', syncRoutes(deps, reads));
  api.route('/', accountsRoutes(deps));
  api.route('/', reviewsRoutes(deps));
  api.route('/', cartRoutes(deps));
  api.route('/', checkoutRoutes(deps));
  api.route('/', ordersRoutes(deps));
  api.route('/', contactRoutes(deps));
  api.route('/', sellersRoutes(deps));
  api.route('/', submissionsRoutes(deps));
  api.route('/', adminRoutes(deps));
  api.route('/', wishlistRoutes(deps));
  api.route('/', notificationsRoutes(deps));
  api.route('/', offlineRoutes(deps));
  api.all('*', (c) => c.json({ message: 'No such API endpoint', code: ERROR_CODES.notFound }, 404));

  app.use('*', requestMetrics(deps));
  app.use('*', closeConnectionsWhenDraining(deps));
  app.use('*', securityHeaders(deps.config));
  app.use('*', compress());
  app.use('*', accessLog(deps.logger, { slowMs: deps.config.logSlowMs, summaryMs: deps.config.logSummarySeconds * 1000, extra: () => ({ apiCache: reads.stats() }) }));
  // A write may have queued messages; its transaction has committed by now, so send them at once.
  app.use('/api/*', async (c, next) => {
    await next();
    if (c.req.method !== 'GET') deps.messages.wake();
  });

  app.route('/', operationsRoutes(deps));
  app.route('/api/v1', api);
  app.route('/', mediaRoutes(deps));
  if (deps.config.staticDir) app.route('/', staticRoutes(deps.config.staticDir));

  app.notFound((c) => c.json({ message: 'Not found', code: ERROR_CODES.notFound }, 404));
  app.onError((error, c) => {
    if (error instanceof HttpError) return errorResponse(c, error);
    deps.logger.error({ err: error, path: c.req.path }, 'unhandled error');
    return c.json({ message: 'Something went wrong on our side. Please try again.', code: ERROR_CODES.internal }, 500);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
