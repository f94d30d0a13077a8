import { Hono } from 'hono';
import { offlinePackQuerySchema } from '../../../shared/schemas/offline';
import type { AppEnv, Deps } from '../../http/context';
import { parseQuery } from '../../http/validate';
import { createOfflinePackService } from './service';

/** What an offline pack costs to download, shown before the phone starts saving it. */
export function offlineRoutes(deps: Deps) {
  const packs = createOfflinePackService(deps.db, deps.storage, deps.readOffLoop);
  const app = new Hono<AppEnv>();
  app.get('/offline-packs/size', async (c) => c.json({ data: await packs.size(parseQuery(c, offlinePackQuerySchema)) }));
  return app;
}
