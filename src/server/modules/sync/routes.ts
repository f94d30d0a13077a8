import { SYNC_ROUTES } from '../../../shared/api/sync';
import type { Deps } from '../../http/context';
import { implement } from '../../http/declared';
import { IMMUTABLE_READ, type PublicReads, REVALIDATE_READ } from '../catalogue';
import { scopeKey, scopeOf } from './scope';
import { createSyncService } from './service';

const [catalogue] = SYNC_ROUTES;

/**
 * The catalogue delta for the phone's mirror (./service.ts), through the answer cache. A phone
 * that is up to date gets a bodiless 304 to the ETag. A page below the head may be kept for
 * good: a product that changed since left it for a later page, which the phone asks for next,
 * so an old copy of the page is still a correct step of the pull.
 */
export function syncRoutes({ db, readOffLoop, readAllOffLoop }: Deps, reads: PublicReads) {
  const sync = createSyncService(db, readOffLoop, readAllOffLoop);
  return [
    implement(catalogue, ({ query, c }) =>
      reads.answer(c, `sync:${query.since}:${query.limit}:${scopeKey(scopeOf(query))}:${query.budget ?? ''}:${query.fresh ?? ''}`, async () => ({ data: await sync.catalogueDelta(query) }), {
        cacheControl: ({ data }) => (data.hasMore ? IMMUTABLE_READ : REVALIDATE_READ),
      }),
    ),
  ];
}
