import { sql } from 'kysely';
import { INDEX_WEEKS, MIN_BUYERS } from '../../../shared/market-prices';
import { isoWeekOf, weekStart, weeksEndingWith } from '../../../shared/market-weeks';
import type { Db } from '../../platform/db';
import { nextCatalogueVersion } from '../../platform/db/catalogue-versions';
import { createSandboxProvider } from '../../platform/payments/sandbox';
import { setQuantity } from '../cart';
import { type CheckoutDeps, startCheckout } from '../checkout';
import { collectWithCode, markLineAtWarehouse } from '../orders';
import { acceptLoad, arriveLoad, collectLoad, countLineIn } from '../transport';
import { settlePayment } from '../payments';
import { refileOrderSales } from '../market-prices';
import { seedMarketTraders } from './market-traders';

const DAY_MS = 86_400_000;

/** A repeatable "random" number in [0, 1) from a seed, so every fresh demo tells the same story. */
function noise(seed: number): number {
  const x = Math.sin(seed * 12.9898) * 43_758.5453;
  return x - Math.floor(x);
}

interface Listing {
  id: number;
  priceMinor: number;
  sellerId: number;
  /** Where it counts in the index: its commodity and region. */
  commodityId: string;
  region: string;
}

/**
 * The demo's buyers: the index publishes a paid price only where MIN_BUYERS bought (no buyer
 * may weigh more than a share of a cell), so the trade is spread over as many.
 */
export const DEMO_BUYERS = [
  { email: 'market.history@akuafo.demo', first_name: 'Adwoa', last_name: 'Market', phone: '0241234567' },
  { email: 'market.history2@akuafo.demo', first_name: 'Kwabena', last_name: 'Market', phone: '0241234568' },
  { email: 'market.history3@akuafo.demo', first_name: 'Esi', last_name: 'Market', phone: '0241234569' },
] as const;

/**
 * Twelve weeks of trade in the demo's mapped listings, so a fresh start shows living charts,
 * made by the services real trade goes through, so the ledger holds it. First the market's other
 * traders join (./market-traders.ts: the price index publishes a paid price only where 3 sellers
 * sold, and the three catalogue sellers alone never make three in a region). Then each week the
 * sellers ask a price (a gentle seasonal drift towards today's), and on 3 or 4 market days they
 * let it go a little under it to the demo buyers, each of whom orders a few of some of the
 * mapped listings in one order, checks out (the sandbox provider), pays, and collects once each
 * seller has brought their line to the warehouse: checkout, settlement (escrow) and collection
 * (escrow released to the sellers, the index's update), the same calls as the app's.
 *
 * Each listing sells on two of the week's market days, so the index gets 2 sales per listing
 * and week, 6 or more in a region where three sellers trade a crop. A crop's sales of a week
 * go to the buyers in turn, region by region (buyerOfSales), so every cell of 3 or more sales
 * has the MIN_BUYERS buyers it needs to publish. One order a buyer and market day carries the
 * lines that buyer takes that day: about 120 orders rather than 1,500, and prices
 * change twice a week rather than for every sale: each order through the services costs a few
 * transactions, and `npm start` must stay quick on a fresh machine.
 *
 * The services work at today's date; the story is then filed in its weeks, which a real
 * sale never needs: the order, its payment and history get the market day's date, its sales
 * move to that day's week (refileOrderSales, which recomputes the cells they left and joined),
 * and the listing price log's rows get the days the prices were set. The ledger's entries keep
 * the date they were posted. The messages the services queued for the story (to demo
 * addresses) are dropped, not sent. Stock is topped up by what the story sells, so each
 * listing ends with the stock it had.
 */
export async function seedMarketHistory(db: Db, deps: CheckoutDeps, nowMs = Date.now()): Promise<number> {
  await seedMarketTraders(db);
  const listings: Listing[] = (
    await db.selectFrom('products').select(['id', 'price_minor', 'seller_id', 'commodity_id', 'region']).where('commodity_id', 'is not', null).where('is_active', '=', 1).orderBy('id').execute()
  ).map((p) => ({ id: p.id, priceMinor: p.price_minor, sellerId: p.seller_id, commodityId: p.commodity_id!, region: p.region }));
  if (listings.length === 0) return 0;
  const warehouse = await db.selectFrom('warehouses').select('id').where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
  const at = new Date(nowMs).toISOString();
  const buyers = (
    await db
      .insertInto('users')
      .values(DEMO_BUYERS.map((b) => ({ ...b, password_hash: '!', user_type: 'CUSTOMER', profile_image: null, is_email_verified: 1, password_changed_at: null, created_at: at, updated_at: at })))
      .returning('id')
      .execute()
  ).map((b) => b.id);
  const transporterId = await historyTransporter(db, at);
  const firstMessage = Number((await db.selectFrom('messages').select(sql<number>`coalesce(max(id), 0)`.as('id')).executeTakeFirstOrThrow()).id);

  const days = marketDays(listings, nowMs);
  await changeListings(db, listings.map((l) => ({ id: l.id, stock: days.reduce((sum, d) => sum + d.quantities[listings.indexOf(l)]!, 0) })), undefined);
  const sold: { orderId: number; at: Date }[] = [];
  for (const [d, day] of days.entries()) {
    // The week's price for its market days, then its asking price again after the last: the
    // week's asking median is the price in force at its end (this week's: today's).
    if (day.firstOfWeek) await changeListings(db, listings.map((l, i) => ({ id: l.id, price: day.prices[i]! })), new Date(day.at.getTime() - 60_000));
    for (const [b, buyerId] of buyers.entries()) {
      const quantities = day.quantities.map((q, i) => (day.buyers[i] === b ? q : 0));
      if (quantities.some((q) => q > 0)) sold.push({ orderId: await sellAndCollect(db, deps, buyerId, warehouse.id, transporterId, listings, day.at, quantities), at: day.at });
    }
    if (days[d + 1]?.firstOfWeek !== false) await changeListings(db, listings.map((l, i) => ({ id: l.id, price: day.asking[i]! })), new Date(day.at.getTime() + 60_000));
  }
  await db.transaction().execute((trx) => refileOrderSales(trx, sold));
  await db.deleteFrom('messages').where('id', '>', firstMessage).execute();
  return days.length;
}

interface MarketDay {
  at: Date;
  firstOfWeek: boolean;
  /** Each listing's asking price that week. */
  asking: number[];
  prices: number[];
  quantities: number[];
  /** Which of the demo buyers takes each listing's line that day (by index). */
  buyers: number[];
}

/** The story's market days, oldest first: 3 to 5 a week, never later than now. */
function marketDays(listings: Listing[], nowMs: number): MarketDay[] {
  const weeks = weeksEndingWith(isoWeekOf(nowMs), INDEX_WEEKS);
  const days: MarketDay[] = [];
  for (const [wi, week] of weeks.entries()) {
    const monday = weekStart(week);
    // The asking price then: up to ±12% off today's, drifting back to it by this week.
    const asking = listings.map((l, li) => {
      const drift = 1 + (INDEX_WEEKS - 1 - wi) * 0.01 * (noise(li) > 0.5 ? 1 : -1) + (noise(li * 31 + wi) - 0.5) * 0.08;
      return wi === weeks.length - 1 ? l.priceMinor : Math.max(50, Math.round((l.priceMinor * drift) / 50) * 50);
    });
    // Sold a little under the asking price, as haggling goes.
    const prices = asking.map((a, li) => Math.max(50, Math.round((a * (0.9 + noise(li + wi) * 0.1)) / 50) * 50));
    const sales = 3 + Math.floor(noise(wi * 3 + 1) * 2);
    const first = days.length;
    for (let s = 0; s < sales; s++) {
      const at = Math.min(monday + (1 + s) * DAY_MS + 9 * 3_600_000, nowMs - (sales - s) * 60_000);
      days.push({
        at: new Date(at),
        firstOfWeek: s === 0,
        asking,
        prices,
        // Each listing sells on two of the week's market days (which two moves from listing to
        // listing and week to week): a crop's three sellers in a region make 6 sales a week,
        // enough to publish, and an order carries about half the listings.
        quantities: listings.map((_, li) => ((s - li - wi) % sales + sales) % sales < 2 ? 1 + Math.floor(noise(li * 13 + wi * 7 + s) * 4) : 0),
        buyers: [],
      });
    }
    buyerOfSales(listings, days.slice(first));
  }
  return days;
}

/**
 * Deals a week's sales of each commodity to the demo buyers in turn, region by region: any 3
 * sales running in that order have 3 buyers, so every region's cell of 3 or more sales, and the
 * whole country's, has MIN_BUYERS buyers.
 */
function buyerOfSales(listings: Listing[], week: MarketDay[]): void {
  for (const day of week) day.buyers = listings.map(() => -1);
  const sales = week.flatMap((day) => listings.map((l, li) => ({ day, li, l })).filter((x) => day.quantities[x.li]! > 0));
  sales.sort((a, b) => a.l.commodityId.localeCompare(b.l.commodityId) || a.l.region.localeCompare(b.l.region) || a.li - b.li || a.day.at.getTime() - b.day.at.getTime());
  let turn = 0;
  for (const [i, sale] of sales.entries()) {
    if (i > 0 && sales[i - 1]!.l.commodityId !== sale.l.commodityId) turn = 0;
    sale.day.buyers[sale.li] = turn++ % MIN_BUYERS;
  }
}

/**
 * Sellers' changes to their listings (a price, a stock top-up), each with the next catalogue
 * version; with `filedAt`, the price log's rows they wrote are filed at that date.
 */
async function changeListings(db: Db, changes: { id: number; price?: number; stock?: number }[], filedAt: Date | undefined): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const lastAsk = Number((await trx.selectFrom('market_asks').select(sql<number>`coalesce(max(id), 0)`.as('id')).executeTakeFirstOrThrow()).id);
    for (const c of changes) {
      const values = c.price !== undefined ? { price_minor: c.price } : { stock_quantity: sql<number>`stock_quantity + ${c.stock ?? 0}` };
      await trx.updateTable('products').set({ ...values, version: await nextCatalogueVersion(trx) }).where('id', '=', c.id).execute();
    }
    if (filedAt) await trx.updateTable('market_asks').set({ at: filedAt.toISOString() }).where('id', '>', lastAsk).execute();
  });
}

/** One buyer's order of a market day, through checkout, payment, the sellers' hand-over and collection, dated on its day. Returns its id. */
async function sellAndCollect(db: Db, deps: CheckoutDeps, buyerId: number, warehouseId: number, transporterId: number, listings: Listing[], day: Date, quantities: number[]): Promise<number> {
  // The basket in one transaction: one commit, not one per line.
  await db.transaction().execute(async (trx) => {
    for (const [i, l] of listings.entries()) if (quantities[i]! > 0) await setQuantity(trx, buyerId, l.id, quantities[i]!);
  });
  const started = await startCheckout(deps, db, buyerId, { pickupLocationId: warehouseId, mobileMoneyNetwork: 'MTN', mobileMoneyNumber: '0241234567', paymentMethod: 'MOBILE_MONEY', notes: '' });
  await createSandboxProvider(db).answer(started.reference, 'APPROVED');
  const settled = await settlePayment(deps, db, started.reference);
  if (settled.status !== 'PAID') throw new Error(`The demo history's order ${started.orderNumber} did not settle: ${settled.message}`);
  const orderId = started.orderId;
  const sellerOf = new Map(listings.map((l) => [l.id, l.sellerId]));
  const lines = await db.selectFrom('order_items').select(['id', 'product_id']).where('order_id', '=', orderId).execute();
  // Lines from a seller who drops off at this warehouse are brought in by the seller; the others
  // travel (issue 40): counted in at the seller's drop-off, carried, received here (docs/transport.md).
  const travelling = new Set((await db.selectFrom('consignment_lines').innerJoin('order_items', 'order_items.id', 'consignment_lines.order_item_id').select('order_item_id').where('order_items.order_id', '=', orderId).execute()).map((l) => l.order_item_id));
  await db.transaction().execute(async (trx) => {
    for (const line of lines) if (!travelling.has(line.id)) await markLineAtWarehouse(trx, { sellerId: sellerOf.get(line.product_id)! }, orderId, line.id);
  });
  for (const line of lines) if (travelling.has(line.id)) await countLineIn(db, { operator: true }, orderId, line.id);
  const consignments = await db.selectFrom('consignments').select(['id', 'collection_code', 'delivery_code', 'from_warehouse_id', 'to_warehouse_id']).where('order_id', '=', orderId).orderBy('id').execute();
  for (const c of consignments) {
    await acceptLoad(db, transporterId, c.id);
    await collectLoad(db, { warehouseId: c.from_warehouse_id }, c.id, c.collection_code);
    await arriveLoad(db, { warehouseId: c.to_warehouse_id }, c.id, c.delivery_code);
  }
  await db.transaction().execute(async (trx) => {
    const { pickup_code } = await trx.selectFrom('orders').select('pickup_code').where('id', '=', orderId).executeTakeFirstOrThrow();
    await collectWithCode(trx, orderId, pickup_code!);
  });
  await db.transaction().execute(async (trx) => {
    const at = day.toISOString();
    await trx.updateTable('orders').set({ created_at: at, updated_at: at, delivered_at: at, estimated_delivery: at }).where('id', '=', orderId).execute();
    await trx.updateTable('payments').set({ created_at: at, updated_at: at, verified_at: at }).where('order_id', '=', orderId).execute();
    await trx.updateTable('order_status_history').set({ created_at: at }).where('order_id', '=', orderId).execute();
  });
  return orderId;
}

/** The demo's transporter carries the story's loads (transporter@akuafo.demo when the demo has it, else one of the story's own). */
async function historyTransporter(db: Db, at: string): Promise<number> {
  const demo = await db.selectFrom('users').select('id').where('email', '=', 'transporter@akuafo.demo').executeTakeFirst();
  if (demo) return demo.id;
  const { id } = await db
    .insertInto('users')
    .values({ email: 'history.transporter@akuafo.demo', first_name: 'Kwame', last_name: 'Mensah', phone: null, password_hash: '!', user_type: 'TRANSPORTER' as 'CUSTOMER', profile_image: null, is_email_verified: 1, password_changed_at: null, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
