import { Hono } from 'hono';
import type { GhanaRegion } from '../../../shared/catalogue';
import type { Warehouse } from '../../../shared/schemas/catalogue';
import type { AppEnv, Deps } from '../../http/context';
import type { PublicReads } from '../catalogue/public-reads';

export function warehouseRoutes({ db }: Deps, reads: PublicReads) {
  const app = new Hono<AppEnv>();
  app.get('/warehouses', (c) =>
    reads.answer(c, 'warehouses', async () => {
      const rows = await db.selectFrom('warehouses').selectAll().where('is_active', '=', 1).orderBy('name').execute();
      const data: Warehouse[] = rows.map((w) => ({ id: w.id, name: w.name, address: w.address, region: w.region as GhanaRegion }));
      return { data };
    }),
  );
  return app;
}
