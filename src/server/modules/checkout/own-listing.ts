import { CART_MESSAGES } from '../../../shared/schemas/cart';
import { conflict } from '../../http/errors';
import type { Db } from '../../platform/db';

/**
 * Nobody buys their own listing: a seller's purchase from itself moves no goods, only the
 * public price index (issue 37, docs/security.md). The one rule, for the cart, the app's
 * checkout and USSD (both through placeOrder). A seller may buy other sellers' goods.
 */
export async function refuseOwnListings(db: Db, buyerId: number, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  const own = await db.selectFrom('products').select('id').where('id', 'in', productIds).where('seller_id', '=', buyerId).executeTakeFirst();
  if (own) throw conflict(CART_MESSAGES.ownListing);
}
