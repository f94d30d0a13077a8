import { WAREHOUSE_ROUTES } from '../../../shared/api/warehouses';
import type { Deps } from '../../http/context';
import { implement } from '../../http/declared';
import type { PublicReads } from '../catalogue';
import { recordAudit } from '../audit';
import { activeWarehouses, listDistances, setDistance } from './service';

const [list, distances, setOne] = WAREHOUSE_ROUTES;

/** The pickup warehouses (declared in shared/api/warehouses.ts), through the answer cache; the operator's road distances. */
export function warehouseRoutes({ db }: Deps, reads: PublicReads) {
  return [
    implement(list, ({ c }) => reads.answer(c, 'warehouses', async () => ({ data: await activeWarehouses(db) }))),
    implement(distances, async () => ({ data: await listDistances(db) })),
    implement(setOne, async ({ user, body }) => {
      const set = await setDistance(db, body);
      await recordAudit(db, user, 'transport.distance', { type: 'warehouse', id: set.fromWarehouseId }, `${set.fromWarehouseId} to ${set.toWarehouseId}: ${set.distanceKm} km`);
      return { data: set };
    }),
  ];
}
