import * as v from 'valibot';
import { fromMinor } from '../money';
import { lineTaxMinor } from '../vat';

/** The most of one product a cart may hold; stock is the real limit, this only bounds input. */
export const MAX_CART_QUANTITY = 9_999;

const quantityMessage = `Quantity must be a whole number from 1 to ${MAX_CART_QUANTITY}`;
const quantity = (min: number, message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(MAX_CART_QUANTITY, message));

/**
 * POST /shop/cart: SET the quantity of one product (an idempotent intent, never "+1").
 * Quantity 0 takes the product out of the cart, so "remove" works before the phone knows
 * the server's item id (offline).
 */
export const setCartItemSchema = v.object({
  productId: v.pipe(v.number('Choose a product'), v.integer('Choose a product'), v.minValue(1, 'Choose a product')),
  quantity: quantity(0, `Quantity must be a whole number from 0 to ${MAX_CART_QUANTITY}`),
});

/** PATCH /shop/cart/items/{id}. Below 1 is refused: removing is its own call. */
export const updateCartItemSchema = v.object({ quantity: quantity(1, quantityMessage) });

export const cartItemSchema = v.object({
  /** Server cart item id. */
  id: v.number(),
  productId: v.number(),
  name: v.string(),
  imageUrl: v.nullable(v.string()),
  category: v.string(),
  /** Current unit price, cedis: what checkout charges. */
  price: v.number(),
  /** The listing's offer, as its card shows it (both or neither; shared/discount.ts). */
  oldPrice: v.nullable(v.number()),
  discountPercentage: v.nullable(v.number()),
  quantity: v.number(),
  /** price × quantity, cedis. */
  subtotal: v.number(),
  stockQuantity: v.number(),
  isActive: v.boolean(),
});
export type CartItem = v.InferOutput<typeof cartItemSchema>;

export const cartSummarySchema = v.object({
  /** Sum of quantities. */
  itemCount: v.number(),
  subtotal: v.number(),
  tax: v.number(),
  shipping: v.number(),
  total: v.number(),
});
export type CartSummary = v.InferOutput<typeof cartSummarySchema>;

export const cartSchema = v.object({ items: v.array(cartItemSchema), summary: cartSummarySchema });
export type Cart = v.InferOutput<typeof cartSchema>;

/** Shipping is fixed at 0 (buyers collect from a warehouse). */
export const SHIPPING_MINOR = 0;

/**
 * The one way a cart is totalled, in pesewas: the server's answer, and the phone's offline
 * estimate from the same lines, agree to the pesewa.
 */
export function summarizeCart(lines: { priceMinor: number; quantity: number; category?: string }[]): CartSummary {
  let itemCount = 0;
  let subtotalMinor = 0;
  let taxMinor = 0;
  for (const line of lines) {
    const lineMinor = line.priceMinor * line.quantity;
    itemCount += line.quantity;
    subtotalMinor += lineMinor;
    taxMinor += lineTaxMinor(lineMinor, line.category);
  }
  return {
    itemCount,
    subtotal: fromMinor(subtotalMinor),
    tax: fromMinor(taxMinor),
    shipping: fromMinor(SHIPPING_MINOR),
    total: fromMinor(subtotalMinor + taxMinor + SHIPPING_MINOR),
  };
}

/** "Only 3 left in stock" and friends: the server's words, also shown by the phone. */
export const CART_MESSAGES = {
  unavailable: 'This product is no longer available',
  outOfStock: 'This product is out of stock',
  ownListing: 'This is your own listing: you cannot buy it. Buy from other sellers with this account as you like.',
  onlyLeft: (n: number) => `Only ${n} left in stock`,
  itemNotFound: 'Cart item not found',
  productNotFound: 'Product Not Found',
  signInToAdd: 'Please sign in to add items to your cart',
} as const;
