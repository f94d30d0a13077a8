import { CART_MESSAGES } from '../../../shared/schemas/cart';
import { conflict } from '../../http/errors';
import type { Db } from '../../platform/db';

/**
 * Nobody buys their own listing: a seller's purchase from itself moves no goods, only the
 * public price index (issue 37, docs/security.md). The one rule, for the cart, the app's
 * checkout and USSD (both through placeOrder, whose lines carry their seller: no extra read).
 * A seller may buy other sellers' goods.
 */
export function refuseOwnLines(buyerId: number, lines: readonly { seller_id: number }[]): void {
  if (lines.some((line) => line.seller_id === buyerId)) throw conflict(CART_MESSAGES.ownListing);
}

/** The cart's add: the product's seller read for the rule above. */
export async function refuseOwnListing(db: Db, buyerId: number, productId: number): Promise<void> {
  const product = await db.selectFrom('products').select('seller_id').where('id', '=', productId).executeTakeFirst();
  if (product) refuseOwnLines(buyerId, [product]);
}
