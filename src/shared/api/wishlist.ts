import * as v from 'valibot';
import { CART_MESSAGES } from '../schemas/cart';
import { productSchema } from '../schemas/catalogue';
import { dataOf, idParam, route } from './route';

/**
 * The signed-in user's saved items. PUT and DELETE are idempotent "make it so" intents, so the
 * phone's outbox can resend them freely; each answers with the whole list as it now is.
 */
const saved = dataOf(v.array(productSchema));
const productId = { productId: idParam(CART_MESSAGES.productNotFound) };

export const WISHLIST_ROUTES = [
  route({ method: 'GET', path: '/shop/customers/me/wishlist', summary: 'The wishlist', tag: 'shop', auth: 'user', answer: saved }),
  route({ method: 'PUT', path: '/shop/customers/me/wishlist/:productId', summary: 'Keep a product on the wishlist', tag: 'shop', auth: 'user', params: productId, answer: saved }),
  route({ method: 'DELETE', path: '/shop/customers/me/wishlist/:productId', summary: 'Take a product off the wishlist', tag: 'shop', auth: 'user', params: productId, answer: saved }),
] as const;
