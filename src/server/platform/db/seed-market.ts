import { INDEX_WEEKS } from '../../../shared/market-prices';
import { isoWeekOf, weekStart, weeksEndingWith } from '../../../shared/market-weeks';
import { recordPaidOrder } from '../../modules/market-prices/index-update';
import type { Db } from './index';

/** The demo listings the price index counts, by name. */
export const SEED_COMMODITIES: Record<string, string> = {
  'White Maize (50 kg bag)': 'maize-50kg',
  'Yellow Maize (50 kg bag)': 'maize-50kg',
  'Local Brown Rice (5 kg bag)': 'rice-5kg',
  'Parboiled Perfume Rice (25 kg bag)': 'rice-25kg',
  'Pearl Millet (50 kg bag)': 'millet-50kg',
  'Red Sorghum (50 kg bag)': 'sorghum-50kg',
  'Soya Beans (50 kg bag)': 'soya-50kg',
  'Shelled Groundnuts (olonka)': 'groundnuts-olonka',
  'Black-eyed Cowpea (olonka)': 'cowpea-olonka',
  'Puna Yam (medium tuber)': 'yam-tuber',
  'Water Yam (tuber)': 'yam-tuber',
  'Fresh Cassava (maxi bag)': 'cassava-maxi-bag',
  'Fresh Tomatoes (crate)': 'tomatoes-crate',
  'Fresh Okra (medium basket)': 'okra-basket',
  'Red Onions (50 kg bag)': 'onions-50kg',
  'Fresh Red Pepper (olonka)': 'pepper-olonka',
  'Apem Plantain (bunch)': 'plantain-bunch',
  'Apentu Plantain (large bunch)': 'plantain-bunch',
  'Sugarloaf Pineapple (each)': 'pineapple-each',
  'West African Dwarf Goat (mature, head)': 'goat-head',
  'Live Broiler Chicken (about 2.5 kg)': 'broiler-live',
  'Fresh Eggs (crate of 30)': 'eggs-crate',
  'Free-range Eggs (crate of 30)': 'eggs-crate',
  'NPK 15-15-15 Fertilizer (50 kg bag)': 'npk-50kg',
  'Urea 46% N Fertilizer (50 kg bag)': 'urea-50kg',
};

/** A repeatable "random" number in [0, 1) from a seed, so every fresh demo tells the same story. */
function noise(seed: number): number {
  const x = Math.sin(seed * 12.9898) * 43_758.5453;
  return x - Math.floor(x);
}

interface SeedListing {
  id: number;
  priceMinor: number;
}

/**
 * Twelve weeks of trade in the demo's mapped listings, so a fresh start shows living charts:
 * each week's asking price (a gentle seasonal drift towards today's price) and 3 to 5 paid,
 * collected orders a week from one demo buyer, each counted by the index's own update.
 */
export async function seedMarketHistory(trx: Db, listings: SeedListing[], buyerId: number, warehouseId: number, nowMs = Date.now()): Promise<number> {
  const weeks = weeksEndingWith(isoWeekOf(nowMs), INDEX_WEEKS);
  const product = new Map((await trx.selectFrom('products').select(['id', 'commodity_id', 'region']).where('id', 'in', listings.map((l) => l.id)).execute()).map((p) => [p.id, p]));
  let orders = 0;
  for (const [li, listing] of listings.entries()) {
    const p = product.get(listing.id)!;
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
