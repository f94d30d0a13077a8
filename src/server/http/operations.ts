import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { routePath } from 'hono/route';
import { ping } from '../platform/db';
import type { AppEnv, Deps } from './context';
import { HttpError, notFound } from './errors';

/**
 * What the balancer and the monitoring ask: /healthz (the process answers), /readyz (send it
 * traffic: database reachable, start-up done, not draining) and /metrics (Prometheus text,
 * behind METRICS_TOKEN; without one it does not exist).
 */
export function operationsRoutes({ db, lifecycle, metrics, config }: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/healthz', (c) => c.json({ status: 'ok' }));

  app.get('/readyz', async (c) => {
    if (lifecycle.draining) throw new HttpError(503, 'Draining: this instance is shutting down.', 'draining');
    if (!lifecycle.started) throw new HttpError(503, 'Starting: migrations are not done yet.', 'starting');
    try {
      await ping(db);
    } catch {
      throw new HttpError(503, 'The database cannot be reached.', 'database_unreachable');
    }
    return c.json({ status: 'ready' });
  });

  app.get('/metrics', async (c) => {
    const given = Buffer.from(c.req.header('authorization') ?? '');
    const wanted = Buffer.from(`Bearer ${config.metricsToken}`);
    // Without a token configured the endpoint does not exist; a wrong token gets the same answer.
    if (!config.metricsToken || given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw notFound();
    return c.body(await metrics.registry.metrics(), 200, { 'Content-Type': metrics.registry.contentType });
  });
  return app;
}

/** Times every request by method, matched route pattern (not the raw path: ids would explode the series) and status. */
export function requestMetrics({ metrics }: Deps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const stop = metrics.httpRequests.startTimer({ method: c.req.method });
    try {
      await next();
    } finally {
      stop({ route: routePath(c), status: String(c.res.status) });
    }
  });
}

/** While draining, every answer closes its connection, so the balancer opens new ones elsewhere. */
export function closeConnectionsWhenDraining({ lifecycle }: Deps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    if (lifecycle.draining) c.header('Connection', 'close');
  });
}
