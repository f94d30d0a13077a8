import type { Selectable } from 'kysely';
import { deriveOffer, offerColumns } from '../../../shared/discount';
import { now, type Db } from '../../platform/db';
import type { ProductSubmissionsTable } from '../../platform/db/tables/submissions';
import type { ProductsTable } from '../catalogue';
import { nextCatalogueVersion } from '../../platform/db/catalogue-versions';

/**
 * Edits of an approved listing. What buyers read (name, description, category, condition,
 * region, pictures) waits for the operator while the live product keeps its approved
 * content; stock and ordinary price changes apply at once, because a farmer marks sold-out
 * or changes the price on market day.
 */
type SubmissionRow = Selectable<ProductSubmissionsTable>;
type ProductRow = Selectable<ProductsTable>;

/**
 * A price moved by more than half (above 1.5× or below 0.5× the live price) could be bait
 * or a slip of the finger: it waits for review too. Exactly half applies at once.
 */
export function priceChangeNeedsReview(liveMinor: number, newMinor: number): boolean {
  return newMinor * 2 > liveMinor * 3 || newMinor * 2 < liveMinor;
}

/**
 * A live product's new price with its offer worked out again: the price before stays and the
 * percentage follows (or the offer ends when the price is no longer below it), so the two
 * figures never disagree (shared/discount.ts).
 */
export async function livePrice(trx: Db, productId: number, priceMinor: number) {
  const current = await trx.selectFrom('products').select('old_price_minor').where('id', '=', productId).executeTakeFirst();
  return { price_minor: priceMinor, ...offerColumns(deriveOffer(priceMinor, { oldPriceMinor: current?.old_price_minor ?? null })) };
}

const REVIEWED_FIELDS = ['name', 'description', 'category', 'condition', 'region', 'price_minor', 'unit_weight_g'] as const;

const keysOf = (rows: { storage_key: string }[]) => rows.map((r) => r.storage_key).join('\n');

/** Whether the listing (after at-once changes are applied) still differs from what buyers see. */
async function differsFromLive(db: Db, submission: SubmissionRow, live: ProductRow): Promise<boolean> {
  if (REVIEWED_FIELDS.some((field) => submission[field] !== live[field])) return true;
  const [mine, theirs] = await Promise.all([
    db.selectFrom('submission_images').select('storage_key').where('submission_id', '=', submission.id).orderBy('position').orderBy('id').execute(),
    db.selectFrom('product_images').select('storage_key').where('product_id', '=', live.id).orderBy('position').orderBy('id').execute(),
  ]);
  return keysOf(mine) !== keysOf(theirs);
}

/**
 * After an edit of an APPROVED listing: applies stock (when the seller sent it) and a price
 * within half of the live one to the live product, then marks whether anything else waits
 * for review. Runs inside the edit's transaction.
 */
export async function applyApprovedEdit(trx: Db, submission: SubmissionRow, stockSent: boolean): Promise<SubmissionRow> {
  if (submission.product_id === null) return submission;
  const live = await trx.selectFrom('products').selectAll().where('id', '=', submission.product_id).executeTakeFirstOrThrow();
  const priceNow = submission.price_minor !== live.price_minor && !priceChangeNeedsReview(live.price_minor, submission.price_minor);
  const atOnce = {
    ...(stockSent ? { stock_quantity: submission.stock_quantity } : {}),
    ...(priceNow ? await livePrice(trx, live.id, submission.price_minor) : {}),
  };
  if (Object.keys(atOnce).length > 0) {
    await trx
      .updateTable('products')
      .set({ ...atOnce, version: await nextCatalogueVersion(trx), updated_at: now() })
      .where('id', '=', live.id)
      .execute();
  }
  const pending = await differsFromLive(trx, submission, { ...live, ...atOnce });
  if (pending === (submission.changes_pending === 1)) return submission;
  return trx
    .updateTable('product_submissions')
    // A new request for review starts without the last decision's note.
    .set(pending ? { changes_pending: 1, review_note: null } : { changes_pending: 0 })
    .where('id', '=', submission.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * The operator turned the changes down: the listing goes back to what buyers see (the
 * approved content and pictures), with the operator's note. Returns the storage keys of
 * pictures that were only in the refused change, for the caller to check and remove.
 */
export async function revertToLive(trx: Db, submission: SubmissionRow, note: string): Promise<string[]> {
  const live = await trx.selectFrom('products').selectAll().where('id', '=', submission.product_id!).executeTakeFirstOrThrow();
  const dropped = await trx.selectFrom('submission_images').select('storage_key').where('submission_id', '=', submission.id).execute();
  await trx.deleteFrom('submission_images').where('submission_id', '=', submission.id).execute();
  const images = await trx.selectFrom('product_images').selectAll().where('product_id', '=', live.id).orderBy('position').execute();
  if (images.length) {
    await trx
      .insertInto('submission_images')
      .values(images.map((i) => ({ submission_id: submission.id, position: i.position, storage_key: i.storage_key, width: i.width, height: i.height })))
      .execute();
  }
  await trx
    .updateTable('product_submissions')
    .set({
      name: live.name,
      description: live.description,
      category: live.category,
      condition: live.condition,
      region: live.region,
      price_minor: live.price_minor,
      changes_pending: 0,
      review_note: note,
      updated_at: now(),
    })
    .where('id', '=', submission.id)
    .execute();
  return dropped.map((d) => d.storage_key);
}
