import type { Generated } from 'kysely';
import type { Id, Flag } from './columns';

/** The tables modules/warehouses owns; another module gets their types through its face (index.ts). */

export interface WarehousesTable {
  id: Id;
  name: string;
  address: string;
  region: string;
  is_active: Flag;
  /** 031_transport: the town staff accounts are named for, where it stands, when it is open. */
  town: string | null;
  latitude: number | null;
  longitude: number | null;
  opening_hours: Generated<string>;
}

/** A road distance the operator set between two warehouses (the lower id first); other pairs are computed. */
export interface WarehouseDistancesTable {
  from_warehouse_id: number;
  to_warehouse_id: number;
  distance_km: number;
  updated_at: string;
}

/** Their names, as `Database` (../schema.ts) composes them. */
export interface WarehousesTables {
  warehouses: WarehousesTable;
  warehouse_distances: WarehouseDistancesTable;
}
