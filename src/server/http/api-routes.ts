import { auditQuerySchema } from '../../shared/schemas/audit';
import * as sellers from '../../shared/schemas/sellers';
import * as submissions from '../../shared/schemas/submissions';
import { describeRoute } from './openapi';

/**
 * One line per API route: the OpenAPI contract (/api/v1/openapi.json) is built from these, with
 * the very schemas the handlers parse with. tests/server/openapi.test.ts fails on a route the
 * app registers that is missing here (and on a line here that no route answers).
 */
export const API_ROUTES = [
  // Sellers
  describeRoute('POST', '/sellers/register', { summary: 'Register as a seller', tag: 'sellers', auth: 'none', body: sellers.sellerRegistrationSchema }),
  describeRoute('POST', '/sellers/verify-email', { summary: 'Confirm a seller’s e-mail', tag: 'sellers', auth: 'none', body: sellers.verifyEmailSchema }),
  describeRoute('POST', '/sellers/resend-verification', { summary: 'Send the seller’s confirmation again', tag: 'sellers', auth: 'none', body: sellers.resendVerificationSchema }),
  describeRoute('GET', '/sellers/me', { summary: 'The seller’s profile', tag: 'sellers', auth: 'seller' }),
  describeRoute('PUT', '/sellers/me', { summary: 'Change the seller’s profile', tag: 'sellers', auth: 'seller', body: sellers.sellerProfileUpdateSchema }),
  describeRoute('GET', '/sellers/me/stats', { summary: 'The seller’s sales figures', tag: 'sellers', auth: 'seller' }),
  describeRoute('GET', '/sellers/me/orders', { summary: 'Orders for the seller’s products', tag: 'sellers', auth: 'seller', query: sellers.sellerOrdersQuerySchema, paged: true }),
  describeRoute('PUT', '/sellers/me/orders/:orderId/items/:itemId/at-warehouse', { summary: 'Say an order line is at the warehouse', tag: 'sellers', auth: 'seller' }),
  describeRoute('DELETE', '/sellers/me/orders/:orderId/items/:itemId/at-warehouse', { summary: 'Take back “at the warehouse”', tag: 'sellers', auth: 'seller' }),
  // Product submissions
  describeRoute('POST', '/product-submissions', { summary: 'Submit a product with its photos', tag: 'sellers', auth: 'seller', form: submissions.submissionCreateSchema }),
  describeRoute('GET', '/product-submissions/seller/me', { summary: 'The seller’s submissions', tag: 'sellers', auth: 'seller', query: submissions.submissionListQuerySchema, paged: true }),
  describeRoute('GET', '/product-submissions/my-submissions/:id', { summary: 'One submission', tag: 'sellers', auth: 'seller' }),
  describeRoute('PATCH', '/product-submissions/my-submissions/:id', { summary: 'Change a submission', tag: 'sellers', auth: 'seller', body: submissions.submissionUpdateSchema }),
  describeRoute('DELETE', '/product-submissions/my-submissions/:id', { summary: 'Withdraw a submission', tag: 'sellers', auth: 'seller' }),
  describeRoute('POST', '/product-submissions/my-submissions/:id/images', { summary: 'Add photos to a submission', tag: 'sellers', auth: 'seller', form: 'files' }),
  describeRoute('DELETE', '/product-submissions/my-submissions/:id/images/:imageId', { summary: 'Remove a photo', tag: 'sellers', auth: 'seller' }),
  // Administration
  describeRoute('GET', '/admin/sellers', { summary: 'Sellers and their verification', tag: 'admin', auth: 'admin' }),
  describeRoute('POST', '/admin/sellers/:userId/verification', { summary: 'Verify or refuse a seller', tag: 'admin', auth: 'admin', body: sellers.sellerVerificationDecisionSchema }),
  describeRoute('POST', '/admin/ussd', { summary: 'The console’s phone: one USSD step (Africa’s Talking fields), answered as JSON', tag: 'admin', auth: 'admin', idempotent: false }),
  describeRoute('GET', '/admin/audit', { summary: 'The audit log', tag: 'admin', auth: 'admin', query: auditQuerySchema, paged: true }),
  describeRoute('GET', '/admin/submissions', { summary: 'Submissions to review', tag: 'admin', auth: 'admin', query: submissions.adminSubmissionQuerySchema, paged: true }),
  describeRoute('POST', '/admin/submissions/:id/approve', { summary: 'Approve a submission (it goes live)', tag: 'admin', auth: 'admin', body: submissions.approveSubmissionSchema }),
  describeRoute('POST', '/admin/submissions/:id/reject', { summary: 'Refuse a submission', tag: 'admin', auth: 'admin', body: submissions.rejectSubmissionSchema }),
  // Gateways calling us (form posts from Africa's Talking and Arkesel)
  describeRoute('POST', '/ussd/africastalking', { summary: 'A USSD step from Africa’s Talking; answers text/plain CON or END', tag: 'gateways', auth: 'gateway', idempotent: false }),
  describeRoute('POST', '/ussd/arkesel', { summary: 'A USSD step from Arkesel; answers JSON message/continueSession', tag: 'gateways', auth: 'gateway', idempotent: false }),
];
