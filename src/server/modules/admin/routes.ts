import { Hono } from 'hono';
import { sellerVerificationDecisionSchema } from '../../../shared/schemas/sellers';
import { auditQuerySchema } from '../../../shared/schemas/audit';
import { currentUser, requireUser } from '../../http/auth';
import { dbOf, type AppEnv, type Deps } from '../../http/context';
import { parseBody, parseQuery } from '../../http/validate';
import { parseIdOr404 } from '../../http/params';
import { notifySeller } from '../sellers/notify';
import { setVerificationStatus } from '../sellers/service';
import { atomically } from '../submissions/live-product';
import { submissionReviewRoutes } from '../submissions/review-routes';
import { listAudit, recordAudit } from '../audit/service';

/** The operator's (ADMIN) desk: review sellers' listings (review-routes.ts) and verify sellers. */
export function adminRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const admin = requireUser('ADMIN');
  app.route('/', submissionReviewRoutes(deps));

  app.get('/admin/sellers', admin, async (c) => {
    const status = c.req.query('verificationStatus');
    let query = dbOf(c, deps)
      .selectFrom('seller_profiles')
      .innerJoin('users', 'users.id', 'seller_profiles.user_id')
      .select([
        'users.id as userId',
        'users.email',
        'users.phone',
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
    await notifySeller(db, deps.config.publicUrl, userId, status);
    return c.json({ data: { userId, verificationStatus: status } });
  });

  /** Who among the operators did what, newest first. */
  app.get('/admin/audit', admin, async (c) => c.json(await listAudit(dbOf(c, deps), parseQuery(c, auditQuerySchema))));

  return app;
}
