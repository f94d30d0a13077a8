import { ADMIN_ROUTES } from '../../../shared/api/admin';
import type { Deps } from '../../http/context';
import { implement } from '../../http/declared';
import { notifySeller, setVerificationStatus } from '../sellers';
import { inTransaction } from '../../platform/db/transactions';
import { listAudit, recordAudit } from '../audit';
import { listSellersForReview } from './service';
import { assignStaff, listStaff, removeStaff } from './staff';

const [sellers, verify, audit, staff, assign, unassign] = ADMIN_ROUTES;

/**
 * The operator's (ADMIN) desk (declared in shared/api/admin.ts): verify sellers, read the
 * audit log, assign warehouse staff. The review queue is with the submissions, the message outbox with the notifications.
 */
export function adminRoutes({ db, config }: Deps) {
  return [
    implement(sellers, async ({ query }) => ({ data: await listSellersForReview(db, query.verificationStatus) })),

    implement(verify, async ({ user, params: { userId }, body: { status } }) => {
      await inTransaction(db, async (trx) => {
        await setVerificationStatus(trx, userId, status);
        await recordAudit(trx, user, status === 'VERIFIED' ? 'seller.verify' : 'seller.reject', { type: 'seller', id: userId }, status);
      });
      await notifySeller(db, config.publicUrl, userId, status);
      return { data: { userId, verificationStatus: status } };
    }),

    /** Who among the operators did what, newest first. */
    implement(audit, ({ query }) => listAudit(db, query)),

    /** Each warehouse's staff (issue 40): assigned, moved and taken off by the operator, audited. */
    implement(staff, async ({ params }) => ({ data: await listStaff(db, params.id) })),
    implement(assign, async ({ user, params, body }) => ({ data: await assignStaff(db, user, params.id, body.userId) })),
    implement(unassign, async ({ user, params }) => ({ data: await removeStaff(db, user, params.id, params.userId) })),
  ];
}
