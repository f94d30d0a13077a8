import type { GhanaRegion } from '../../../shared/catalogue';
import type { Warehouse } from '../../../shared/schemas/catalogue';
import { TRANSPORT_MESSAGES, type DistanceUpdate, type WarehouseDistance } from '../../../shared/schemas/transport';
import { computedRoadKm } from '../../../shared/transport';
import { badRequest, notFound } from '../../http/errors';
import { now, type Db } from '../../platform/db';

/** The warehouses buyers may collect from, by name. */
export async function activeWarehouses(db: Db): Promise<Warehouse[]> {
  const rows = await db.selectFrom('warehouses').selectAll().where('is_active', '=', 1).orderBy('name').execute();
  return rows.map((w) => ({
    id: w.id,
    name: w.name,
    address: w.address,
    region: w.region as GhanaRegion,
    town: w.town,
    latitude: w.latitude,
    longitude: w.longitude,
    openingHours: w.opening_hours,
  }));
}

/** A pair's key, the lower id first: a road is as long both ways. */
const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

export interface NetworkWarehouse {
  id: number;
  name: string;
  town: string | null;
  region: string;
  latitude: number | null;
  longitude: number | null;
  is_active: number;
}

/**
 * The network: every warehouse and the road distance between any two, the operator's figure
 * where one was set, else the straight line × ROAD_FACTOR (shared/transport.ts). Read once per
 * quote: warehouses are tens, not thousands.
 */
export async function warehouseNetwork(db: Db) {
  const [warehouses, set] = await Promise.all([
    db.selectFrom('warehouses').select(['id', 'name', 'town', 'region', 'latitude', 'longitude', 'is_active']).orderBy('id').execute(),
    db.selectFrom('warehouse_distances').select(['from_warehouse_id', 'to_warehouse_id', 'distance_km']).execute(),
  ]);
  const byId = new Map<number, NetworkWarehouse>(warehouses.map((w) => [w.id, w]));
  const operator = new Map(set.map((d) => [pairKey(d.from_warehouse_id, d.to_warehouse_id), d.distance_km]));
  /** Whole km by road, with where the figure came from; 0 for the same warehouse; null when a warehouse has no coordinates and no figure. */
  const distance = (fromId: number, toId: number): { km: number; source: 'OPERATOR' | 'COMPUTED' } | null => {
    if (fromId === toId) return { km: 0, source: 'COMPUTED' };
    const given = operator.get(pairKey(fromId, toId));
    if (given !== undefined) return { km: given, source: 'OPERATOR' };
    const a = byId.get(fromId);
    const b = byId.get(toId);
    if (a?.latitude == null || a.longitude == null || b?.latitude == null || b.longitude == null) return null;
    return { km: Math.max(1, computedRoadKm(a as { latitude: number; longitude: number }, b as { latitude: number; longitude: number })), source: 'COMPUTED' };
  };
  return { warehouses, byId, distance };
}

/** Every pair of active warehouses and its road distance (the operator's desk). */
export async function listDistances(db: Db): Promise<WarehouseDistance[]> {
  const network = await warehouseNetwork(db);
  const active = network.warehouses.filter((w) => w.is_active === 1);
  const pairs: WarehouseDistance[] = [];
  for (const [i, a] of active.entries()) {
    for (const b of active.slice(i + 1)) {
      const d = network.distance(a.id, b.id);
      if (d) pairs.push({ fromWarehouseId: a.id, toWarehouseId: b.id, distanceKm: d.km, source: d.source });
    }
  }
  return pairs;
}

/** The operator sets a pair's road distance (both ways); it replaces the computed figure from then on. */
export async function setDistance(db: Db, input: DistanceUpdate): Promise<WarehouseDistance> {
  const { fromWarehouseId: a, toWarehouseId: b, distanceKm } = input;
  if (a === b) throw badRequest(TRANSPORT_MESSAGES.sameWarehouse, { toWarehouseId: TRANSPORT_MESSAGES.sameWarehouse });
  const found = await db.selectFrom('warehouses').select('id').where('id', 'in', [a, b]).execute();
  if (found.length !== 2) throw notFound(TRANSPORT_MESSAGES.warehouseNotFound);
  const [from, to] = a < b ? [a, b] : [b, a];
  const at = now();
  await db
    .insertInto('warehouse_distances')
    .values({ from_warehouse_id: from, to_warehouse_id: to, distance_km: distanceKm, updated_at: at })
    .onConflict((oc) => oc.columns(['from_warehouse_id', 'to_warehouse_id']).doUpdateSet({ distance_km: distanceKm, updated_at: at }))
    .execute();
  return { fromWarehouseId: from, toWarehouseId: to, distanceKm, source: 'OPERATOR' };
}

/**
 * Where each seller brings their goods: the warehouse they chose; none chosen (or that one
 * closed), the first open warehouse of their business region by name; none there, the first
 * open warehouse `GET /warehouses` lists (docs/transport.md).
 */
export async function dropoffWarehouses(db: Db, sellerIds: readonly number[]): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  if (sellerIds.length === 0) return result;
  const [sellers, open] = await Promise.all([
    db.selectFrom('seller_profiles').select(['user_id', 'dropoff_warehouse_id', 'business_region']).where('user_id', 'in', [...sellerIds]).execute(),
    db.selectFrom('warehouses').select(['id', 'region']).where('is_active', '=', 1).orderBy('name').execute(),
  ]);
  const openIds = new Set(open.map((w) => w.id));
  for (const id of sellerIds) {
    const s = sellers.find((r) => r.user_id === id);
    const chosen = s?.dropoff_warehouse_id;
    const pick = chosen != null && openIds.has(chosen) ? chosen : (open.find((w) => w.region === s?.business_region) ?? open[0])?.id;
    if (pick !== undefined) result.set(id, pick);
  }
  return result;
}

/** An open warehouse, or the sentence the seller's form shows. */
export async function requireOpenWarehouse(db: Db, id: number): Promise<void> {
  const w = await db.selectFrom('warehouses').select('id').where('id', '=', id).where('is_active', '=', 1).executeTakeFirst();
  if (!w) throw badRequest(TRANSPORT_MESSAGES.dropoffNotFound, { dropoffWarehouseId: TRANSPORT_MESSAGES.dropoffNotFound });
}
