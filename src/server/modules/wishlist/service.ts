import { CART_MESSAGES } from '../../../shared/schemas/cart';
import type { Product } from '../../../shared/schemas/catalogue';
import { notFound } from '../../http/errors';
import { now, type Db } from '../../platform/db';
import { toProducts } from '../catalogue';

/** The same sentence as the cart's (one catalogue line). */
export const PRODUCT_NOT_FOUND = CART_MESSAGES.productNotFound;
/** Every answer has a bounded size; nobody keeps more saved items than this in view. */
export const WISHLIST_SHOWN = 500;

/** The user's saved products, newest save first. Delisted products drop out, as they do from the shelves. */
export async function listWishlist(db: Db, userId: number): Promise<Product[]> {
  const rows = await db
    .selectFrom('wishlist_items')
    .innerJoin('products', 'products.id', 'wishlist_items.product_id')
    .selectAll('products')
    .where('wishlist_items.user_id', '=', userId)
    .where('products.is_active', '=', 1)
    .orderBy('wishlist_items.created_at', 'desc')
    .orderBy('wishlist_items.id', 'desc')
    .limit(WISHLIST_SHOWN)
    .execute();
  return toProducts(db, rows);
}

/** Saves a product; saving it again changes nothing. Only listed products can be saved. */
export async function saveItem(db: Db, userId: number, productId: number): Promise<void> {
  const product = await db.selectFrom('products').select('id').where('id', '=', productId).where('is_active', '=', 1).executeTakeFirst();
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  await db
    .insertInto('wishlist_items')
    .values({ user_id: userId, product_id: productId, created_at: now() })
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doNothing())
    .execute();
}

/** Forgets a saved product; removing one that is not saved is not an error (the intent is met). */
export async function removeItem(db: Db, userId: number, productId: number): Promise<void> {
  await db.deleteFrom('wishlist_items').where('user_id', '=', userId).where('product_id', '=', productId).execute();
}
