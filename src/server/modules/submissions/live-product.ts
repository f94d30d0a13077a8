import type { Selectable } from 'kysely';
import { GHANA_REGIONS } from '../../../shared/catalogue';
import { deriveOffer, offerColumns } from '../../../shared/discount';
import { now, type Db } from '../../platform/db';
import type { ProductSubmissionsTable } from '../../platform/db/schema';
import { nextCatalogueVersion } from '../catalogue/versions';

/**
 * Where a submission meets the live catalogue. Every change here takes a new catalogue
 * version, so phones' mirrors pick it up on their next pull.
 */
type SubmissionRow = Selectable<ProductSubmissionsTable>;

const FALLBACK_REGION = 'Greater Accra';

/** Runs `work` atomically: inside the caller's transaction if there is one, else in a new one. */
export function atomically<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** Makes an approved submission a live product (new, or the one it had before) and links it. */
export async function publishSubmission(trx: Db, submission: SubmissionRow): Promise<number> {
  const at = now();
  const version = await nextCatalogueVersion(trx);
  const profile = await trx
    .selectFrom('seller_profiles')
    .select('business_region')
    .where('user_id', '=', submission.seller_id)
    .executeTakeFirst();
  const region = (GHANA_REGIONS as readonly string[]).includes(profile?.business_region ?? '') ? profile!.business_region : FALLBACK_REGION;
  const fields = {
    name: submission.name,
    description: submission.description,
    price_minor: submission.price_minor,
    category: submission.category,
    stock_quantity: submission.stock_quantity,
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
    await trx.updateTable('products').set(fields).where('id', '=', productId).execute();
    await trx.deleteFrom('deleted_products').where('product_id', '=', productId).execute();
  } else {
    const row = await trx
      .insertInto('products')
      .values({
        ...fields,
        seller_id: submission.seller_id,
        condition: 'standard',
        region,
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
  await trx
    .updateTable('product_submissions')
    .set({ status: 'APPROVED', product_id: productId, review_note: null, updated_at: at })
    .where('id', '=', submission.id)
    .execute();
  return productId;
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

/** Applies an edit of an approved submission to its live product. */
export async function updateLiveProduct(trx: Db, submission: SubmissionRow, changed: { stock: boolean; images: boolean }): Promise<void> {
  if (!submission.product_id) return;
  // A new price keeps the offer's price before and works the percentage out again (or ends
  // the offer when the price is no longer below it): the two figures never disagree.
  const current = await trx.selectFrom('products').select('old_price_minor').where('id', '=', submission.product_id).executeTakeFirst();
  await trx
    .updateTable('products')
    .set({
      name: submission.name,
      description: submission.description,
      price_minor: submission.price_minor,
      ...offerColumns(deriveOffer(submission.price_minor, { oldPriceMinor: current?.old_price_minor ?? null })),
      category: submission.category,
      ...(changed.stock ? { stock_quantity: submission.stock_quantity } : {}),
      version: await nextCatalogueVersion(trx),
      updated_at: now(),
    })
    .where('id', '=', submission.product_id)
    .execute();
  if (changed.images) await copyImagesToProduct(trx, submission.id, submission.product_id);
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
