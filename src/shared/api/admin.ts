import * as v from 'valibot';
import { auditEntrySchema, auditQuerySchema } from '../schemas/audit';
import { adminSellerSchema, adminSellersQuerySchema, sellerVerificationDecisionSchema, sellerVerificationSchema } from '../schemas/sellers';
import { dataOf, idParam, pageOf, route } from './route';

/**
 * The operator's (ADMIN) desk: sellers and their verification, and the audit log.
 * (The review queue is declared with the submissions, the console's phone with USSD.)
 */
export const ADMIN_ROUTES = [
  route({ method: 'GET', path: '/admin/sellers', summary: 'Sellers and their verification', tag: 'admin', auth: 'admin', query: adminSellersQuerySchema, answer: dataOf(v.array(adminSellerSchema)) }),
  route({ method: 'POST', path: '/admin/sellers/:userId/verification', summary: 'Verify or refuse a seller', tag: 'admin', auth: 'admin', params: { userId: idParam('Seller profile not found') }, body: sellerVerificationDecisionSchema, answer: dataOf(sellerVerificationSchema) }),
  route({ method: 'GET', path: '/admin/audit', summary: 'The audit log', tag: 'admin', auth: 'admin', query: auditQuerySchema, answer: pageOf(auditEntrySchema) }),
] as const;
