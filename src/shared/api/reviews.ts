import { reviewSchema } from '../schemas/catalogue';
import { reviewInputSchema } from '../schemas/reviews';
import { dataOf, route } from './route';

/** A buyer's review of a product delivered to them (201 with the review). */
export const REVIEW_ROUTES = [
  route({ method: 'POST', path: '/reviews', summary: 'Review a product bought', tag: 'catalogue', auth: 'user', body: reviewInputSchema, answer: dataOf(reviewSchema) }),
] as const;
