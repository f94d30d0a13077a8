import { Hono } from 'hono';
import { REVIEW_MESSAGES, reviewInputSchema } from '../../../shared/schemas/reviews';
import { currentUser, requireUser } from '../../http/auth';
import { dbOf, type AppEnv, type Deps } from '../../http/context';
import { parseBody } from '../../http/validate';
import { rateLimit, type RateRule } from '../../http/rate-limit';
import { createReview } from './service';

const REVIEW_RATE: RateRule = { name: 'review', windowMs: 3600_000, perIp: 60, perAccount: 20, message: REVIEW_MESSAGES.tooMany };

export function reviewsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();

  // Any signed-in user may ask; the service decides (delivered order, one review each).
  app.post('/reviews', requireUser(), rateLimit(deps.rateLimiter, REVIEW_RATE), async (c) => {
    const input = await parseBody(c, reviewInputSchema);
    const review = await createReview(dbOf(c, deps), currentUser(c).id, input);
    return c.json({ data: review }, 201);
  });

  return app;
}
