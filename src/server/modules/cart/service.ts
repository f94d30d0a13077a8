import { fromMinor } from '../../../shared/money';
import { CART_MESSAGES, summarizeCart, type Cart, type CartItem } from '../../../shared/schemas/cart';
import { conflict, notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import { now } from '../../platform/db';
import { imageUrl } from '../../platform/images';
import { refuseOwnListing } from '../checkout';

/**
 * A user's server cart. Rows hold only (user, product, quantity): names, prices, stock and
 * tax are read from the catalogue on every answer, so the cart always shows current prices.
 * Every function takes the db to use, so a caller's transaction can include it.
 */
export async function readCart(db: Db, userId: number): Promise<Cart> {
  const rows = await db
    .selectFrom('cart_items')
    .innerJoin('products', 'products.id', 'cart_items.product_id')
    .select([
      'cart_items.id',
      'cart_items.product_id',
      'cart_items.quantity',
      'products.name',
      'products.price_minor',
      'products.old_price_minor',
      'products.discount_percentage',
      'products.category',
      'products.stock_quantity',
      'products.is_active',
    ])
    .where('cart_items.user_id', '=', userId)
    .orderBy('cart_items.id')
    .execute();
  const ids = rows.map((r) => r.product_id);
  const images = ids.length
    ? await db.selectFrom('product_images').select(['product_id', 'storage_key', 'position']).where('product_id', 'in', ids).orderBy('position').execute()
    : [];
  const firstImage = new Map<number, string>();
  for (const image of images) if (!firstImage.has(image.product_id)) firstImage.set(image.product_id, imageUrl(image.storage_key, 320));

  const items: CartItem[] = rows.map((r) => ({
    id: r.id,
    productId: r.product_id,
    name: r.name,
    imageUrl: firstImage.get(r.product_id) ?? null,
    category: r.category,
    price: fromMinor(r.price_minor),
    oldPrice: r.old_price_minor === null ? null : fromMinor(r.old_price_minor),
    discountPercentage: r.discount_percentage,
    quantity: r.quantity,
    subtotal: fromMinor(r.price_minor * r.quantity),
    stockQuantity: r.stock_quantity,
    isActive: r.is_active === 1,
  }));
  const summary = summarizeCart(rows.map((r) => ({ priceMinor: r.price_minor, quantity: r.quantity, category: r.category })));
  return { items, summary };
}

/** Refuses a quantity the product cannot supply, with words the shopper understands. */
async function checkAvailable(db: Db, productId: number, quantity: number): Promise<void> {
  const product = await db.selectFrom('products').select(['stock_quantity', 'is_active']).where('id', '=', productId).executeTakeFirst();
  if (!product) throw notFound(CART_MESSAGES.productNotFound);
  if (product.is_active !== 1) throw conflict(CART_MESSAGES.unavailable);
  if (product.stock_quantity < 1) throw conflict(CART_MESSAGES.outOfStock);
  if (quantity > product.stock_quantity) throw conflict(CART_MESSAGES.onlyLeft(product.stock_quantity));
}

/**
 * SET the quantity of a product in the cart (0 removes it). Setting, not adding, so a repeat
 * of the same intent changes nothing. Lowering or removing is always allowed.
 */
export async function setQuantity(db: Db, userId: number, productId: number, quantity: number): Promise<void> {
  if (quantity < 1) {
    await db.deleteFrom('cart_items').where('user_id', '=', userId).where('product_id', '=', productId).execute();
    return;
  }
  const current = await db
    .selectFrom('cart_items')
    .select('quantity')
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  await refuseOwnListing(db, userId, productId);
  if (!current || quantity > current.quantity) await checkAvailable(db, productId, quantity);
  else if (!(await db.selectFrom('products').select('id').where('id', '=', productId).executeTakeFirst())) throw notFound(CART_MESSAGES.productNotFound);
  const at = now();
  // One statement, so two first adds racing on PostgreSQL cannot both insert.
  await db
    .insertInto('cart_items')
    .values({ user_id: userId, product_id: productId, quantity, created_at: at, updated_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'product_id']).doUpdateSet({ quantity, updated_at: at }))
    .execute();
}

async function ownedItem(db: Db, userId: number, itemId: number) {
  const item = await db
    .selectFrom('cart_items')
    .select(['id', 'product_id', 'quantity'])
    .where('id', '=', itemId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  // Someone else's item is "not found", the same as one that never existed.
  if (!item) throw notFound(CART_MESSAGES.itemNotFound);
  return item;
}

export async function updateItem(db: Db, userId: number, itemId: number, quantity: number): Promise<void> {
  const item = await ownedItem(db, userId, itemId);
  if (quantity > item.quantity) await checkAvailable(db, item.product_id, quantity);
  await db.updateTable('cart_items').set({ quantity, updated_at: now() }).where('id', '=', item.id).execute();
}

export async function removeItem(db: Db, userId: number, itemId: number): Promise<void> {
  const item = await ownedItem(db, userId, itemId);
  await db.deleteFrom('cart_items').where('id', '=', item.id).execute();
}

export async function clearCart(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('cart_items').where('user_id', '=', userId).execute();
}
