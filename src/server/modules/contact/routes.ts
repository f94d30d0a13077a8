import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  CONTACT_RATE_LIMIT,
  CONTACT_RATE_LIMITED_MESSAGE,
  CONTACT_RATE_WINDOW_MS,
  contactSchema,
} from '../../../shared/schemas/contact';
import { dbOf, type AppEnv, type Deps } from '../../http/context';
import { HttpError } from '../../http/errors';
import { parseBody } from '../../http/validate';
import { notifyContactMessage, saveContactMessage } from './service';

/**
 * The socket's address. X-Forwarded-For is not trusted: anyone could send a new one with each
 * request to dodge the limit. (In-process test requests have no socket: they share one key.)
 */
function clientAddress(c: Context<AppEnv>): string {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}

export function contactRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.post('/contact', async (c) => {
    const input = await parseBody(c, contactSchema);
    // Counted after validation: a typo the form missed should not use up a real sender's allowance.
    const limit = deps.rateLimiter.hit(`contact:${clientAddress(c)}`, CONTACT_RATE_LIMIT, CONTACT_RATE_WINDOW_MS);
    if (!limit.allowed) {
      c.header('Retry-After', String(limit.retryAfterSeconds));
      throw new HttpError(429, CONTACT_RATE_LIMITED_MESSAGE);
    }
    const receipt = await saveContactMessage(dbOf(c, deps), input, c.get('user')?.id);
    await notifyContactMessage(deps.mailer, deps.logger, receipt, input);
    return c.json({ data: receipt }, 201);
  });

  return app;
}
