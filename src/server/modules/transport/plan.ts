import { randomInt } from 'node:crypto';
import { expectedReadyAt, transportFeeMinor, unitWeightG } from '../../../shared/transport';
import type { Db } from '../../platform/db';
import { dropoffWarehouses, warehouseNetwork } from '../warehouses';
import { readTariff } from './tariff';

/** An order line as the plan needs it: the product, whose, how many, how heavy. */
export interface PlannedLine {
  id: number;
  name: string;
  category: string;
  seller_id: number;
  quantity: number;
  /** The seller's figure; null or left out: the default (shared/transport.ts). */
  unit_weight_g?: number | null;
}

/** A consignment an order will carry, priced: written with the order (checkout/order-write.ts). */
export interface PlannedConsignment {
  sellerId: number;
  fromWarehouseId: number;
  toWarehouseId: number;
  weightG: number;
  distanceKm: number;
  feeMinor: number;
  expectedReadyAt: string;
  collectionCode: string;
  deliveryCode: string;
  /** The products of its lines (one line per product in an order). */
  productIds: number[];
}

export const sixDigits = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * A plan as a screen showed it and a session keeps it (the USSD confirm's): priced, without its
 * codes, which are made when the order is, so no session row ever holds a handover's code.
 */
export type ShownConsignment = Omit<PlannedConsignment, 'collectionCode' | 'deliveryCode'>;
export const withoutCodes = ({ collectionCode: _collection, deliveryCode: _delivery, ...shown }: PlannedConsignment): ShownConsignment => shown;
export const withCodes = (shown: ShownConsignment): PlannedConsignment => ({ ...shown, collectionCode: sixDigits(), deliveryCode: sixDigits() });

/**
 * The consignments of an order to `pickupWarehouseId`: one per seller whose drop-off warehouse
 * is another, weighed, measured by road and priced by today's tariff. Same warehouse: none.
 * A pair with no distance (a warehouse without coordinates and no operator figure) pays the minimum.
 */
export async function planConsignments(db: Db, pickupWarehouseId: number, lines: readonly PlannedLine[], placedAt: Date): Promise<PlannedConsignment[]> {
  const sellers = [...new Set(lines.map((l) => l.seller_id))].sort((a, b) => a - b);
  const [dropoffs, network, tariff] = await Promise.all([dropoffWarehouses(db, sellers), warehouseNetwork(db), readTariff(db)]);
  const planned: PlannedConsignment[] = [];
  for (const sellerId of sellers) {
    const from = dropoffs.get(sellerId);
    if (from === undefined || from === pickupWarehouseId) continue;
    const own = lines.filter((l) => l.seller_id === sellerId);
    const weightG = own.reduce((sum, l) => sum + unitWeightG({ name: l.name, category: l.category, unit_weight_g: l.unit_weight_g ?? null }) * l.quantity, 0);
    const distanceKm = network.distance(from, pickupWarehouseId)?.km ?? 0;
    planned.push({
      sellerId,
      fromWarehouseId: from,
      toWarehouseId: pickupWarehouseId,
      weightG,
      distanceKm,
      feeMinor: transportFeeMinor(weightG, distanceKm, tariff),
      expectedReadyAt: expectedReadyAt(placedAt, distanceKm),
      collectionCode: sixDigits(),
      deliveryCode: sixDigits(),
      productIds: own.map((l) => l.id),
    });
  }
  return planned;
}
