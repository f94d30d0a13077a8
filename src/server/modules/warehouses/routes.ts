import { WAREHOUSE_ROUTES } from '../../../shared/api/warehouses';
import type { Deps } from '../../http/context';
import { implement } from '../../http/declared';
import type { PublicReads } from '../catalogue';
import { activeWarehouses } from './service';

const [list] = WAREHOUSE_ROUTES;

/** The pickup warehouses (declared in shared/api/warehouses.ts), through the answer cache. */
export function warehouseRoutes({ db }: Deps, reads: PublicReads) {
  return [implement(list, ({ c }) => reads.answer(c, 'warehouses', async () => ({ data: await activeWarehouses(db) })))];
}
