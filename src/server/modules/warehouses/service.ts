import type { GhanaRegion } from '../../../shared/catalogue';
import type { Warehouse } from '../../../shared/schemas/catalogue';
import type { Db } from '../../platform/db';

/** The warehouses buyers may collect from, by name. */
export async function activeWarehouses(db: Db): Promise<Warehouse[]> {
  const rows = await db.selectFrom('warehouses').selectAll().where('is_active', '=', 1).orderBy('name').execute();
  return rows.map((w) => ({ id: w.id, name: w.name, address: w.address, region: w.region as GhanaRegion }));
}
