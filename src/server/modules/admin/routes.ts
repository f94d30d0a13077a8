import { Hono } from 'hono';
import { paginate } from '../../../shared/pagination';
import { sellerVerificationDecisionSchema } from '../../../shared/schemas/sellers';
import { SUBMISSION_MESSAGES, adminSubmissionQuerySchema, rejectSubmissionSchema, type AdminSubmission } from '../../../shared/schemas/submissions';
import { auditQuerySchema } from '../../../shared/schemas/audit';
import { currentUser, requireUser } from '../../http/auth';
import { dbOf, type AppEnv, type Deps } from '../../http/context';
import { conflict, notFound } from '../../http/errors';
import { parseBody, parseQuery } from '../../http/validate';
import type { Db } from '../../platform/db';
import { now } from '../../platform/db';
import { notify } from '../../platform/messages';
import { parseIdOr404 } from '../catalogue/routes';
import { notifySeller } from '../sellers/notify';
import { setVerificationStatus } from '../sellers/service';
import { atomically, publishSubmission, withdrawProduct } from '../submissions/live-product';
import { toSubmission, toSubmissions } from '../submissions/service';
import { listAudit, recordAudit } from '../audit/service';
import { countRows } from '../../platform/db/paging';

/** The operator's (ADMIN) desk: review sellers' listings and verify sellers. */
export function adminRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const admin = requireUser('ADMIN');
  const submissionId = (raw: string) => parseIdOr404(raw, SUBMISSION_MESSAGES.notFound);

  const findSubmission = async (db: Db, id: number) => {
    const row = await db.selectFrom('product_submissions').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound(SUBMISSION_MESSAGES.notFound);
    return row;
  };

  app.get('/admin/submissions', admin, async (c) => {
    const query = parseQuery(c, adminSubmissionQuerySchema);
    const db = dbOf(c, deps);
    const base = db.selectFrom('product_submissions').where('status', '=', query.status);
    const count = await countRows(base);
    // The oldest waiting listing first: first come, first served.
    const rows = await base
      .selectAll()
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute();
    const sellers = rows.length
      ? await db
          .selectFrom('users')
          .leftJoin('seller_profiles', 'seller_profiles.user_id', 'users.id')
          .select(['users.id', 'users.email', 'seller_profiles.business_name', 'seller_profiles.verification_status'])
          .where('users.id', 'in', [...new Set(rows.map((r) => r.seller_id))])
          .execute()
      : [];
    const byId = new Map(sellers.map((s) => [s.id, s]));
    const data: AdminSubmission[] = (await toSubmissions(db, rows)).map((submission, i) => {
      const s = byId.get(rows[i].seller_id);
      return {
        ...submission,
        seller: {
          id: rows[i].seller_id,
          businessName: s?.business_name ?? '',
          email: s?.email ?? '',
          verificationStatus: s?.verification_status ?? 'PENDING',
        },
      };
    });
    return c.json({ data, pagination: paginate(query.page, query.limit, Number(count)) });
  });

  app.post('/admin/submissions/:id/approve', admin, async (c) => {
    const id = submissionId(c.req.param('id'));
    const db = dbOf(c, deps);
    await atomically(db, async (trx) => {
      const row = await findSubmission(trx, id);
      if (row.status === 'APPROVED') throw conflict('This listing is already approved.');
      await publishSubmission(trx, row);
      await recordAudit(trx, currentUser(c), 'submission.approve', { type: 'submission', id }, row.name);
      await notify(trx, { kind: 'listing.decided', submissionId: id });
    });
    const approved = await findSubmission(db, id);
    return c.json({ data: await toSubmission(db, approved) });
  });

  app.post('/admin/submissions/:id/reject', admin, async (c) => {
    const id = submissionId(c.req.param('id'));
    const { note } = await parseBody(c, rejectSubmissionSchema);
    const db = dbOf(c, deps);
    await atomically(db, async (trx) => {
      const row = await findSubmission(trx, id);
      if (row.status === 'REJECTED') throw conflict('This listing is already rejected.');
      // Rejecting a live listing takes it out of the catalogue; the link stays for a later approval.
      if (row.product_id !== null) await withdrawProduct(trx, row.product_id);
      await trx.updateTable('product_submissions').set({ status: 'REJECTED', review_note: note, updated_at: now() }).where('id', '=', id).execute();
      await recordAudit(trx, currentUser(c), 'submission.reject', { type: 'submission', id }, note);
      await notify(trx, { kind: 'listing.decided', submissionId: id });
    });
    const rejected = await findSubmission(db, id);
    return c.json({ data: await toSubmission(db, rejected) });
  });

  app.get('/admin/sellers', admin, async (c) => {
    const status = c.req.query('verificationStatus');
    let query = dbOf(c, deps)
      .selectFrom('seller_profiles')
      .innerJoin('users', 'users.id', 'seller_profiles.user_id')
      .select([
        'users.id as userId',
        'users.email',
        'users.first_name as firstName',
        'users.last_name as lastName',
        'users.is_email_verified as isEmailVerified',
        'seller_profiles.business_name as businessName',
        'seller_profiles.business_region as businessRegion',
        'seller_profiles.ghana_card_number as ghanaCardNumber',
        'seller_profiles.verification_status as verificationStatus',
        'seller_profiles.created_at as joinedDate',
      ])
      .orderBy('seller_profiles.created_at', 'asc');
    if (status === 'PENDING' || status === 'VERIFIED' || status === 'REJECTED') query = query.where('seller_profiles.verification_status', '=', status);
    const rows = await query.limit(200).execute();
    return c.json({ data: rows.map((r) => ({ ...r, isEmailVerified: r.isEmailVerified === 1 })) });
  });

  app.post('/admin/sellers/:userId/verification', admin, async (c) => {
    const userId = parseIdOr404(c.req.param('userId'), 'Seller profile not found');
    const { status } = await parseBody(c, sellerVerificationDecisionSchema);
    const db = dbOf(c, deps);
    await atomically(db, async (trx) => {
      await setVerificationStatus(trx, userId, status);
      await recordAudit(trx, currentUser(c), status === 'VERIFIED' ? 'seller.verify' : 'seller.reject', { type: 'seller', id: userId }, status);
    });
    await notifySeller(
      db,
      deps.config.publicUrl,
      userId,
      status === 'VERIFIED' ? 'Your seller account is verified' : 'We could not verify your seller account',
      status === 'VERIFIED'
        ? ['Your business is verified: buyers now see the Verified Seller badge.']
        : ['Our operator could not verify your business. Please check your Ghana Card number and business details on the Seller Verification page, or contact us.'],
    );
    return c.json({ data: { userId, verificationStatus: status } });
  });

  /** Who among the operators did what, newest first. */
  app.get('/admin/audit', admin, async (c) => c.json(await listAudit(dbOf(c, deps), parseQuery(c, auditQuerySchema))));

  return app;
}
