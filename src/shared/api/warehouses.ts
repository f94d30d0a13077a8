import * as v from 'valibot';
import { warehouseSchema } from '../schemas/catalogue';
import { dataOf, route } from './route';

/** Where buyers collect their orders. */
export const WAREHOUSE_ROUTES = [
  route({ method: 'GET', path: '/warehouses', summary: 'Pickup warehouses', tag: 'catalogue', auth: 'none', answer: dataOf(v.array(warehouseSchema)) }),
] as const;
