import * as v from 'valibot';
import {
  resendVerificationSchema,
  sellerOrderSchema,
  sellerOrdersQuerySchema,
  sellerProfileSchema,
  sellerProfileUpdateSchema,
  sellerRegisteredSchema,
  sellerRegistrationSchema,
  sellerStatsSchema,
  verificationResentSchema,
  verifyEmailSchema,
} from '../schemas/sellers';
import { publicRecordSchema, recordCodeParam, salesRecordSchema, sharedRecordSchema } from '../schemas/sales-record';
import { dataOf, idParam, pageOf, route } from './route';

/**
 * Sellers: registration and its e-mail link (public, rate limited), the seller's own profile,
 * figures and orders, and "this line is at the warehouse" (a set-to intent the outbox may resend;
 * any seller may ask, and another seller's line is not found).
 */
const line = { orderId: idParam('Order line not found'), itemId: idParam('Order line not found') };
const order = dataOf(sellerOrderSchema);

export const SELLERS_ROUTES = [
  route({ method: 'POST', path: '/sellers/register', summary: 'Register as a seller', tag: 'sellers', auth: 'none', body: sellerRegistrationSchema, answer: dataOf(sellerRegisteredSchema) }),
  route({ method: 'POST', path: '/sellers/verify-email', summary: 'Confirm a seller’s e-mail', tag: 'sellers', auth: 'none', body: verifyEmailSchema, answer: dataOf(sellerRegisteredSchema) }),
  route({ method: 'POST', path: '/sellers/resend-verification', summary: 'Send the seller’s confirmation again', tag: 'sellers', auth: 'none', body: resendVerificationSchema, answer: dataOf(verificationResentSchema) }),
  route({ method: 'GET', path: '/sellers/me', summary: 'The seller’s profile', tag: 'sellers', auth: 'seller', answer: dataOf(sellerProfileSchema) }),
  route({ method: 'PUT', path: '/sellers/me', summary: 'Change the seller’s profile', tag: 'sellers', auth: 'seller', body: sellerProfileUpdateSchema, answer: v.object({ data: sellerProfileSchema, message: v.string() }) }),
  route({ method: 'GET', path: '/sellers/me/stats', summary: 'The seller’s sales figures', tag: 'sellers', auth: 'seller', answer: dataOf(sellerStatsSchema) }),
  route({ method: 'GET', path: '/sellers/me/orders', summary: 'Orders for the seller’s products', tag: 'sellers', auth: 'seller', query: sellerOrdersQuerySchema, answer: pageOf(sellerOrderSchema) }),
  route({ method: 'PUT', path: '/sellers/me/orders/:orderId/items/:itemId/at-warehouse', summary: 'Say an order line is at the warehouse', tag: 'sellers', auth: 'seller', params: line, answer: order }),
  route({ method: 'DELETE', path: '/sellers/me/orders/:orderId/items/:itemId/at-warehouse', summary: 'Take back “at the warehouse”', tag: 'sellers', auth: 'seller', params: line, answer: order }),
  // The sales record a farmer owns (issue 41 item 5, docs/records.md): read, shared signed, withdrawn; read by a lender with no account.
  route({ method: 'GET', path: '/sellers/me/record', summary: 'The seller’s sales record (24 months collected)', tag: 'sellers', auth: 'seller', answer: dataOf(salesRecordSchema) }),
  route({ method: 'GET', path: '/sellers/me/record/shares', summary: 'The sales records the seller shared', tag: 'sellers', auth: 'seller', answer: dataOf(v.array(sharedRecordSchema)) }),
  route({ method: 'POST', path: '/sellers/me/record/share', summary: 'Share the sales record, signed', tag: 'sellers', auth: 'seller', answer: dataOf(sharedRecordSchema) }),
  route({ method: 'DELETE', path: '/sellers/me/record/share/:code', summary: 'Withdraw a shared sales record', tag: 'sellers', auth: 'seller', params: { code: recordCodeParam }, answer: v.object({ message: v.string() }) }),
  route({ method: 'GET', path: '/records/:code', summary: 'A shared sales record, signed (for a lender)', tag: 'sellers', auth: 'none', params: { code: recordCodeParam }, answer: dataOf(publicRecordSchema) }),
] as const;
