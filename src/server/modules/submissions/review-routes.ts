import { Hono, type Context } from 'hono';
import { sql, type SqlBool } from 'kysely';
import { CATALOGUE_COUNT_BOUND, type Condition, type GhanaRegion, type Category } from '../../../shared/catalogue';
import { fromMinor } from '../../../shared/money';
import { paginate } from '../../../shared/pagination';
import {
  SUBMISSION_MESSAGES,
  adminSubmissionQuerySchema,
  approveSubmissionSchema,
  rejectSubmissionSchema,
  type AdminSubmission,
  type LiveListing,
} from '../../../shared/schemas/submissions';
import { currentUser, requireUser } from '../../http/auth';
import { dbOf, type AppEnv, type Deps } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { parseBody, parseQuery } from '../../http/validate';
import { now, type Db } from '../../platform/db';
import { countRowsUpTo } from '../../platform/db/paging';
import { imageUrl } from '../../platform/images';
import { notify } from '../../platform/messages';
import { recordAudit } from '../audit/service';
import { parseIdOr404 } from '../../http/params';
import { atomically, publishSubmission, withdrawProduct } from './live-product';
import { revertToLive } from './review';
import { toSubmission, toSubmissions, unreferencedKeys, type SubmissionRow } from './service';

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

/**
 * The operator's review queue: new listings, and changes to live ones (shown beside what
 * buyers see now), oldest first.
 */
export function submissionReviewRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const admin = requireUser('ADMIN');
  const submissionId = (raw: string) => parseIdOr404(raw, SUBMISSION_MESSAGES.notFound);

  const findSubmission = async (db: Db, id: number) => {
    const row = await db.selectFrom('product_submissions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(SUBMISSION_MESSAGES.notFound);
    return row;
  };
  /** The operator's client may name the version it showed (read before the transaction). */
  const reviewedVersion = async (c: Context<AppEnv>): Promise<string | undefined> =>
    c.req.header('content-type')?.includes('json') ? (await parseBody(c, approveSubmissionSchema)).updatedAt : undefined;

  app.get('/admin/submissions', admin, async (c) => {
    const query = parseQuery(c, adminSubmissionQuerySchema);
    const db = dbOf(c, deps);
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
    return c.json({ data, pagination: paginate(query.page, query.limit, count, CATALOGUE_COUNT_BOUND) });
  });

  app.post('/admin/submissions/:id/approve', admin, async (c) => {
    const id = submissionId(c.req.param('id'));
    const seen = await reviewedVersion(c);
    const db = dbOf(c, deps);
    await atomically(db, async (trx) => {
      const row = await findSubmission(trx, id);
      if (row.status === 'APPROVED' && row.changes_pending !== 1) throw conflict('This listing is already approved.');
      // A listing changed since the operator looked is not decided blind.
      if (seen !== undefined && seen !== row.updated_at) throw conflict(SUBMISSION_MESSAGES.changedSinceReview);
      await publishSubmission(trx, row);
      await recordAudit(trx, currentUser(c), 'submission.approve', { type: 'submission', id }, row.name);
      await notify(trx, { kind: 'listing.decided', submissionId: id });
    });
    return c.json({ data: await toSubmission(db, await findSubmission(db, id)) });
  });

  app.post('/admin/submissions/:id/reject', admin, async (c) => {
    const id = submissionId(c.req.param('id'));
    const { note } = await parseBody(c, rejectSubmissionSchema);
    const db = dbOf(c, deps);
    const dropped = await atomically(db, async (trx) => {
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
      await recordAudit(trx, currentUser(c), 'submission.reject', { type: 'submission', id }, note);
      await notify(trx, { kind: 'listing.decided', submissionId: id });
      return keys;
    });
    await Promise.all(dropped.map((key) => deps.storage.remove(key)));
    return c.json({ data: await toSubmission(db, await findSubmission(db, id)) });
  });

  return app;
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
