import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { CHECK_MESSAGES, checkPhotoFormSchema, type CheckPhoto } from '../../../shared/schemas/checks';
import { currentUser } from '../../http/auth';
import type { AppEnv, Deps } from '../../http/context';
import { badRequest, forbidden, HttpError } from '../../http/errors';
import { rateLimit, type RateRule } from '../../http/rate-limit';
import { parseOrThrow } from '../../http/validate';
import { now, type Db } from '../../platform/db';
import { imageUrl, MAX_IMAGE_BYTES, storeImage, type StoredImage } from '../../platform/images';
import type { Storage } from '../../platform/storage';
import { readMultipart } from '../submissions';

/**
 * Photos of the goods at the warehouse check and at a pickup refusal (issue 41 items 1 and 3),
 * optional, sent like a seller's product photos: multipart, checked by content and re-encoded
 * (platform/images), before the idempotency layer. The phone names each photo (`ref`, a UUID) so
 * the check queued after the upload in its outbox can point at it while offline; only the account
 * that uploaded a photo may attach it (photoKeyOf in modules/orders), so another user's upload
 * cannot be shown on someone else's check.
 */

/** One photo of 5 MB and its one text field; anything bigger is refused before it is read. */
const photoLimit = bodyLimit({
  maxSize: MAX_IMAGE_BYTES + 64 * 1024,
  onError: () => {
    throw new HttpError(413, 'The upload is too large: at most one image of 5 MB.');
  },
});

/** A counter takes a few photos an hour; a script filling the store is stopped. */
export const CHECK_PHOTO_RATE: RateRule = { name: 'check-photo', windowMs: 3600_000, perIp: 240, perAccount: 120, message: 'You have sent many photos. Please try again later.' };

/** The route that carries an image (multipart): app.ts lets it past the small JSON body limit. */
export const takesCheckPhotos = (method: string, path: string) => method === 'POST' && /^\/api\/v1\/warehouse\/photos\/?$/.test(path);

const answer = (row: { ref: string; storage_key: string; width: number; height: number }): CheckPhoto => ({ ref: row.ref, url: imageUrl(row.storage_key, 640), width: row.width, height: row.height });

/**
 * The steps before the idempotency layer: the rate limit, the body limit, the form read (one
 * image, a ref), then the image stored, unless this account already sent this ref (a replay:
 * nothing is encoded again). A ref another account sent is refused. A refused or replayed
 * request leaves no file behind.
 */
export function checkPhotoSteps(deps: Deps): MiddlewareHandler<AppEnv>[] {
  const cleanUpAfter: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    const prepared = c.get('uploads');
    if (prepared && (c.res.status >= 300 || c.res.headers.get('idempotent-replayed'))) await Promise.all(prepared.images.map((image) => deps.storage.remove(image.key)));
  };
  const read: MiddlewareHandler<AppEnv> = async (c, next) => {
    const { fields, files } = await readMultipart(c);
    const { ref } = parseOrThrow(checkPhotoFormSchema, fields);
    if (files.length !== 1) throw badRequest(CHECK_MESSAGES.photoOne, { images: CHECK_MESSAGES.photoOne });
    const earlier = await deps.db.selectFrom('check_photos').select('uploaded_by').where('ref', '=', ref).executeTakeFirst();
    if (earlier && earlier.uploaded_by !== currentUser(c).id) throw forbidden(CHECK_MESSAGES.photoNotYours);
    const images: StoredImage[] = earlier ? [] : [await storeImage(deps.storage, Buffer.from(await files[0]!.arrayBuffer()), 'photo')];
    c.set('uploads', { images, ref });
    await next();
  };
  return [rateLimit(deps.rateLimiter, CHECK_PHOTO_RATE), photoLimit, cleanUpAfter, read];
}

/** Keeps the stored image under the phone's ref (once: of two at once, the first; a ref another account won: 403). */
export async function saveCheckPhoto(db: Db, storage: Storage, userId: number, ref: string, image: StoredImage | undefined): Promise<CheckPhoto> {
  if (image) {
    await db
      .insertInto('check_photos')
      .values({ ref, uploaded_by: userId, storage_key: image.key, width: image.width, height: image.height, created_at: now() })
      .onConflict((oc) => oc.column('ref').doNothing())
      .execute();
  }
  const row = await db.selectFrom('check_photos').select(['ref', 'uploaded_by', 'storage_key', 'width', 'height']).where('ref', '=', ref).executeTakeFirstOrThrow();
  // Lost the race to an upload of the same ref: this copy is not kept.
  if (image && row.storage_key !== image.key) await storage.remove(image.key);
  if (row.uploaded_by !== userId) throw forbidden(CHECK_MESSAGES.photoNotYours);
  return answer(row);
}
