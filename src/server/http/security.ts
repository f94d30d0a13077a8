import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { createMiddleware } from 'hono/factory';
import { secureHeaders } from 'hono/secure-headers';
import type { Config } from '../config';
import type { AppEnv } from './context';
import { forbidden } from './errors';

/**
 * The Content-Security-Policy of the app and the API. The phone keeps its tokens in IndexedDB
 * (the service worker sends the outbox with them), so an injected script would be an account
 * takeover: only our own files may run, with no inline script and no eval. Styles may be
 * inline (React style attributes and the inlined critical CSS).
 */
export function contentSecurityPolicy(config: Pick<Config, 'paystack'>) {
  const paymentOrigin = config.paystack ? [new URL(config.paystack.baseUrl).origin] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'", ...paymentOrigin],
    fontSrc: ["'self'"],
    workerSrc: ["'self'"],
    manifestSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  };
}

/** Security headers on every response; HSTS only where the public address is https. */
export function securityHeaders(config: Pick<Config, 'paystack' | 'publicUrl'>): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: contentSecurityPolicy(config),
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    strictTransportSecurity: config.publicUrl.startsWith('https://') ? 'max-age=31536000; includeSubDomains' : false,
    // Sellers photograph their produce with the camera; nothing else is used.
    permissionsPolicy: { camera: ['self'], microphone: [], geolocation: [], payment: [], usb: [] },
  });
}

/**
 * CORS: the app and its API share one origin, so no other origin is allowed unless
 * CORS_ORIGINS lists it. A browser request from any other origin is refused outright (403),
 * not only left without CORS headers, so a simple cross-site POST never reaches a handler.
 */
export function sameOriginOnly(config: Pick<Config, 'publicUrl' | 'corsOrigins'>): MiddlewareHandler<AppEnv> {
  const allowed = new Set(config.corsOrigins);
  const publicOrigin = new URL(config.publicUrl).origin;
  const sameOrigin = (origin: string, host: string | undefined) => {
    if (origin === publicOrigin) return true;
    try {
      return new URL(origin).host === host;
    } catch {
      return false;
    }
  };
  const crossOrigin = cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    exposeHeaders: ['Retry-After', 'ETag'],
    maxAge: 600,
  });
  return createMiddleware<AppEnv>(async (c, next) => {
    const origin = c.req.header('origin');
    if (!origin || sameOrigin(origin, c.req.header('host'))) return next();
    if (!allowed.has(origin)) throw forbidden('Requests from other sites are not allowed.');
    return crossOrigin(c, next);
  });
}
