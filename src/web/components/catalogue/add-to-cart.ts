import type { Product } from '../../../shared/schemas/catalogue';

/**
 * The catalogue's one way into the cart (src/local/cart.ts). Loaded on first use so the
 * catalogue pages do not carry the cart code until someone adds something.
 */
export async function addProductToCart(product: Product): Promise<void> {
  const { addToCart } = await import('../../../local/cart');
  await addToCart(product, 1);
}

/**
 * The product a visitor pressed Add on before signing in, read again on the way back (its
 * stock may have moved): the server's copy, else the phone's.
 */
export async function productToFinishAdding(id: number): Promise<Product | undefined> {
  const [{ fetchProductDetail, cachedProductDetail }, { api }] = await Promise.all([import('../../../local/catalogue-detail'), import('../../lib/api')]);
  return fetchProductDetail(api, id).catch(() => cachedProductDetail(id));
}

/** Whether a cart refusal means "sign in first" (the cart throws CartError('signin')). */
export function needsSignIn(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { reason?: string }).reason === 'signin';
}
