import { Hono } from 'hono';
import type { GhanaRegion } from '../../../shared/catalogue';
import type { Warehouse } from '../../../shared/schemas/catalogue';
import type { AppEnv, Deps } from '../../http/context';

export function warehouseRoutes({ db }: Deps) {
  const app = new Hono<AppEnv>();
  app.get('/warehouses', async (c) => {
    const rows = await db.selectFrom('warehouses').selectAll().where('is_active', '=', 1).orderBy('name').execute();
    const data: Warehouse[] = rows.map((w) => ({ id: w.id, name: w.name, address: w.address, region: w.region as GhanaRegion }));
    return c.json({ data });
  });
  return app;
}
