import type { Context } from 'hono';
import { SUBMISSIONS_ROUTES } from '../../../shared/api/submissions';
import { MAX_PRODUCT_IMAGES, SUBMISSION_MESSAGES } from '../../../shared/schemas/submissions';
import type { AppEnv, Deps } from '../../http/context';
import { created, implement } from '../../http/declared';
import { badRequest } from '../../http/errors';
import { submissionUploadSteps } from './uploads';
import { submissionReviewRoutes } from './review-routes';
import {
  addSubmissionImages,
  countSubmissionImages,
  createSubmission,
  deleteSubmission,
  deleteSubmissionImage,
  listSellerSubmissions,
  ownSubmission,
  toSubmission,
  updateSubmission,
} from './service';

function preparedUploads(c: Context<AppEnv>) {
  const prepared = c.get('uploads');
  if (!prepared) throw new Error('Uploads must be prepared by the route’s upload step (uploads.ts)');
  return prepared;
}

const [create, list, read, edit, remove, addImages, removeImage] = SUBMISSIONS_ROUTES;

/**
 * A seller's product listings (declared in shared/api/submissions.ts): created with images,
 * reviewed by an operator (review-routes.ts), then live.
 */
export function submissionsRoutes(deps: Deps) {
  const { db, storage } = deps;
  const steps = submissionUploadSteps(deps);
  return [
    // The images were read and encoded before the idempotency layer (uploads.ts); only rows are written here.
    implement(
      create,
      async ({ user, c }) => {
        const { fields, images } = preparedUploads(c);
        return created({ data: await createSubmission(db, user.id, fields!, images) });
      },
      { before: steps.create },
    ),

    implement(list, ({ user, query }) => listSellerSubmissions(db, user.id, query)),

    implement(read, async ({ user, params }) => ({ data: await toSubmission(db, await ownSubmission(db, user.id, params.id)) })),

    implement(edit, async ({ user, params, body }) => ({ data: await updateSubmission(db, user.id, params.id, body) }), { before: steps.edit }),

    implement(remove, async ({ user, params }) => {
      await deleteSubmission(db, storage, user.id, params.id);
      return { data: { deleted: true as const } };
    }),

    implement(
      addImages,
      async ({ user, params, c }) => {
        const { images } = preparedUploads(c);
        if ((await countSubmissionImages(db, user.id, params.id)) + images.length > MAX_PRODUCT_IMAGES) {
          throw badRequest(SUBMISSION_MESSAGES.tooManyImages, { images: SUBMISSION_MESSAGES.tooManyImages });
        }
        return created({ data: await addSubmissionImages(db, user.id, params.id, images) });
      },
      { before: steps.addImages },
    ),

    implement(removeImage, async ({ user, params }) => ({ data: await deleteSubmissionImage(db, storage, user.id, params.id, params.imageId) })),

    ...submissionReviewRoutes(deps),
  ];
}
