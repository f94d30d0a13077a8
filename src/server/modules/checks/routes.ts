import { CHECK_ROUTES } from '../../../shared/api/checks';
import type { Deps } from '../../http/context';
import { created, implement } from '../../http/declared';
import { checkPhotoSteps, saveCheckPhoto } from './photos';
import { lotsToReturn, returnFailedLot } from './returns';
import { checkLine } from './service';

const [check, returned, returns, photos] = CHECK_ROUTES;

/** The warehouse check at drop-off (declared in shared/api/checks.ts). */
export function checksRoutes(deps: Deps) {
  const { db } = deps;
  return [
    implement(check, async ({ user, warehouse, params, body }) => ({ data: await checkLine(db, warehouse, user.id, params.orderId, params.itemId, body) })),
    implement(returned, async ({ user, warehouse, params, body }) => ({ data: await returnFailedLot(db, deps.rateLimiter, warehouse, user.id, params.orderId, params.itemId, body.code) })),
    implement(returns, async ({ warehouse }) => ({ data: await lotsToReturn(db, warehouse) })),
    // The image was read, checked and encoded before the idempotency layer (photos.ts); only the row is written here.
    implement(
      photos,
      async ({ user, c }) => {
        const uploads = c.get('uploads')!;
        return created({ data: await saveCheckPhoto(db, deps.storage, user.id, uploads.ref!, uploads.images[0]) });
      },
      { before: checkPhotoSteps(deps) },
    ),
  ];
}
