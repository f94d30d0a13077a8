import {
  SUBMISSION_MESSAGES,
  adminSubmissionQuerySchema,
  adminSubmissionSchema,
  approveSubmissionSchema,
  rejectSubmissionSchema,
  sellerSubmissionSchema,
  submissionCreateSchema,
  submissionDeletedSchema,
  submissionListQuerySchema,
  submissionUpdateSchema,
} from '../schemas/submissions';
import { dataOf, idParam, pageOf, route } from './route';

/**
 * A seller's product listings (created with their photos, multipart), and the operator's
 * review queue that takes them live. The photo uploads are read and encoded by the route's
 * own step before the Idempotency-Key is claimed (server/modules/submissions/uploads.ts); a
 * repeat with the same key is still answered from the first.
 */
const submission = dataOf(sellerSubmissionSchema);
const submissionId = idParam(SUBMISSION_MESSAGES.notFound);
const own = { id: submissionId };

export const SUBMISSIONS_ROUTES = [
  route({ method: 'POST', path: '/product-submissions', summary: 'Submit a product with its photos', tag: 'sellers', auth: 'seller', form: submissionCreateSchema, answer: submission }),
  route({ method: 'GET', path: '/product-submissions/seller/me', summary: 'The seller’s submissions', tag: 'sellers', auth: 'seller', query: submissionListQuerySchema, answer: pageOf(sellerSubmissionSchema) }),
  route({ method: 'GET', path: '/product-submissions/my-submissions/:id', summary: 'One submission', tag: 'sellers', auth: 'seller', params: own, answer: submission }),
  route({ method: 'PATCH', path: '/product-submissions/my-submissions/:id', summary: 'Change a submission', tag: 'sellers', auth: 'seller', params: own, body: submissionUpdateSchema, answer: submission }),
  route({ method: 'DELETE', path: '/product-submissions/my-submissions/:id', summary: 'Withdraw a submission', tag: 'sellers', auth: 'seller', params: own, answer: dataOf(submissionDeletedSchema) }),
  route({ method: 'POST', path: '/product-submissions/my-submissions/:id/images', summary: 'Add photos to a submission', tag: 'sellers', auth: 'seller', params: own, form: 'files', answer: submission }),
  route({ method: 'DELETE', path: '/product-submissions/my-submissions/:id/images/:imageId', summary: 'Remove a photo', tag: 'sellers', auth: 'seller', params: { id: submissionId, imageId: idParam('Image not found') }, answer: submission }),
  // The operator's review queue.
  route({ method: 'GET', path: '/admin/submissions', summary: 'Submissions to review', tag: 'admin', auth: 'admin', query: adminSubmissionQuerySchema, answer: pageOf(adminSubmissionSchema) }),
  // The body is optional: the listing's updatedAt the operator looked at, refused (409) if it changed since.
  route({ method: 'POST', path: '/admin/submissions/:id/approve', summary: 'Approve a submission (it goes live)', tag: 'admin', auth: 'admin', params: { id: submissionId }, body: approveSubmissionSchema, optionalBody: true, answer: submission }),
  route({ method: 'POST', path: '/admin/submissions/:id/reject', summary: 'Refuse a submission', tag: 'admin', auth: 'admin', params: { id: submissionId }, body: rejectSubmissionSchema, answer: submission }),
] as const;
