import type { Product } from '../../../shared/schemas/catalogue';

/**
 * The catalogue's one way into the cart (src/local/cart.ts). Loaded on first use so the
 * catalogue pages do not carry the cart code until someone adds something.
 */
export async function addProductToCart(product: Product): Promise<void> {
  const { addToCart } = await import('../../../local/cart');
  await addToCart(product, 1);
}

/** Whether a cart refusal means "sign in first" (the cart throws CartError('signin')). */
export function needsSignIn(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { reason?: string }).reason === 'signin';
}
