import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import * as v from 'valibot';
import { SUBMISSIONS_ROUTES } from '../../../shared/api/submissions';
import {
  MAX_PRODUCT_IMAGES,
  MAX_PRODUCT_IMAGE_BYTES,
  SUBMISSION_MESSAGES,
  imageTooLarge,
} from '../../../shared/schemas/submissions';
import { currentUser } from '../../http/auth';
import type { AppEnv, Deps } from '../../http/context';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { parseOrThrow } from '../../http/validate';
import { rateLimit, type RateRule } from '../../http/rate-limit';
import { countSubmissionImages } from './service';
import { storeImage, type StoredImage } from '../../platform/images';
import type { Storage } from '../../platform/storage';

/** Five images of 5 MB plus the text fields; anything bigger is refused before it is read. */
export const uploadLimit = bodyLimit({
  maxSize: MAX_PRODUCT_IMAGES * MAX_PRODUCT_IMAGE_BYTES + 1024 * 1024,
  onError: () => {
    throw new HttpError(413, `The upload is too large: at most ${MAX_PRODUCT_IMAGES} images of 5 MB each.`);
  },
});

/** Listings, their edits and their photos: a seller account is free to make, so writes are counted. */
export const SUBMISSION_RATE: RateRule = { name: 'submission', windowMs: 3600_000, perIp: 120, perAccount: 60, message: 'You have sent many listings and changes. Please try again later.' };

/** The calls that carry images (multipart); every other call takes a small JSON body. */
export const takesUploads = (method: string, path: string) =>
  method === 'POST' && /^\/api\/v1\/product-submissions(\/my-submissions\/[^/]+\/images)?\/?$/.test(path);

export interface Multipart {
  fields: Record<string, string>;
  files: File[];
}

/** Reads a multipart body: text fields by name, and every file sent as `images`. */
export async function readMultipart(c: Context): Promise<Multipart> {
  if (!c.req.header('content-type')?.toLowerCase().startsWith('multipart/form-data')) {
    throw badRequest(SUBMISSION_MESSAGES.notMultipart);
  }
  let body: Record<string, string | File | (string | File)[]>;
  try {
    body = await c.req.parseBody({ all: true });
  } catch {
    throw badRequest(SUBMISSION_MESSAGES.notMultipart);
  }
  const fields: Record<string, string> = {};
  const files: File[] = [];
  for (const [name, value] of Object.entries(body)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (typeof item === 'string') {
        if (!(name in fields)) fields[name] = item;
      } else if (name === 'images' || name === 'images[]') {
        files.push(item);
      }
    }
  }
  return { fields, files };
}

/** File names only ever appear in messages; keep them short and printable. */
function displayName(file: File): string {
  const name = (file.name || 'image').replace(/[^\p{L}\p{N} ._()-]/gu, '_');
  return name.length > 80 ? `${name.slice(0, 77)}...` : name;
}

/**
 * Checks the whole batch (count, then each file's size) before storing any of it, then
 * stores each by content: sharp decides what is an image, not the name or declared type.
 */
export async function storeUploads(storage: Storage, files: File[], alreadyStored = 0): Promise<StoredImage[]> {
  if (files.length === 0 && alreadyStored === 0) {
    throw badRequest(SUBMISSION_MESSAGES.imagesRequired, { images: SUBMISSION_MESSAGES.imagesRequired });
  }
  if (files.length + alreadyStored > MAX_PRODUCT_IMAGES) {
    throw badRequest(SUBMISSION_MESSAGES.tooManyImages, { images: SUBMISSION_MESSAGES.tooManyImages });
  }
  for (const file of files) {
    if (file.size > MAX_PRODUCT_IMAGE_BYTES) {
      const message = imageTooLarge(displayName(file));
      throw badRequest(message, { images: message });
    }
  }
  // Encoded side by side: each runs on its own libuv worker, so five photos take about the
  // time of the slowest rather than the sum (the request may be holding a transaction).
  const results = await Promise.allSettled(
    files.map(async (file) => storeImage(storage, Buffer.from(await file.arrayBuffer()), displayName(file))),
  );
  const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (refused) {
    // Nothing of a refused batch stays behind; the first refused file (in order) is named.
    await Promise.all(results.map((r) => (r.status === 'fulfilled' ? storage.remove(r.value.key) : undefined)));
    const error: unknown = refused.reason;
    if (error instanceof HttpError) throw badRequest(error.message, { images: error.message });
    throw error;
  }
  return results.map((r) => (r as PromiseFulfilledResult<StoredImage>).value);
}

/**
 * The steps of the two upload routes between auth and the idempotency layer (their `before`):
 * the rate limit, the larger body limit, the clean-up after, and the images read, checked and
 * encoded BEFORE the key is claimed (encoding takes seconds). The result reaches the handler
 * through c.get('uploads'). If the route then refuses the request, or the answer is a replay
 * of an earlier one, the new files are removed.
 */
export function submissionUploadSteps(deps: Deps) {
  const cleanUpAfter: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    const prepared = c.get('uploads');
    if (prepared && (c.res.status >= 300 || c.res.headers.get('idempotent-replayed'))) {
      await Promise.all(prepared.images.map((image) => deps.storage.remove(image.key)));
    }
  };
  const limited = rateLimit(deps.rateLimiter, SUBMISSION_RATE);
  const [create, , , , , addImages] = SUBMISSIONS_ROUTES;

  const readNewListing: MiddlewareHandler<AppEnv> = async (c, next) => {
    const { fields, files } = await readMultipart(c);
    // The form's fields first, with the route's own schema: a typo never costs an encoding.
    const parsed = parseOrThrow(create.form, fields);
    c.set('uploads', { fields: parsed, images: await storeUploads(deps.storage, files) });
    await next();
  };

  const readMorePhotos: MiddlewareHandler<AppEnv> = async (c, next) => {
    // Read with the route's own path schema: an id that names nothing is not found, as the route answers.
    const submissionId = v.safeParse(addImages.params.id, c.req.param('id'));
    if (!submissionId.success) throw notFound(SUBMISSION_MESSAGES.notFound);
    const already = await countSubmissionImages(deps.db, currentUser(c).id, submissionId.output);
    const { files } = await readMultipart(c);
    if (files.length === 0) throw badRequest('Choose at least one image to add', { images: 'Choose at least one image to add' });
    c.set('uploads', { images: await storeUploads(deps.storage, files, already) });
    await next();
  };

  return {
    create: [limited, uploadLimit, cleanUpAfter, readNewListing],
    addImages: [limited, uploadLimit, cleanUpAfter, readMorePhotos],
    /** The JSON edit of a listing is counted like the uploads. */
    edit: [limited],
  };
}
