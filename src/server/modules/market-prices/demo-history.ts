import { INDEX_WEEKS } from '../../../shared/market-prices';
import { isoWeekOf, weekStart, weeksEndingWith } from '../../../shared/market-weeks';
import type { Db } from '../../platform/db';
import { recordPaidOrder } from './index-update';

/** A repeatable "random" number in [0, 1) from a seed, so every fresh demo tells the same story. */
function noise(seed: number): number {
  const x = Math.sin(seed * 12.9898) * 43_758.5453;
  return x - Math.floor(x);
}


/**
 * Twelve weeks of trade in the demo's mapped listings, so a fresh start shows living charts:
 * each week's asking price (a gentle seasonal drift towards today's price) and 3 to 5 paid,
 * collected orders a week from one demo buyer, each counted by the index's own update.
 */
export async function seedMarketHistory(db: Db, nowMs = Date.now()): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const listings = await trx.selectFrom('products').select(['id', 'price_minor', 'commodity_id', 'region']).where('commodity_id', 'is not', null).orderBy('id').execute();
    const warehouse = await trx.selectFrom('warehouses').select('id').orderBy('id').executeTakeFirstOrThrow();
    const at = new Date(nowMs).toISOString();
    const buyer = await trx
      .insertInto('users')
      .values({ email: 'market.history@akuafo.demo', password_hash: '!', first_name: 'Adwoa', last_name: 'Market', phone: null, user_type: 'CUSTOMER', profile_image: null, is_email_verified: 1, password_changed_at: null, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return writeHistory(trx, listings, buyer.id, warehouse.id, nowMs);
  });
}

async function writeHistory(trx: Db, listings: { id: number; price_minor: number; commodity_id: string | null; region: string }[], buyerId: number, warehouseId: number, nowMs: number) {
  const weeks = weeksEndingWith(isoWeekOf(nowMs), INDEX_WEEKS);
  let orders = 0;
  for (const [li, p] of listings.entries()) {
    const listing = { id: p.id, priceMinor: p.price_minor };
    for (const [wi, week] of weeks.entries()) {
      // The price then: up to ±12% off today's, drifting back to it by this week.
      const drift = 1 + (INDEX_WEEKS - 1 - wi) * 0.01 * (noise(li) > 0.5 ? 1 : -1) + (noise(li * 31 + wi) - 0.5) * 0.08;
      const asking = Math.round((listing.priceMinor * (wi === weeks.length - 1 ? 1 : drift)) / 50) * 50;
      const monday = weekStart(week);
      if (wi < weeks.length - 1) {
        await trx.insertInto('market_asks').values({ product_id: listing.id, commodity_id: p.commodity_id, region: p.region, price_minor: asking, active: 1, at: new Date(monday).toISOString() }).execute();
      }
      const sales = 3 + Math.floor(noise(li * 7 + wi * 3) * 3);
      for (let s = 0; s < sales; s++) {
        const at = Math.min(monday + (1 + s) * 86_400_000 + 9 * 3_600_000, nowMs - (sales - s) * 60_000);
        const unit = Math.round((asking * (0.9 + noise(li + wi + s) * 0.1)) / 50) * 50;
        const quantity = 1 + Math.floor(noise(li * 13 + s) * 4);
        await paidOrder(trx, { buyerId, warehouseId, productId: listing.id, unit, quantity, at: new Date(at), sequence: orders });
        orders += 1;
      }
    }
  }
  return orders;
}

/** One collected order of one line, paid at `at`, counted by the price index as a real payment is. */
async function paidOrder(trx: Db, o: { buyerId: number; warehouseId: number; productId: number; unit: number; quantity: number; at: Date; sequence: number }) {
  const at = o.at.toISOString();
  const total = o.unit * o.quantity;
  const { id } = await trx
    .insertInto('orders')
    .values({
      order_number: `AKM-HIST-${String(o.sequence + 1).padStart(5, '0')}`, user_id: o.buyerId, status: 'DELIVERED', payment_status: 'PAID', pickup_warehouse_id: o.warehouseId,
      subtotal_minor: total, discount_minor: 0, tax_minor: 0, shipping_minor: 0, total_minor: total, currency: 'GHS', notes: null, agent_code: null,
      payment_method: 'MOBILE_MONEY', mobile_money_network: 'MTN', mobile_money_number: '0241234567', reservation_expires_at: null, estimated_delivery: at, delivered_at: at, created_at: at, updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const name = (await trx.selectFrom('products').select('name').where('id', '=', o.productId).executeTakeFirstOrThrow()).name;
  await trx.insertInto('order_items').values({ order_id: id, product_id: o.productId, product_name: name, unit_price_minor: o.unit, quantity: o.quantity, total_minor: total }).execute();
  await trx
    .insertInto('payments')
    .values({ order_id: id, provider: 'sandbox', reference: `hist-${o.sequence + 1}`, amount_minor: total, currency: 'GHS', status: 'SUCCESS', provider_transaction_id: null, verified_at: at, raw: null, created_at: at, updated_at: at })
    .execute();
  await recordPaidOrder(trx, id, o.at);
}
