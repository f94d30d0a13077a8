import * as v from 'valibot';
import { CART_MESSAGES, cartSchema, setCartItemSchema, updateCartItemSchema } from '../schemas/cart';
import { dataOf, idParam, route } from './route';

/**
 * The signed-in user's own cart (any role may keep one). Every change answers with the whole
 * cart as it now is, so the phone can show server truth without a second call.
 */
const cart = dataOf(cartSchema);
const itemId = { id: idParam(CART_MESSAGES.itemNotFound) };

export const CART_ROUTES = [
  route({ method: 'GET', path: '/shop/cart', summary: 'The cart', tag: 'shop', auth: 'user', answer: cart }),
  route({ method: 'POST', path: '/shop/cart', summary: 'Put a product in the cart (or set its quantity)', tag: 'shop', auth: 'user', body: setCartItemSchema, answer: cart }),
  route({ method: 'PATCH', path: '/shop/cart/items/:id', summary: 'Change a cart line’s quantity', tag: 'shop', auth: 'user', params: itemId, body: updateCartItemSchema, answer: cart }),
  route({ method: 'DELETE', path: '/shop/cart/items/:id', summary: 'Remove a cart line', tag: 'shop', auth: 'user', params: itemId, answer: cart }),
  route({ method: 'DELETE', path: '/shop/cart', summary: 'Empty the cart', tag: 'shop', auth: 'user', answer: cart }),
] as const;

export type CartAnswer = v.InferOutput<typeof cart>;
