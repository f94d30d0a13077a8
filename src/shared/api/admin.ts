import * as v from 'valibot';
import { auditEntrySchema, auditQuerySchema } from '../schemas/audit';
import { adminSellerSchema, adminSellersQuerySchema, sellerVerificationDecisionSchema, sellerVerificationSchema } from '../schemas/sellers';
import { staffAssignmentSchema, staffMemberSchema, TRANSPORT_MESSAGES } from '../schemas/transport';
import { dataOf, idParam, pageOf, route } from './route';

const warehouse = { id: idParam(TRANSPORT_MESSAGES.warehouseNotFound) };

/**
 * The operator's (ADMIN) desk: sellers and their verification, the audit log, and each warehouse's
 * staff (issue 40: WAREHOUSE accounts, one warehouse each).
 * (The review queue is declared with the submissions, the console's phone with USSD.)
 */
export const ADMIN_ROUTES = [
  route({ method: 'GET', path: '/admin/sellers', summary: 'Sellers and their verification', tag: 'admin', auth: 'admin', query: adminSellersQuerySchema, answer: dataOf(v.array(adminSellerSchema)) }),
  route({ method: 'POST', path: '/admin/sellers/:userId/verification', summary: 'Verify or refuse a seller', tag: 'admin', auth: 'admin', params: { userId: idParam('Seller profile not found') }, body: sellerVerificationDecisionSchema, answer: dataOf(sellerVerificationSchema) }),
  route({ method: 'GET', path: '/admin/audit', summary: 'The audit log', tag: 'admin', auth: 'admin', query: auditQuerySchema, answer: pageOf(auditEntrySchema) }),
  route({ method: 'GET', path: '/admin/warehouses/:id/staff', summary: 'A warehouse’s staff', tag: 'admin', auth: 'admin', params: warehouse, answer: dataOf(v.array(staffMemberSchema)) }),
  route({ method: 'POST', path: '/admin/warehouses/:id/staff', summary: 'Assign an account to a warehouse’s staff', tag: 'admin', auth: 'admin', params: warehouse, body: staffAssignmentSchema, answer: dataOf(staffMemberSchema) }),
  route({ method: 'DELETE', path: '/admin/warehouses/:id/staff/:userId', summary: 'Take an account off a warehouse’s staff', tag: 'admin', auth: 'admin', params: { ...warehouse, userId: idParam(TRANSPORT_MESSAGES.staffNotHere) }, answer: dataOf(v.object({ userId: v.number(), warehouseId: v.nullable(v.number()) })) }),
] as const;
