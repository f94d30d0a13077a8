import { sql, type SqlBool } from 'kysely';
import { CATALOGUE_COUNT_BOUND, type Condition, type GhanaRegion, type Category } from '../../../shared/catalogue';
import { fromMinor } from '../../../shared/money';
import { paginate, type Page } from '../../../shared/pagination';
import { SUBMISSION_MESSAGES, type AdminSubmission, type LiveListing, type SellerSubmission } from '../../../shared/schemas/submissions';
import { conflict, notFound } from '../../http/errors';
import type { AuthUser } from '../../platform/auth/tokens';
import { now, type Db } from '../../platform/db';
import { countRowsUpTo } from '../../platform/db/paging';
import { imageUrl } from '../../platform/images';
import { notify } from '../../platform/messages';
import type { Storage } from '../../platform/storage';
import { recordAudit } from '../audit';
import { publishSubmission, withdrawProduct } from './live-product';
import { inTransaction } from '../../platform/db/transactions';
import { revertToLive } from './review';
import { toSubmission, toSubmissions, unreferencedKeys, type SubmissionRow } from './service';

/**
 * The operator's review queue: new listings, and changes to live ones (shown beside what
 * buyers see now), oldest first; and the operator's decision on each.
 */

/**
 * The submissions of one tab of the review queue, for paging oldest first. Waiting for review:
 * new or corrected listings, and approved ones with changes. That condition is written out
 * as 014_search's partial index product_submissions_waiting states it (literals, not
 * parameters), so both databases page it from that index over a million listings.
 */
export function reviewQueue(db: Db, status: 'PENDING' | 'APPROVED' | 'REJECTED') {
  const submissions = db.selectFrom('product_submissions');
  return status === 'PENDING'
    ? submissions.where(sql<SqlBool>`(status = 'PENDING' or (status = 'APPROVED' and changes_pending = 1))`)
    : submissions.where('status', '=', status);
}

/** One page of a tab of the queue, each listing with its seller and (for changes) what buyers see now. */
export async function listReviewQueue(db: Db, query: { status: 'PENDING' | 'APPROVED' | 'REJECTED'; page: number; limit: number }): Promise<Page<AdminSubmission>> {
  const base = reviewQueue(db, query.status);
  const count = await countRowsUpTo(db, base, CATALOGUE_COUNT_BOUND);
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  const [sellers, live] = await Promise.all([sellersOf(db, rows), liveListingsOf(db, rows)]);
  const data: AdminSubmission[] = (await toSubmissions(db, rows)).map((submission, i) => {
    const s = sellers.get(rows[i].seller_id);
    return {
      ...submission,
      seller: { id: rows[i].seller_id, businessName: s?.business_name ?? '', email: s?.email ?? '', verificationStatus: s?.verification_status ?? 'PENDING' },
      live: submission.changesPending ? (live.get(rows[i].product_id!) ?? null) : null,
    };
  });
  return { data, pagination: paginate(query.page, query.limit, count, CATALOGUE_COUNT_BOUND) };
}

async function findSubmission(db: Db, id: number) {
  const row = await db.selectFrom('product_submissions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound(SUBMISSION_MESSAGES.notFound);
  return row;
}

/** `seen`: the version the operator looked at; a listing changed since is not decided blind. */
export async function approveSubmission(db: Db, operator: AuthUser, id: number, seen: string | undefined): Promise<SellerSubmission> {
  await inTransaction(db, async (trx) => {
    const row = await findSubmission(trx, id);
    if (row.status === 'APPROVED' && row.changes_pending !== 1) throw conflict('This listing is already approved.');
    if (seen !== undefined && seen !== row.updated_at) throw conflict(SUBMISSION_MESSAGES.changedSinceReview);
    await publishSubmission(trx, row);
    await recordAudit(trx, operator, 'submission.approve', { type: 'submission', id }, row.name);
    await notify(trx, { kind: 'listing.decided', submissionId: id });
  });
  return toSubmission(db, await findSubmission(db, id));
}

export async function rejectSubmission(db: Db, storage: Storage, operator: AuthUser, id: number, note: string): Promise<SellerSubmission> {
  const dropped = await inTransaction(db, async (trx) => {
    const row = await findSubmission(trx, id);
    if (row.status === 'REJECTED') throw conflict('This listing is already rejected.');
    let keys: string[] = [];
    if (row.status === 'APPROVED' && row.changes_pending === 1) {
      // Turning down changes keeps the approved listing live, as it was.
      keys = await unreferencedKeys(trx, await revertToLive(trx, row, note));
    } else {
      // Rejecting a live listing takes it out of the catalogue; the link stays for a later approval.
      if (row.product_id !== null) await withdrawProduct(trx, row.product_id);
      await trx.updateTable('product_submissions').set({ status: 'REJECTED', review_note: note, updated_at: now() }).where('id', '=', id).execute();
    }
    await recordAudit(trx, operator, 'submission.reject', { type: 'submission', id }, note);
    await notify(trx, { kind: 'listing.decided', submissionId: id });
    return keys;
  });
  await Promise.all(dropped.map((key) => storage.remove(key)));
  return toSubmission(db, await findSubmission(db, id));
}

async function sellersOf(db: Db, rows: SubmissionRow[]) {
  if (rows.length === 0) return new Map();
  const sellers = await db
    .selectFrom('users')
    .leftJoin('seller_profiles', 'seller_profiles.user_id', 'users.id')
    .select(['users.id', 'users.email', 'seller_profiles.business_name', 'seller_profiles.verification_status'])
    .where('users.id', 'in', [...new Set(rows.map((r) => r.seller_id))])
    .execute();
  return new Map(sellers.map((s) => [s.id, s]));
}

/** What buyers see now of the listings whose changes wait. */
async function liveListingsOf(db: Db, rows: SubmissionRow[]): Promise<Map<number, LiveListing>> {
  const ids = rows.filter((r) => r.changes_pending === 1 && r.product_id !== null).map((r) => r.product_id!);
  if (ids.length === 0) return new Map();
  const [products, images] = await Promise.all([
    db.selectFrom('products').selectAll().where('id', 'in', ids).execute(),
    db.selectFrom('product_images').select(['product_id', 'storage_key']).where('product_id', 'in', ids).orderBy('position').execute(),
  ]);
  return new Map(
    products.map((p) => [
      p.id,
      {
        name: p.name,
        description: p.description,
        category: p.category as Category,
        condition: p.condition as Condition,
        region: p.region as GhanaRegion,
        price: fromMinor(p.price_minor),
        imagesUrls: images.filter((i) => i.product_id === p.id).map((i) => imageUrl(i.storage_key, 640)),
      },
    ]),
  );
}
