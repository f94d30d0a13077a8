import * as v from 'valibot';
import { CHECKOUT_MESSAGES, checkoutDefaultsSchema, checkoutRequestSchema, checkoutStartedSchema, confirmPaymentSchema, paymentOutcomeSchema } from '../schemas/checkout';
import { quoteQuerySchema, quoteSchema } from '../schemas/transport';
import { dataOf, idParam, route } from './route';

/**
 * Checkout: the form's defaults, placing the order (which starts its mobile-money payment),
 * and asking the provider how that payment went. Every write is idempotent by its key.
 */
export const CHECKOUT_ROUTES = [
  route({ method: 'GET', path: '/shop/checkout/defaults', summary: 'Last delivery choices, to fill the checkout form', tag: 'shop', auth: 'user', answer: dataOf(checkoutDefaultsSchema) }),
  route({ method: 'POST', path: '/shop/checkout', summary: 'Place an order from the cart and start its payment', tag: 'shop', auth: 'user', body: checkoutRequestSchema, answer: dataOf(checkoutStartedSchema) }),
  /**
   * PAID: 200 with the outcome; still waiting for the customer: 202 with it (poll again);
   * declined 402, wrong amount 409. With `retry: true` it is "pay again": 201 with the new attempt.
   */
  route({
    method: 'POST',
    path: '/shop/checkout/:checkoutId/payment',
    summary: 'Confirm a checkout’s payment with the provider',
    tag: 'shop',
    auth: 'user',
    params: { checkoutId: idParam(CHECKOUT_MESSAGES.checkoutNotFound) },
    body: confirmPaymentSchema,
    answer: dataOf(v.union([paymentOutcomeSchema, checkoutStartedSchema])),
  }),
  /** Issue 40 (docs/transport.md): the cart's consignments to this pickup warehouse, their fees, and the total POST /shop/checkout would charge now. */
  route({ method: 'GET', path: '/shop/checkout/quote', summary: 'Transport fees and the total for the cart to a pickup warehouse', tag: 'shop', auth: 'user', query: quoteQuerySchema, answer: dataOf(quoteSchema) }),
] as const;
