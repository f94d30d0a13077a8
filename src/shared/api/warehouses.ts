import * as v from 'valibot';
import { warehouseSchema } from '../schemas/catalogue';
import { distanceUpdateSchema, warehouseDistanceSchema } from '../schemas/transport';
import { dataOf, route } from './route';

/** Where buyers collect their orders; the road distances between them (docs/transport.md). Their staff: shared/api/admin.ts. */
export const WAREHOUSE_ROUTES = [
  route({ method: 'GET', path: '/warehouses', summary: 'Pickup warehouses', tag: 'catalogue', auth: 'none', answer: dataOf(v.array(warehouseSchema)) }),
  route({ method: 'GET', path: '/admin/warehouses/distances', summary: 'Road distances between the warehouses', tag: 'admin', auth: 'admin', answer: dataOf(v.array(warehouseDistanceSchema)) }),
  route({ method: 'PUT', path: '/admin/warehouses/distances', summary: 'Set the road distance between two warehouses', tag: 'admin', auth: 'admin', body: distanceUpdateSchema, answer: dataOf(warehouseDistanceSchema) }),
] as const;
