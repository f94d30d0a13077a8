import { CURRENCY, fromMinor } from '../../../shared/money';
import { CHECKOUT_MESSAGES } from '../../../shared/schemas/checkout';
import type { Quote } from '../../../shared/schemas/transport';
import { lineTaxMinor } from '../../../shared/vat';
import { badRequest } from '../../http/errors';
import type { Db } from '../../platform/db';
import { planConsignments, type PlannedConsignment } from '../transport';

/** Pickup orders are usually ready within 24 to 48 hours (FAQ); we promise three days. */
export const READY_WITHIN_DAYS = 3;

/** The signed-in buyer's cart lines, at today's prices, as checkout and the quote read them. */
export async function cartLines(db: Db, userId: number) {
  const cart = await db
    .selectFrom('cart_items')
    .innerJoin('products', 'products.id', 'cart_items.product_id')
    .select(['products.id', 'products.name', 'products.price_minor', 'products.category', 'products.seller_id', 'products.is_active', 'products.unit_weight_g', 'cart_items.quantity'])
    .where('cart_items.user_id', '=', userId)
    .orderBy('products.id')
    .execute();
  return cart.filter((l) => l.quantity > 0);
}

export async function openWarehouseId(db: Db, id: number | string): Promise<number> {
  const warehouse = typeof id === 'number' ? await db.selectFrom('warehouses').select('id').where('id', '=', id).where('is_active', '=', 1).executeTakeFirst() : undefined;
  if (!warehouse) throw badRequest(CHECKOUT_MESSAGES.noWarehouse, { pickupLocationId: CHECKOUT_MESSAGES.noWarehouse });
  return warehouse.id;
}

/** An order's money in pesewas: goods, VAT by line, the consignments' fees (VAT included), the total. */
export function orderTotals(lines: readonly { price_minor: number; quantity: number; category: string }[], consignments: readonly PlannedConsignment[]) {
  const subtotal = lines.reduce((sum, l) => sum + l.price_minor * l.quantity, 0);
  const tax = lines.reduce((sum, l) => sum + lineTaxMinor(l.price_minor * l.quantity, l.category), 0);
  const transport = consignments.reduce((sum, c) => sum + c.feeMinor, 0);
  return { subtotal, tax, transport };
}

/** When the whole order is expected ready: its latest consignment, or the usual three days when nothing travels. */
export function orderReadyAt(placedAt: Date, consignments: readonly PlannedConsignment[]): string {
  const usual = new Date(placedAt.getTime() + READY_WITHIN_DAYS * 86_400_000).toISOString();
  return consignments.reduce((latest, c) => (c.expectedReadyAt > latest ? c.expectedReadyAt : latest), usual);
}

/**
 * GET /shop/checkout/quote: what checking out the cart to this warehouse would charge now, per
 * consignment and in all. POST /shop/checkout prices the same way at its own moment (the server
 * is the authority: a tariff changed in between is the one charged).
 */
export async function quoteCart(db: Db, userId: number, pickupLocationId: number): Promise<Quote> {
  const warehouseId = await openWarehouseId(db, pickupLocationId);
  const lines = await cartLines(db, userId);
  const placedAt = new Date();
  const consignments = await planConsignments(db, warehouseId, lines, placedAt);
  const { subtotal, tax, transport } = orderTotals(lines, consignments);
  return {
    consignments: consignments.map((c) => ({
      sellerId: c.sellerId,
      fromWarehouseId: c.fromWarehouseId,
      toWarehouseId: c.toWarehouseId,
      weightKg: c.weightG / 1000,
      distanceKm: c.distanceKm,
      fee: fromMinor(c.feeMinor),
      expectedReadyAt: c.expectedReadyAt,
    })),
    transportTotal: fromMinor(transport),
    subtotal: fromMinor(subtotal),
    tax: fromMinor(tax),
    total: fromMinor(subtotal + tax + transport),
    currency: CURRENCY,
    expectedReadyAt: orderReadyAt(placedAt, consignments),
  };
}
