import { REVIEW_ROUTES } from '../../../shared/api/reviews';
import { REVIEW_MESSAGES } from '../../../shared/schemas/reviews';
import type { Deps } from '../../http/context';
import { created, implement } from '../../http/declared';
import { rateLimit, type RateRule } from '../../http/rate-limit';
import { createReview } from './service';

const REVIEW_RATE: RateRule = { name: 'review', windowMs: 3600_000, perIp: 60, perAccount: 20, message: REVIEW_MESSAGES.tooMany };

const [create] = REVIEW_ROUTES;

export function reviewsRoutes(deps: Deps) {
  return [
    // Any signed-in user may ask; the service decides (delivered order, one review each).
    implement(create, async ({ user, body }) => created({ data: await createReview(deps.db, user.id, body) }), { before: [rateLimit(deps.rateLimiter, REVIEW_RATE)] }),
  ];
}
