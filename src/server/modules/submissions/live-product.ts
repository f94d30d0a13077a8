import type { Selectable } from 'kysely';
import { GHANA_REGIONS, type GhanaRegion } from '../../../shared/catalogue';
import { SUBMISSION_MESSAGES } from '../../../shared/schemas/submissions';
import { conflict } from '../../http/errors';
import { livePrice } from './review';
import { now, type Db } from '../../platform/db';
import type { ProductSubmissionsTable } from '../../platform/db/tables/submissions';
import { nextCatalogueVersion } from '../../platform/db/catalogue-versions';

/**
 * Where a submission meets the live catalogue. Every change here takes a new catalogue
 * version, so phones' mirrors pick it up on their next pull.
 */
type SubmissionRow = Selectable<ProductSubmissionsTable>;

const FALLBACK_REGION: GhanaRegion = 'Greater Accra';

/**
 * Makes a submission's content the live product (new, or the one it had before) and links
 * it. `submission` is the row the operator decided on: if the seller changed it since, the
 * final write finds no row and this answers 409, so what goes live is what was reviewed.
 */
export async function publishSubmission(trx: Db, submission: SubmissionRow): Promise<number> {
  const at = now();
  const version = await nextCatalogueVersion(trx);
  const fields = {
    name: submission.name,
    description: submission.description,
    price_minor: submission.price_minor,
    category: submission.category,
    condition: submission.condition,
    region: submission.region,
    commodity_id: submission.commodity_id,
    unit_weight_g: submission.unit_weight_g,
    is_active: 1,
    version,
    updated_at: at,
  };
  const existing = submission.product_id
    ? await trx.selectFrom('products').select('id').where('id', '=', submission.product_id).executeTakeFirst()
    : undefined;
  let productId: number;
  if (existing) {
    productId = existing.id;
    // Approving changes of a live listing leaves its stock alone: sales have moved it since.
    const stock = submission.status === 'APPROVED' ? {} : { stock_quantity: submission.stock_quantity };
    await trx.updateTable('products').set({ ...fields, ...(await livePrice(trx, productId, submission.price_minor)), ...stock }).where('id', '=', productId).execute();
    await trx.deleteFrom('deleted_products').where('product_id', '=', productId).execute();
  } else {
    const row = await trx
      .insertInto('products')
      .values({
        ...fields,
        stock_quantity: submission.stock_quantity,
        seller_id: submission.seller_id,
        is_featured: 0,
        discount_percentage: null,
        old_price_minor: null,
        created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    productId = row.id;
  }
  await copyImagesToProduct(trx, submission.id, productId);
  const linked = await trx
    .updateTable('product_submissions')
    .set({ status: 'APPROVED', product_id: productId, review_note: null, changes_pending: 0, updated_at: at })
    .where('id', '=', submission.id)
    .where('updated_at', '=', submission.updated_at)
    .executeTakeFirst();
  if (Number(linked.numUpdatedRows) !== 1) throw conflict(SUBMISSION_MESSAGES.changedSinceReview);
  return productId;
}

/** The region a new listing gets when the seller (an older API client) names none. */
export async function sellerRegion(db: Db, sellerId: number): Promise<GhanaRegion> {
  const profile = await db.selectFrom('seller_profiles').select('business_region').where('user_id', '=', sellerId).executeTakeFirst();
  const region = profile?.business_region ?? '';
  return (GHANA_REGIONS as readonly string[]).includes(region) ? (region as GhanaRegion) : FALLBACK_REGION;
}

/** The live product shows the submission's pictures (same stored files, no copies on disk). */
export async function copyImagesToProduct(trx: Db, submissionId: number, productId: number): Promise<void> {
  const images = await trx.selectFrom('submission_images').selectAll().where('submission_id', '=', submissionId).orderBy('position').execute();
  await trx.deleteFrom('product_images').where('product_id', '=', productId).execute();
  if (images.length === 0) return;
  await trx
    .insertInto('product_images')
    .values(images.map((image, position) => ({ product_id: productId, position, storage_key: image.storage_key, width: image.width, height: image.height })))
    .execute();
}

/**
 * Takes a product out of the catalogue. The row stays (orders and reviews point at it) but
 * is inactive, and a tombstone tells phones to drop it from their mirror.
 */
export async function withdrawProduct(trx: Db, productId: number): Promise<void> {
  const version = await nextCatalogueVersion(trx);
  const at = now();
  await trx.updateTable('products').set({ is_active: 0, version, updated_at: at }).where('id', '=', productId).execute();
  await trx
    .insertInto('deleted_products')
    .values({ product_id: productId, version, deleted_at: at })
    .onConflict((oc) => oc.column('product_id').doUpdateSet({ version, deleted_at: at }))
    .execute();
}
