import { parseGhanaMobile } from '../../../shared/phone';
import type { CheckoutDefaults } from '../../../shared/schemas/checkout';
import type { Db } from '../../platform/db';

/**
 * What the checkout form starts with for this buyer: their usual pickup warehouse (their last
 * order's, while it is open; else the first in the region of their default address: we have
 * regions, not distances) and the wallet number of their profile (else their last order's).
 */
export async function checkoutDefaults(db: Db, userId: number): Promise<CheckoutDefaults> {
  const last = await db
    .selectFrom('orders')
    .innerJoin('warehouses', 'warehouses.id', 'orders.pickup_warehouse_id')
    .select(['warehouses.id as warehouseId', 'warehouses.is_active', 'orders.mobile_money_number'])
    .where('orders.user_id', '=', userId)
    .orderBy('orders.id', 'desc')
    .executeTakeFirst();
  const usual = last?.is_active === 1 ? last.warehouseId : await warehouseInHomeRegion(db, userId);

  const user = await db.selectFrom('users').select('phone').where('id', '=', userId).executeTakeFirstOrThrow();
  const wallet = [user.phone, last?.mobile_money_number].map((n) => (n ? parseGhanaMobile(n) : undefined)).find((n) => n?.network);
  return {
    pickupLocationId: usual ?? null,
    mobileMoneyNumber: wallet?.national ?? null,
    mobileMoneyNetwork: wallet?.network ?? null,
  };
}

async function warehouseInHomeRegion(db: Db, userId: number): Promise<number | undefined> {
  const home = await db
    .selectFrom('customer_addresses')
    .select('region')
    .where('user_id', '=', userId)
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  if (!home) return undefined;
  const warehouse = await db
    .selectFrom('warehouses')
    .select('id')
    .where('region', '=', home.region)
    .where('is_active', '=', 1)
    .orderBy('id')
    .executeTakeFirst();
  return warehouse?.id;
}
