import { sql, type Selectable, type SqlBool } from 'kysely';
import { type Category, type Condition, type GhanaRegion } from '../../../shared/catalogue';
import { unitWeightG } from '../../../shared/transport';
import { fromMinor, toMinor } from '../../../shared/money';
import { paginate, type Page } from '../../../shared/pagination';
import {
  SUBMISSION_MESSAGES,
  type SellerSubmission,
  type SubmissionFields,
  type SubmissionListQuery,
  type SubmissionStatus,
} from '../../../shared/schemas/submissions';
import { searchWords } from '../../../shared/search';
import { badRequest, notFound } from '../../http/errors';
import { now, type Db } from '../../platform/db';
import type { ProductSubmissionsTable } from '../../platform/db/tables/submissions';
import { imagesByOwner, type StoredImage } from '../../platform/images';
import type { Storage } from '../../platform/storage';
import { qualityOf } from '../catalogue';
import { sellerRegion, withdrawProduct } from './live-product';
import { inTransaction } from '../../platform/db/transactions';
import { applyApprovedEdit } from './review';
import { countRows } from '../../platform/db/paging';
import { escapeLike } from '../../platform/db/like';

export type SubmissionRow = Selectable<ProductSubmissionsTable>;


/** Rows to API shape, with images and (for live products) the catalogue's current stock. */
export async function toSubmissions(db: Db, rows: SubmissionRow[]): Promise<SellerSubmission[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const productIds = rows.map((r) => r.product_id).filter((id): id is number => id !== null);
  const [images, products] = await Promise.all([
    db.selectFrom('submission_images').selectAll().where('submission_id', 'in', ids).orderBy('position').orderBy('id').execute(),
    productIds.length
      ? db
          .selectFrom('products')
          .select(['id', 'stock_quantity', 'quality_checked_lots', 'quality_passed_lots', 'quality_last_grade', 'quality_last_moisture_pct', 'quality_last_town'])
          .where('id', 'in', productIds)
          .execute()
      : Promise.resolve([]),
  ]);
  const imagesBySubmission = imagesByOwner(images, (image) => image.submission_id);
  // Sales move the live stock; the catalogue's figure is the true one once approved.
  const liveStock = new Map(products.map((p) => [p.id, p.stock_quantity]));
  const liveQuality = new Map(products.map((p) => [p.id, qualityOf(p)]));
  return rows.map((row) => {
    const list = imagesBySubmission.get(row.id) ?? [];
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      category: row.category as Category,
      condition: row.condition as Condition,
      region: row.region as GhanaRegion,
      commodityId: row.commodity_id ?? null,
      unitWeightKg: unitWeightG(row) / 1000,
      unitWeightGiven: row.unit_weight_g !== null,
      price: fromMinor(row.price_minor),
      currency: 'GHS',
      stockQuantity: (row.status === 'APPROVED' && row.product_id !== null ? liveStock.get(row.product_id) : undefined) ?? row.stock_quantity,
      status: row.status,
      changesPending: row.status === 'APPROVED' && row.changes_pending === 1,
      reviewNote: row.review_note,
      productId: row.product_id,
      // The live listing's record at the warehouse check (issue 41 item 4, docs/quality.md).
      quality: row.product_id === null ? null : (liveQuality.get(row.product_id) ?? null),
      imagesUrls: list.map((i) => i.urls[640]),
      images: list,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  });
}

export async function toSubmission(db: Db, row: SubmissionRow): Promise<SellerSubmission> {
  return (await toSubmissions(db, [row]))[0];
}

/**
 * Products listed before submissions existed (the demo seed, operator imports) get an
 * approved submission, so a seller manages every live product of theirs in one place.
 * The unique index on product_id makes concurrent calls harmless.
 */
export async function adoptListedProducts(db: Db, sellerId: number): Promise<void> {
  const orphans = await db
    .selectFrom('products')
    .selectAll()
    .where('seller_id', '=', sellerId)
    .where('is_active', '=', 1)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('product_submissions').select('id').whereRef('product_submissions.product_id', '=', 'products.id'))),
    )
    .execute();
  for (const product of orphans) {
    await inTransaction(db, async (trx) => {
      const inserted = await trx
        .insertInto('product_submissions')
        .values({
          seller_id: sellerId,
          name: product.name,
          description: product.description,
          category: product.category,
          condition: product.condition,
          region: product.region,
          price_minor: product.price_minor,
          currency: 'GHS',
          stock_quantity: product.stock_quantity,
          unit_weight_g: product.unit_weight_g,
          status: 'APPROVED',
          review_note: null,
          product_id: product.id,
          created_at: product.created_at,
          updated_at: product.updated_at,
        })
        .onConflict((oc) => oc.column('product_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return;
      const images = await trx.selectFrom('product_images').selectAll().where('product_id', '=', product.id).orderBy('position').execute();
      if (images.length) {
        await trx
          .insertInto('submission_images')
          .values(images.map((i) => ({ submission_id: inserted.id, position: i.position, storage_key: i.storage_key, width: i.width, height: i.height })))
          .execute();
      }
    });
  }
}

/** `listedByPhone`: a farmer listed it by USSD (no photo yet; the operator may add one). */
export async function createSubmission(db: Db, sellerId: number, fields: SubmissionFields, images: StoredImage[], listedByPhone = false): Promise<SellerSubmission> {
  const at = now();
  const region = fields.region ?? (await sellerRegion(db, sellerId));
  await requireKnownCommodity(db, fields.commodityId);
  const row = await inTransaction(db, async (trx) => {
    const created = await trx
      .insertInto('product_submissions')
      .values({
        seller_id: sellerId,
        name: fields.name,
        description: fields.description,
        category: fields.category,
        condition: fields.condition ?? 'standard',
        region,
        commodity_id: fields.commodityId ?? null,
        unit_weight_g: gramsOf(fields.unitWeightKg),
        price_minor: toMinor(fields.price),
        currency: fields.currency,
        stock_quantity: fields.stockQuantity,
        status: 'PENDING',
        review_note: null,
        product_id: null,
        listed_by_phone: listedByPhone ? 1 : 0,
        created_at: at,
        updated_at: at,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await insertImages(trx, created.id, images, 0);
    return created;
  });
  return toSubmission(db, row);
}

async function insertImages(trx: Db, submissionId: number, images: StoredImage[], firstPosition: number): Promise<void> {
  if (images.length === 0) return;
  await trx
    .insertInto('submission_images')
    .values(images.map((image, i) => ({ submission_id: submissionId, position: firstPosition + i, storage_key: image.key, width: image.width, height: image.height })))
    .execute();
}

/**
 * A seller's listings for one page: its filter (base, for the count) and the page itself,
 * both from the (seller_id, created_at) and (seller_id, price_minor) indexes. A seller's
 * search reads only that seller's rows, so it needs no search index of its own.
 */
export function sellerSubmissionsQuery(db: Db, sellerId: number, query: SubmissionListQuery) {
  let base = db.selectFrom('product_submissions').where('seller_id', '=', sellerId);
  if (query.status) base = base.where('status', '=', query.status);
  if (query.category) base = base.where('category', '=', query.category);
  for (const word of searchWords(query.search)) {
    base = base.where(sql<SqlBool>`lower(name || ' ' || category || ' ' || description) like ${`%${escapeLike(word)}%`} escape '\\'`);
  }
  const page = base
    .selectAll()
    .orderBy(query.sortBy === 'price' ? 'price_minor' : 'created_at', query.sortDir)
    .orderBy('id', query.sortDir)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { base, page };
}

export async function listSellerSubmissions(db: Db, sellerId: number, query: SubmissionListQuery): Promise<Page<SellerSubmission>> {
  await adoptListedProducts(db, sellerId);
  const { base, page } = sellerSubmissionsQuery(db, sellerId, query);
  const count = await countRows(base);
  const rows = await page.execute();
  return { data: await toSubmissions(db, rows), pagination: paginate(query.page, query.limit, Number(count)) };
}

/** The seller's own submission; anybody else's is "not found", never "forbidden". */
export async function ownSubmission(db: Db, sellerId: number, id: number): Promise<SubmissionRow> {
  const row = await db
    .selectFrom('product_submissions')
    .selectAll()
    .where('id', '=', id)
    .where('seller_id', '=', sellerId)
    .executeTakeFirst();
  if (!row) throw notFound(SUBMISSION_MESSAGES.notFound);
  return row;
}

export async function updateSubmission(db: Db, sellerId: number, id: number, patch: Partial<SubmissionFields>): Promise<SellerSubmission> {
  await requireKnownCommodity(db, patch.commodityId);
  const row = await inTransaction(db, async (trx) => {
    const current = await ownSubmission(trx, sellerId, id);
    // A rejected listing that the seller corrects goes back to the operator for review.
    const status: SubmissionStatus = current.status === 'REJECTED' ? 'PENDING' : current.status;
    const updated = await trx
      .updateTable('product_submissions')
      .set({
        ...(patch.name !== undefined ? { name: patch.name } : {}),
        ...(patch.description !== undefined ? { description: patch.description } : {}),
        ...(patch.category !== undefined ? { category: patch.category } : {}),
        ...(patch.condition !== undefined ? { condition: patch.condition } : {}),
        ...(patch.region !== undefined ? { region: patch.region } : {}),
        ...(patch.commodityId !== undefined ? { commodity_id: patch.commodityId } : {}),
        ...(patch.unitWeightKg !== undefined ? { unit_weight_g: gramsOf(patch.unitWeightKg) } : {}),
        ...(patch.price !== undefined ? { price_minor: toMinor(patch.price) } : {}),
        ...(patch.stockQuantity !== undefined ? { stock_quantity: patch.stockQuantity } : {}),
        status,
        review_note: status === 'PENDING' ? null : current.review_note,
        updated_at: now(),
      })
      .where('id', '=', current.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return updated.status === 'APPROVED' ? applyApprovedEdit(trx, updated, patch.stockQuantity !== undefined) : updated;
  });
  return toSubmission(db, row);
}

export async function deleteSubmission(db: Db, storage: Storage, sellerId: number, id: number): Promise<void> {
  const keys = await inTransaction(db, async (trx) => {
    const current = await ownSubmission(trx, sellerId, id);
    if (current.product_id !== null) await withdrawProduct(trx, current.product_id);
    const images = await trx.selectFrom('submission_images').select('storage_key').where('submission_id', '=', current.id).execute();
    await trx.deleteFrom('submission_images').where('submission_id', '=', current.id).execute();
    await trx.deleteFrom('product_submissions').where('id', '=', current.id).execute();
    return unreferencedKeys(trx, images.map((i) => i.storage_key));
  });
  await Promise.all(keys.map((key) => storage.remove(key)));
}

export async function addSubmissionImages(db: Db, sellerId: number, id: number, images: StoredImage[]): Promise<SellerSubmission> {
  const row = await inTransaction(db, async (trx) => {
    const current = await ownSubmission(trx, sellerId, id);
    const last = await trx
      .selectFrom('submission_images')
      .select((eb) => eb.fn.max('position').as('position'))
      .where('submission_id', '=', current.id)
      .executeTakeFirst();
    await insertImages(trx, current.id, images, Number(last?.position ?? -1) + 1);
    const updated = await trx.updateTable('product_submissions').set({ updated_at: now() }).where('id', '=', current.id).returningAll().executeTakeFirstOrThrow();
    return updated.status === 'APPROVED' ? applyApprovedEdit(trx, updated, false) : updated;
  });
  return toSubmission(db, row);
}

export async function countSubmissionImages(db: Db, sellerId: number, id: number): Promise<number> {
  const current = await ownSubmission(db, sellerId, id);
  const { count } = await db
    .selectFrom('submission_images')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('submission_id', '=', current.id)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function deleteSubmissionImage(db: Db, storage: Storage, sellerId: number, id: number, imageId: number): Promise<SellerSubmission> {
  const { row, keys } = await inTransaction(db, async (trx) => {
    const current = await ownSubmission(trx, sellerId, id);
    const images = await trx.selectFrom('submission_images').selectAll().where('submission_id', '=', current.id).execute();
    const image = images.find((i) => i.id === imageId);
    if (!image) throw notFound('Image not found');
    if (images.length === 1) throw badRequest(SUBMISSION_MESSAGES.imagesRequired, { images: SUBMISSION_MESSAGES.imagesRequired });
    await trx.deleteFrom('submission_images').where('id', '=', image.id).execute();
    const updated = await trx.updateTable('product_submissions').set({ updated_at: now() }).where('id', '=', current.id).returningAll().executeTakeFirstOrThrow();
    return { row: updated.status === 'APPROVED' ? await applyApprovedEdit(trx, updated, false) : updated, keys: await unreferencedKeys(trx, [image.storage_key]) };
  });
  await Promise.all(keys.map((key) => storage.remove(key)));
  return toSubmission(db, row);
}

/** Stored files that no submission or product points at any more, so they may be removed. */
export async function unreferencedKeys(db: Db, keys: string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const [a, b] = await Promise.all([
    db.selectFrom('submission_images').select('storage_key').where('storage_key', 'in', keys).execute(),
    db.selectFrom('product_images').select('storage_key').where('storage_key', 'in', keys).execute(),
  ]);
  const used = new Set([...a, ...b].map((r) => r.storage_key));
  return [...new Set(keys)].filter((key) => !used.has(key));
}

/** kg as the form sends it to the grams kept (null: the default). */
const gramsOf = (kg: number | null | undefined) => (kg == null ? null : Math.round(kg * 1000));

/** A commodity id the seller sent must name one the index keeps (else a 400 in words, not a foreign-key 500). */
async function requireKnownCommodity(db: Db, commodityId: string | null | undefined): Promise<void> {
  if (!commodityId) return;
  const found = await db.selectFrom('commodities').select('id').where('id', '=', commodityId).executeTakeFirst();
  if (!found) throw badRequest(SUBMISSION_MESSAGES.commodityUnknown, { commodityId: SUBMISSION_MESSAGES.commodityUnknown });
}
