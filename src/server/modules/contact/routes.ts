import { Hono } from 'hono';
import {
  CONTACT_RATE_LIMIT,
  CONTACT_RATE_LIMITED_MESSAGE,
  CONTACT_RATE_WINDOW_MS,
  contactSchema,
} from '../../../shared/schemas/contact';
import { dbOf, type AppEnv, type Deps } from '../../http/context';
import { readerLocale } from '../../http/error-language';
import { spendAllowance, type RateRule } from '../../http/rate-limit';
import { parseBody } from '../../http/validate';
import { isVerifiedSender, notifyContactMessage, saveContactMessage } from './service';

/** Per address (the existing allowance) and per sender: the signed-in user, or the e-mail given. */
const CONTACT_RATE: RateRule = {
  name: 'contact',
  windowMs: CONTACT_RATE_WINDOW_MS,
  perIp: CONTACT_RATE_LIMIT,
  perAccount: CONTACT_RATE_LIMIT,
  message: CONTACT_RATE_LIMITED_MESSAGE,
};

export function contactRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  app.post('/contact', async (c) => {
    const input = await parseBody(c, contactSchema);
    // Counted after validation: a typo the form missed should not use up a real sender's allowance.
    await spendAllowance(c, deps.rateLimiter, CONTACT_RATE, c.get('user')?.id ?? input.email);
    const db = dbOf(c, deps);
    const userId = c.get('user')?.id;
    const receipt = await saveContactMessage(db, input, userId);
    await notifyContactMessage(db, receipt, input, await isVerifiedSender(db, userId, input.email), await readerLocale(c, db));
    return c.json({ data: receipt }, 201);
  });

  return app;
}
