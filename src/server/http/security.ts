import type { Context, MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { cors } from 'hono/cors';
import { createMiddleware } from 'hono/factory';
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

/** The CSP above as its header value: kebab-case directives, their sources, "; " between. */
function cspValue(config: Pick<Config, 'paystack'>): string {
  return Object.entries(contentSecurityPolicy(config))
    .map(([directive, sources]) => [directive.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`), ...sources].join(' '))
    .join('; ');
}

/** Every response's security headers, computed once; HSTS only where the public address is https. */
export function securityHeaderValues(config: Pick<Config, 'paystack' | 'publicUrl'>): Record<string, string> {
  return {
    'Content-Security-Policy': cspValue(config),
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Origin-Agent-Cluster': '?1',
    // Sellers photograph their produce with the camera; nothing else is used.
    'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(), payment=(), usb=()',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(config.publicUrl.startsWith('https://') ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
    'X-Content-Type-Options': 'nosniff',
    'X-DNS-Prefetch-Control': 'off',
    'X-Download-Options': 'noopen',
    'X-Frame-Options': 'DENY',
    'X-Permitted-Cross-Domain-Policies': 'none',
    'X-XSS-Protection': '0',
  };
}

/**
 * Responses built whole by completeResponse. Adding a header to a response afterwards turns
 * the Node adapter's light response into a full Fetch one (a Headers object, every name
 * validated), which cost the hottest reads over a third of their throughput (issue 11).
 */
const complete = new WeakSet<Response>();

/** A response with every header in place (the security headers included) and its body already encoded. */
export function completeResponse(body: ConstructorParameters<typeof Response>[0], status: number, headers: Record<string, string>): Response {
  const res = new Response(body, { status, headers });
  complete.add(res);
  return res;
}

/**
 * What a file a page loads (a script, a style sheet, a picture) carries of them. The others
 * are policies of a document (or a worker): a browser ignores them on a subresource, and at
 * about 700 bytes a response they were a tenth of a first visit's bytes on a slow line
 * (docs/performance.md, "The first visit"). A script stays nosniff and same-origin only.
 */
const FILE_HEADERS = new Set(['X-Content-Type-Options', 'Cross-Origin-Resource-Policy', 'Strict-Transport-Security']);

/** Marks the answer as a file a page loads, not a document: it gets FILE_HEADERS only. */
export function answeringWithFile(c: Context<AppEnv>): void {
  c.set('answeringWithFile', true);
}

/** Security headers (securityHeaderValues) on every response; those built by completeResponse have them already. */
export function securityHeaders(values: Record<string, string>): MiddlewareHandler<AppEnv> {
  const entries = Object.entries(values);
  const fileEntries = entries.filter(([name]) => FILE_HEADERS.has(name));
  return async (c, next) => {
    c.set('securityHeaders', values);
    await next();
    if (complete.has(c.res)) return;
    for (const [name, value] of c.get('answeringWithFile') ? fileEntries : entries) c.res.headers.set(name, value);
  };
}

/** gzip or deflate for what handlers send as is; complete responses are encoded already. */
export function compressUnlessComplete(): MiddlewareHandler {
  const encode = compress();
  return async (c, next) => {
    await next();
    if (!complete.has(c.res)) await encode(c, async () => undefined);
  };
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
