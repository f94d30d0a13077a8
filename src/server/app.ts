import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { ERROR_CODES } from '../shared/errors';
import { readUser } from './http/auth';
import type { AppEnv, Deps } from './http/context';
import { HttpError, errorResponse } from './http/errors';
import { staticRoutes } from './http/static';
import { ping } from './platform/db';
import { catalogueRoutes } from './modules/catalogue/routes';
import { mediaRoutes } from './modules/media/routes';
import { syncRoutes } from './modules/sync/routes';
import { warehouseRoutes } from './modules/warehouses/routes';

/** The whole HTTP surface, built from its dependencies so tests can call app.request(). */
export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();
  const api = new Hono<AppEnv>();

  api.use('*', readUser(deps.tokens));
  api.route('/', catalogueRoutes(deps));
  api.route('/', warehouseRoutes(deps));
  api.route('/', syncRoutes(deps));
  api.all('*', (c) => c.json({ message: 'No such API endpoint', code: ERROR_CODES.notFound }, 404));

  app.use('*', compress());
  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    const ms = Math.round((performance.now() - started) * 10) / 10;
    if (c.req.path.startsWith('/api/')) deps.logger.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms }, 'request');
  });

  app.get('/healthz', async (c) => {
    await ping(deps.db);
    return c.json({ status: 'ok' });
  });
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
