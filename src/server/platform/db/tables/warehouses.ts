import type { Id, Flag } from './columns';

/** The tables modules/warehouses owns; another module gets their types through its face (index.ts). */

export interface WarehousesTable {
  id: Id;
  name: string;
  address: string;
  region: string;
  is_active: Flag;
}

/** Their names, as `Database` (../schema.ts) composes them. */
export interface WarehousesTables {
  warehouses: WarehousesTable;
}
