import * as v from 'valibot';
import { auditEntrySchema, auditQuerySchema } from '../schemas/audit';
import { adminMessageSchema, adminMessagesQuerySchema } from '../schemas/notifications';
import { adminSellerSchema, adminSellersQuerySchema, sellerVerificationDecisionSchema, sellerVerificationSchema } from '../schemas/sellers';
import { dataOf, idParam, pageOf, route } from './route';

/**
 * The operator's (ADMIN) desk: sellers and their verification, the audit log, and the message
 * outbox. (The review queue is declared with the submissions, the console's phone with USSD.)
 */
export const ADMIN_ROUTES = [
  route({ method: 'GET', path: '/admin/sellers', summary: 'Sellers and their verification', tag: 'admin', auth: 'admin', query: adminSellersQuerySchema, answer: dataOf(v.array(adminSellerSchema)) }),
  route({ method: 'POST', path: '/admin/sellers/:userId/verification', summary: 'Verify or refuse a seller', tag: 'admin', auth: 'admin', params: { userId: idParam('Seller profile not found') }, body: sellerVerificationDecisionSchema, answer: dataOf(sellerVerificationSchema) }),
  route({ method: 'GET', path: '/admin/audit', summary: 'The audit log', tag: 'admin', auth: 'admin', query: auditQuerySchema, answer: pageOf(auditEntrySchema) }),
  route({ method: 'GET', path: '/admin/messages', summary: 'Outgoing messages (SMS, e-mail, push)', tag: 'admin', auth: 'admin', query: adminMessagesQuerySchema, answer: dataOf(v.array(adminMessageSchema)) }),
  route({ method: 'POST', path: '/admin/messages/:id/retry', summary: 'Send a failed message again', tag: 'admin', auth: 'admin', params: { id: idParam('Message not found') }, answer: dataOf(v.object({ id: v.number(), status: v.literal('QUEUED') })) }),
] as const;
