import { CART_MESSAGES } from '../../../shared/schemas/cart';
import type { Review } from '../../../shared/schemas/catalogue';
import { REVIEW_ALREADY_WRITTEN, REVIEW_NOT_ALLOWED, type ReviewInput } from '../../../shared/schemas/reviews';
import { conflict, forbidden, notFound } from '../../http/errors';
import { now, type Db } from '../../platform/db';
import { nextCatalogueVersion } from '../../platform/db/catalogue-versions';
import { inTransaction, isUniqueViolation } from '../../platform/db/transactions';

export type ReviewEligibility = 'allowed' | 'already-written' | 'not-delivered';

/**
 * The one rule of who may review: a buyer, once per product, after an order containing it was
 * delivered. The product page asks it (canReview) and createReview enforces it.
 */
export async function reviewEligibility(db: Db, userId: number, productId: number): Promise<ReviewEligibility> {
  const [existing, delivered] = await Promise.all([
    db.selectFrom('reviews').select('id').where('user_id', '=', userId).where('product_id', '=', productId).executeTakeFirst(),
    db
      .selectFrom('orders')
      .innerJoin('order_items', 'order_items.order_id', 'orders.id')
      .select('orders.id')
      .where('orders.user_id', '=', userId)
      .where('orders.status', '=', 'DELIVERED')
      .where('order_items.product_id', '=', productId)
      .executeTakeFirst(),
  ]);
  if (existing) return 'already-written';
  return delivered ? 'allowed' : 'not-delivered';
}

/**
 * A buyer reviews a product once, after an order containing it was delivered. The review
 * changes the product's rating, so the product takes a new catalogue version and every
 * phone's mirror picks up the new average on its next pull.
 */
export async function createReview(db: Db, userId: number, input: ReviewInput): Promise<Review> {
  return inTransaction(db, async (trx) => {
    const product = await trx.selectFrom('products').select('id').where('id', '=', input.productId).executeTakeFirst();
    if (!product) throw notFound(CART_MESSAGES.productNotFound);

    const eligibility = await reviewEligibility(trx, userId, input.productId);
    if (eligibility === 'already-written') throw conflict(REVIEW_ALREADY_WRITTEN);
    if (eligibility === 'not-delivered') throw forbidden(REVIEW_NOT_ALLOWED);

    const createdAt = now();
    const { id } = await trx
      .insertInto('reviews')
      .values({ product_id: input.productId, user_id: userId, rating: input.rating, comment: input.comment, created_at: createdAt })
      .returning('id')
      .executeTakeFirstOrThrow()
      .catch((error: unknown) => {
        // Two submissions at once: the unique (product, user) constraint lets only one in.
        if (isUniqueViolation(error)) throw conflict(REVIEW_ALREADY_WRITTEN);
        throw error;
      });
    await trx
      .updateTable('products')
      .set({ version: await nextCatalogueVersion(trx) })
      .where('id', '=', input.productId)
      .execute();
    const user = await trx.selectFrom('users').select(['first_name', 'last_name']).where('id', '=', userId).executeTakeFirstOrThrow();
    return {
      id,
      productId: input.productId,
      rating: input.rating,
      comment: input.comment,
      createdAt,
      reviewer: { firstName: user.first_name, lastName: user.last_name },
    };
  });
}
