import type { Review } from '../../../shared/schemas/catalogue';
import { REVIEW_ALREADY_WRITTEN, REVIEW_NOT_ALLOWED, type ReviewInput } from '../../../shared/schemas/reviews';
import { conflict, forbidden, notFound } from '../../http/errors';
import { now, type Db } from '../../platform/db';
import { nextCatalogueVersion } from '../../platform/db/catalogue-versions';

/**
 * A buyer reviews a product once, after an order containing it was delivered. The review
 * changes the product's rating, so the product takes a new catalogue version and every
 * phone's mirror picks up the new average on its next pull.
 */
export async function createReview(db: Db, userId: number, input: ReviewInput): Promise<Review> {
  return inTransaction(db, async (trx) => {
    const product = await trx.selectFrom('products').select('id').where('id', '=', input.productId).executeTakeFirst();
    if (!product) throw notFound('Product Not Found');

    const existing = await trx
      .selectFrom('reviews')
      .select('id')
      .where('user_id', '=', userId)
      .where('product_id', '=', input.productId)
      .executeTakeFirst();
    if (existing) throw conflict(REVIEW_ALREADY_WRITTEN);

    const delivered = await trx
      .selectFrom('orders')
      .innerJoin('order_items', 'order_items.order_id', 'orders.id')
      .select('orders.id')
      .where('orders.user_id', '=', userId)
      .where('orders.status', '=', 'DELIVERED')
      .where('order_items.product_id', '=', input.productId)
      .executeTakeFirst();
    if (!delivered) throw forbidden(REVIEW_NOT_ALLOWED);

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

/** Runs fn in the caller's transaction if there is one, else in a new one. */
function inTransaction<T>(db: Db, fn: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
