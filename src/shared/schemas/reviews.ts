import * as v from 'valibot';

export const REVIEW_MESSAGES = {
  rating: 'Please select a rating',
  comment: 'Please write a review',
  commentTooLong: 'A review can be at most 2000 characters',
  product: 'Please choose a product to review',
  tooMany: 'You have sent many reviews. Please try again later.',
} as const;

export const REVIEW_COMMENT_MAX = 2000;

/**
 * POST /reviews and the Write a Review form. The comment is trimmed before it is checked,
 * so a review of only spaces is refused with the spec's message.
 */
export const reviewInputSchema = v.object({
  productId: v.optional(
    v.pipe(v.number(REVIEW_MESSAGES.product), v.integer(REVIEW_MESSAGES.product), v.minValue(1, REVIEW_MESSAGES.product)),
    0,
  ),
  // A missing rating is the form's "no star chosen" (0): the same message either way.
  rating: v.optional(
    v.pipe(
      v.number(REVIEW_MESSAGES.rating),
      v.integer(REVIEW_MESSAGES.rating),
      v.minValue(1, REVIEW_MESSAGES.rating),
      v.maxValue(5, REVIEW_MESSAGES.rating),
    ),
    0,
  ),
  comment: v.optional(
    v.pipe(
      v.string(REVIEW_MESSAGES.comment),
      v.trim(),
      v.nonEmpty(REVIEW_MESSAGES.comment),
      v.maxLength(REVIEW_COMMENT_MAX, REVIEW_MESSAGES.commentTooLong),
    ),
    '',
  ),
});
export type ReviewInput = v.InferOutput<typeof reviewInputSchema>;

export const REVIEW_NOT_ALLOWED = 'You can review a product only after an order with it has been delivered to you.';
export const REVIEW_ALREADY_WRITTEN = 'You have already reviewed this product.';
