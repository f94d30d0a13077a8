import { SUBMISSIONS_ROUTES } from '../../../shared/api/submissions';
import type { Deps } from '../../http/context';
import { implement } from '../../http/declared';
import { approveSubmission, listReviewQueue, rejectSubmission } from './review-queue';

const [, , , , , , , queue, approve, reject] = SUBMISSIONS_ROUTES;

/** The operator's review queue (declared in shared/api/submissions.ts); the rules are in review-queue.ts. */
export function submissionReviewRoutes({ db, storage }: Deps) {
  return [
    implement(queue, ({ query }) => listReviewQueue(db, query)),
    implement(approve, async ({ user, params, body }) => ({ data: await approveSubmission(db, user, params.id, body.updatedAt) })),
    implement(reject, async ({ user, params, body }) => ({ data: await rejectSubmission(db, storage, user, params.id, body.note) })),
  ];
}
