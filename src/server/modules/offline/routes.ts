import { OFFLINE_ROUTES } from '../../../shared/api/offline';
import type { Deps } from '../../http/context';
import { implement } from '../../http/declared';
import { createOfflinePackService } from './service';

const [size] = OFFLINE_ROUTES;

/** What an offline pack costs to download, shown before the phone starts saving it. */
export function offlineRoutes(deps: Deps) {
  const packs = createOfflinePackService(deps.db, deps.storage, deps.readOffLoop);
  return [implement(size, async ({ query }) => ({ data: await packs.size(query) }))];
}
