import type { IncomingMessage } from 'node:http';
import { Hono } from 'hono';
import { ERROR_CODES } from '../shared/errors';
import { createAccessLog, type AccessLog } from './http/access-log';
import { readUser } from './http/auth';
import { rememberClientIp } from './http/client-ip';
import type { AppEnv, Deps } from './http/context';
import { HttpError, errorAnswer, errorResponse } from './http/errors';
import { staticRoutes } from './http/static';
import { sitemapRoutes } from './http/sitemap';
import { compressUnlessComplete, sameOriginOnly, securityHeaderValues, securityHeaders } from './http/security';
import { answerAfterTheBody, apiBodyLimit } from './http/limits';
import { refuseNulInPath } from './http/validate';
import { mountDeclared } from './http/declared';
import { apiDocsRoutes, openApiRoutes } from './http/api-docs';
import { closeConnectionsWhenDraining, operationsRoutes, requestMetrics } from './http/operations';
import { accountsRoutes } from './modules/accounts';
import { ledgerRoutes } from './modules/ledger';
import { payoutsRoutes } from './modules/payouts';
import { adminRoutes } from './modules/admin';
import { cartRoutes } from './modules/cart';
import { catalogueRoutes, createPublicReads, type PublicReads } from './modules/catalogue';
import { checkoutRoutes } from './modules/checkout';
import { checksRoutes, takesCheckPhotos } from './modules/checks';
import { contactFormPost, contactRoutes } from './modules/contact';
import { mediaRoutes } from './modules/media';
import { notificationsRoutes } from './modules/notifications';
import { offlineRoutes } from './modules/offline';
import { ordersRoutes } from './modules/orders';
import { paymentsRoutes } from './modules/payments';
import { reviewsRoutes } from './modules/reviews';
import { recordPagesRoutes, sellersRoutes } from './modules/sellers';
import { submissionsRoutes, takesUploads } from './modules/submissions';
import { syncRoutes } from './modules/sync';
import { inboundSmsRoutes, marketPricesRoutes } from './modules/market-prices';
import { ussdRoutes } from './modules/ussd';
import { takesWebhookDeliveries, whatsappRoutes } from './modules/whatsapp';
import { warehouseRoutes } from './modules/warehouses';
import { transportRoutes } from './modules/transport';
import { transportersRoutes } from './modules/transporters';
import { wishlistRoutes } from './modules/wishlist';

/** The whole HTTP surface, built from its dependencies so tests can call app.request(). */
export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();
  const api = new Hono<AppEnv>();
  // One cache of public catalogue answers per app instance (see public-reads.ts).
  const reads = createPublicReads(deps.db, deps.config.apiCacheBytes);

  api.use('*', rememberClientIp(deps.config.trustedProxies));
  api.use('*', sameOriginOnly(deps.config));
  api.use('*', apiBodyLimit((method, path) => takesUploads(method, path) || takesCheckPhotos(method, path) || takesWebhookDeliveries(method, path)));
  api.use('*', reads.watchWrites);
  api.use('*', refuseNulInPath);
  api.use('*', readUser(deps.tokens, deps.sessions));
  // Declared routes (src/shared/api) carry their own chain, idempotency included (http/declared.ts):
  // where they are mounted does not matter, and nothing after them writes.
  mountDeclared(api, deps, [
    ...cartRoutes(deps),
    ...wishlistRoutes(deps),
    ...checkoutRoutes(deps),
    // The provider's webhook and prompts are idempotent by payment reference themselves: not by key.
    ...paymentsRoutes(deps),
    ...ordersRoutes(deps),
    ...payoutsRoutes(deps),
    ...ledgerRoutes(deps),
    ...contactRoutes(deps),
    ...notificationsRoutes(deps),
    ...accountsRoutes(deps),
    ...catalogueRoutes(deps, reads),
    ...warehouseRoutes(deps, reads),
    ...transportRoutes(deps),
    ...checksRoutes(deps),
    ...transportersRoutes(deps),
    ...syncRoutes(deps, reads),
    ...offlineRoutes(deps),
    ...reviewsRoutes(deps),
    ...marketPricesRoutes(deps, reads),
    // Inbound SMS from the gateways: authenticated by their token, answered once per message (not idempotent by key).
    ...inboundSmsRoutes(deps),
    ...openApiRoutes(),
    ...sellersRoutes(deps),
    ...submissionsRoutes(deps),
    ...adminRoutes(deps),
    ...ussdRoutes(deps),
    ...whatsappRoutes(deps),
  ]);
  api.all('*', (c) => errorAnswer(c, deps.db, { message: 'No such API endpoint', code: ERROR_CODES.notFound }, 404));

  app.use('*', answerAfterTheBody());
  app.use('*', requestMetrics(deps));
  app.use('*', closeConnectionsWhenDraining(deps));
  const security = securityHeaderValues(deps.config);
  app.use('*', securityHeaders(security));
  app.use('*', compressUnlessComplete());
  const log = createAccessLog(deps.logger, { slowMs: deps.config.logSlowMs, summaryMs: deps.config.logSummarySeconds * 1000, extra: () => ({ apiCache: reads.stats() }) });
  app.use('*', log.middleware);
  // A write may have queued messages; its transaction has committed by now, so send them at once.
  // An answer that does not say how to cache it is a user's own (profile, orders, cart) or a
  // refusal: never stored, so a shared phone's HTTP cache keeps nothing of the last user.
  app.use('/api/*', async (c, next) => {
    await next();
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
    // A request a rate limiter refused did nothing, so it queued nothing: a flood of them must
    // not wake the outbox into a claim statement apiece (its own poll still runs).
    if (c.req.method !== 'GET' && c.res.status !== 429) deps.messages.wake();
  });

  app.route('/', operationsRoutes(deps));
  app.route('/api/v1', api);
  app.route('/', apiDocsRoutes());
  app.route('/', mediaRoutes(deps));
  app.route('/', sitemapRoutes(deps.db, deps.config.publicUrl));
  app.route('/', recordPagesRoutes(deps));
  if (deps.config.staticDir) {
    // Pages rendered with their data read the public API as any visitor would, through the
    // answer cache (app.fetch, so a known answer costs a lookup).
    const pageReads = {
      async json(key: string) {
        const response = await app.fetch(new Request(`http://localhost/api/v1/${key}`));
        return response.ok ? response.json() : undefined;
      },
      catalogueVersion: reads.catalogueVersion,
      head: reads.head,
    };
    app.route('/', staticRoutes(deps.config.staticDir, { reads: pageReads, logger: deps.logger, publicUrl: deps.config.publicUrl, forms: { '/contact': contactFormPost(deps) } }));
  }

  app.notFound((c) => errorAnswer(c, deps.db, { message: 'Not found', code: ERROR_CODES.notFound }, 404));
  app.onError((error, c) => {
    if (error instanceof HttpError) return errorResponse(c, deps.db, error);
    deps.logger.error({ err: error, path: c.req.path }, 'unhandled error');
    return errorAnswer(c, deps.db, { message: 'Something went wrong on our side. Please try again.', code: ERROR_CODES.internal }, 500);
  });
  answerKnownReadsFirst(app, deps, reads, security, log.record);
  return app;
}

/**
 * An anonymous GET whose answer is already kept at the current catalogue head is sent before
 * the middleware chain (see PublicReads.knownAnswer): counted, timed and logged all the same.
 * Anything with an identity or an Origin, and everything while draining, goes the usual way.
 */
function answerKnownReadsFirst(app: Hono<AppEnv>, deps: Deps, reads: PublicReads, security: Record<string, string>, record: AccessLog['record']) {
  const dispatch = app.fetch;
  app.fetch = (request, env, executionCtx) => {
    if (request.method === 'GET' && !deps.lifecycle.draining) {
      const started = performance.now();
      // Under Node, the adapter hands over its own parse of the headers: reading it is cheap.
      const nodeHeaders = (env as { incoming?: IncomingMessage } | undefined)?.incoming?.headers;
      const header = nodeHeaders ? (name: string) => nodeHeaders[name] as string | undefined : (name: string) => request.headers.get(name) ?? undefined;
      const known = !header('authorization') && !header('origin') ? reads.knownAnswer(request.url, header, security) : undefined;
      if (known) {
        const ms = performance.now() - started;
        deps.metrics.httpRequests.observe({ method: 'GET', route: known.route, status: String(known.response.status) }, ms / 1000);
        record('GET', known.path, known.response.status, Math.round(ms * 10) / 10);
        return known.response;
      }
    }
    return dispatch(request, env, executionCtx);
  };
}

export type App = ReturnType<typeof createApp>;
