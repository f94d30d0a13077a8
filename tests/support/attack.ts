import { createApp } from '../../src/server/app';
import type { RateLimiter } from '../../src/server/platform/rate-limit';
import type { TestServer } from './server';

/** A route of the app as Hono lists it: "METHOD /api/v1/path/:param". */
export interface AppRoute {
  method: string;
  path: string;
}

/**
 * Every handler the app serves, read from the app itself (Hono's app.routes), so a route
 * added tomorrow is attacked without editing the tests. `ALL` entries are middleware.
 */
export function appRoutes(app: TestServer['app']): AppRoute[] {
  const seen = new Map<string, AppRoute>();
  for (const { method, path } of app.routes) {
    if (method === 'ALL' || path.endsWith('*')) continue;
    seen.set(`${method} ${path}`, { method, path });
  }
  return [...seen.values()];
}

/** The app over the test server's database with no rate limits, so attacks reach the handlers. */
export function appWithoutRateLimits(server: TestServer) {
  const unlimited: RateLimiter = {
    hit: async () => ({ allowed: true, retryAfterSeconds: 0 }),
    hitMany: async (hits) => hits.map(() => ({ allowed: true, retryAfterSeconds: 0 })),
    count: async () => 0,
    release: async () => undefined,
    reset: async () => undefined,
    stop: () => undefined,
  };
  return createApp({ ...server.deps, rateLimiter: unlimited });
}

/** Whether a body is the one JSON error shape: { message, code, fieldErrors? }. */
export function isErrorShape(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const { message, code, fieldErrors, ...rest } = body as Record<string, unknown>;
  if (typeof message !== 'string' || message === '' || typeof code !== 'string' || Object.keys(rest).length > 0) return false;
  if (fieldErrors === undefined) return true;
  return typeof fieldErrors === 'object' && fieldErrors !== null && Object.values(fieldErrors).every((v) => typeof v === 'string');
}
