import { timingSafeEqual, createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../../shared/errors';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Callbacks from an SMS or USSD gateway carry our shared token as `?token=` (the gateways
 * cannot sign their requests). When a token is set, a request without it, or with another,
 * is refused with 401; compared in constant time (both sides hashed to one length first).
 * Unset (development), every request passes; config.ts requires it in production.
 */
export function requireGatewayToken(expected: string | undefined): MiddlewareHandler {
  const want = expected ? digest(expected) : undefined;
  return async (c, next) => {
    if (want) {
      const given = c.req.query('token');
      if (!given || !timingSafeEqual(digest(given), want)) {
        return c.json({ message: 'This callback needs the gateway token.', code: ERROR_CODES.unauthorized }, 401);
      }
    }
    await next();
  };
}
