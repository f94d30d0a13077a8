import { Hono, type Context } from 'hono';
import {
  MAX_PRODUCT_IMAGES,
  SUBMISSION_MESSAGES,
  submissionCreateSchema,
  submissionListQuerySchema,
  submissionUpdateSchema,
} from '../../../shared/schemas/submissions';
import { currentUser, requireUser } from '../../http/auth';
import { dbOf, type AppEnv, type Deps } from '../../http/context';
import { badRequest } from '../../http/errors';
import { parseBody, parseOrThrow, parseQuery } from '../../http/validate';
import { rateLimit } from '../../http/rate-limit';
import { SUBMISSION_RATE } from './uploads';
import { parseIdOr404 } from '../../http/params';
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
  if (!prepared) throw new Error('Uploads must be prepared by submissionUploadsBeforeTransaction');
  return prepared;
}

/** A seller's product listings: created with images, reviewed by an operator, then live. */
export function submissionsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const seller = requireUser('SELLER');
  const idOf = (raw: string) => parseIdOr404(raw, SUBMISSION_MESSAGES.notFound);

  // The images were read and encoded before the transaction (uploads.ts); only rows are written here.
  app.post('/product-submissions', seller, async (c) => {
    const { id } = currentUser(c);
    const { fields, images } = preparedUploads(c);
    const parsed = parseOrThrow(submissionCreateSchema, fields);
    return c.json({ data: await createSubmission(dbOf(c, deps), id, parsed, images) }, 201);
  });

  app.get('/product-submissions/seller/me', seller, async (c) => {
    const { id } = currentUser(c);
    return c.json(await listSellerSubmissions(dbOf(c, deps), id, parseQuery(c, submissionListQuerySchema)));
  });

  app.get('/product-submissions/my-submissions/:id', seller, async (c) => {
    const db = dbOf(c, deps);
    return c.json({ data: await toSubmission(db, await ownSubmission(db, currentUser(c).id, idOf(c.req.param('id')))) });
  });

  app.patch('/product-submissions/my-submissions/:id', seller, rateLimit(deps.rateLimiter, SUBMISSION_RATE), async (c) => {
    const submissionId = idOf(c.req.param('id'));
    const patch = await parseBody(c, submissionUpdateSchema);
    return c.json({ data: await updateSubmission(dbOf(c, deps), currentUser(c).id, submissionId, patch) });
  });

  app.delete('/product-submissions/my-submissions/:id', seller, async (c) => {
    await deleteSubmission(dbOf(c, deps), deps.storage, currentUser(c).id, idOf(c.req.param('id')));
    return c.json({ data: { deleted: true } });
  });

  app.post('/product-submissions/my-submissions/:id/images', seller, async (c) => {
    const db = dbOf(c, deps);
    const sellerId = currentUser(c).id;
    const submissionId = idOf(c.req.param('id'));
    const { images } = preparedUploads(c);
    if ((await countSubmissionImages(db, sellerId, submissionId)) + images.length > MAX_PRODUCT_IMAGES) {
      throw badRequest(SUBMISSION_MESSAGES.tooManyImages, { images: SUBMISSION_MESSAGES.tooManyImages });
    }
    return c.json({ data: await addSubmissionImages(db, sellerId, submissionId, images) }, 201);
  });

  app.delete('/product-submissions/my-submissions/:id/images/:imageId', seller, async (c) => {
    const submissionId = idOf(c.req.param('id'));
    const imageId = parseIdOr404(c.req.param('imageId'), 'Image not found');
    return c.json({ data: await deleteSubmissionImage(dbOf(c, deps), deps.storage, currentUser(c).id, submissionId, imageId) });
  });

  return app;
}
