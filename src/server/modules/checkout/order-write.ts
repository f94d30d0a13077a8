import { sql } from 'kysely';
import { CHECKOUT_MESSAGES, MAX_UNPAID_ORDERS } from '../../../shared/schemas/checkout';
import { HttpError } from '../../http/errors';
import { dialectOf, now, type Db } from '../../platform/db';
import { countCatalogueVersion } from '../../platform/db/catalogue-versions';
import { precompiled } from '../../platform/db/precompiled';
import { addHistory, lockBuyer, outOfStock, refuseBeyondUnpaidLimit, reserveStock } from '../orders/reservations';

/** ORD-2026-000123: the year and the order's id, so it is unique without a second counter. */
export const orderNumberFor = (id: number, at: Date) => `${orderNumberPrefix(at)}${String(id).padStart(6, '0')}`;
const orderNumberPrefix = (at: Date) => `ORD-${at.getUTCFullYear()}-`;

/** Everything a new order's rows hold, priced already (placeOrder). */
export interface NewOrder {
  userId: number;
  warehouseId: number;
  channel: 'app' | 'ussd';
  ussdCode: string | null;
  subtotal: number;
  tax: number;
  shipping: number;
  total: number;
  currency: string;
  notes: string | null;
  agentCode: string | null;
  paymentMethod: string;
  network: string;
  phone: string;
  createdAt: Date;
  expiresAt: string;
  estimatedDelivery: string;
  provider: string;
  reference: string;
  lines: { id: number; name: string; price_minor: number; quantity: number }[];
}

/**
 * Writes a new order inside checkout's transaction: the buyer's row locked (their parallel
 * checkouts count one after another), the unpaid-order limit, then the order, its lines, its
 * ORDER_PLACED history row and its PENDING payment, and last its stock (reserveStock: the
 * catalogue counter's lock is held to commit, so it is taken as late as possible). Returns the
 * order and the buyer's e-mail (the charge needs it). Throws the limit's 409 or OutOfStock.
 *
 * On PostgreSQL all but the lock is one statement (a data-modifying WITH; the order number is
 * computed from the id in SQL), since each statement costs the step Node CPU and a round trip
 * (docs/performance.md); a one-line order (every USSD order) takes its stock in it too. The
 * lock stays its own statement: the count must see every order committed before the lock was
 * granted, and a statement sees only what had committed when it began. SQLite has no
 * data-modifying WITH, and writes one statement at a time anyway.
 */
export async function writeOrder(trx: Db, o: NewOrder): Promise<{ id: number; orderNumber: string; buyerEmail: string | null }> {
  const stock = o.lines.map((l) => ({ productId: l.id, quantity: l.quantity, name: l.name }));
  if (dialectOf(trx) === 'postgres') {
    const buyer = await lockBuyer(trx, o.userId);
    const [only, ...more] = stock;
    const placed = await writeOrderPostgres(trx, o, more.length === 0);
    if (placed.unpaid >= MAX_UNPAID_ORDERS) throw new HttpError(409, CHECKOUT_MESSAGES.tooManyUnpaid, 'too_many_unpaid_orders');
    // Nothing was written but the counter's bump; throwing rolls it back.
    if (!placed.order) throw await outOfStock(trx, only!);
    if (more.length > 0) await reserveStock(trx, stock);
    return { ...placed.order, buyerEmail: buyer.email };
  }
  const buyer = await refuseBeyondUnpaidLimit(trx, o.userId);
  const at = o.createdAt.toISOString();
  const { id } = await trx
    .insertInto('orders')
    .values({ ...orderColumns(o), order_number: `TMP-${o.reference}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const orderNumber = orderNumberFor(id, o.createdAt);
  await trx.updateTable('orders').set({ order_number: orderNumber }).where('id', '=', id).execute();
  await trx
    .insertInto('order_items')
    .values(o.lines.map((l) => ({ order_id: id, product_id: l.id, product_name: l.name, unit_price_minor: l.price_minor, quantity: l.quantity, total_minor: l.price_minor * l.quantity })))
    .execute();
  await addHistory(trx, id, 'ORDER_PLACED', null);
  await trx
    .insertInto('payments')
    .values({ order_id: id, provider: o.provider, reference: o.reference, amount_minor: o.total, currency: o.currency, status: 'PENDING', provider_transaction_id: null, verified_at: null, raw: null, created_at: at, updated_at: at })
    .execute();
  await reserveStock(trx, stock);
  return { id, orderNumber, buyerEmail: buyer.email };
}

function orderColumns(o: NewOrder) {
  const at = o.createdAt.toISOString();
  return {
    user_id: o.userId,
    status: 'PENDING',
    payment_status: 'PENDING',
    pickup_warehouse_id: o.warehouseId,
    channel: o.channel,
    ussd_code: o.ussdCode,
    subtotal_minor: o.subtotal,
    discount_minor: 0,
    tax_minor: o.tax,
    shipping_minor: o.shipping,
    total_minor: o.total,
    currency: o.currency,
    notes: o.notes,
    agent_code: o.agentCode,
    payment_method: o.paymentMethod,
    mobile_money_network: o.network,
    mobile_money_number: o.phone,
    reservation_expires_at: o.expiresAt,
    estimated_delivery: o.estimatedDelivery,
    delivered_at: null,
    created_at: at,
    updated_at: at,
  };
}

/**
 * The order, lines, history and payment in one statement, written only when the buyer is under
 * the unpaid-order limit and, with `takeStock` (a one-line order), only when its stock was taken
 * in the same statement: reserveStock's conditional UPDATE and lock order (the counter's row,
 * then the product's), so the counter's lock is held from here to the commit, as it is after
 * reserveStock. Answers the buyer's unpaid count and the order, if one was written.
 */
async function writeOrderPostgres(trx: Db, o: NewOrder, takeStock: boolean): Promise<{ unpaid: number; order?: { id: number; orderNumber: string } }> {
  const at = o.createdAt.toISOString();
  const columns = orderColumns(o);
  const values: Record<string, unknown> = {
    userId: o.userId, maxUnpaid: MAX_UNPAID_ORDERS, at, now: now(), prefix: orderNumberPrefix(o.createdAt),
    provider: o.provider, reference: o.reference, total: o.total, currency: o.currency,
  };
  for (const [name, value] of Object.entries(columns)) values[`column_${name}`] = value;
  o.lines.forEach((l, i) => Object.assign(values, { [`line${i}_id`]: l.id, [`line${i}_name`]: l.name, [`line${i}_price`]: l.price_minor, [`line${i}_quantity`]: l.quantity }));
  const { rows } = await orderStatementFor(takeStock, o.lines.length)(trx, values);
  const row = rows[0]!;
  if (takeStock && row.id !== null) countCatalogueVersion();
  return { unpaid: Number(row.unpaid), ...(row.id !== null && { order: { id: Number(row.id), orderNumber: row.order_number! } }) };
}

/** writeOrderPostgres's statement, built and compiled once per shape (stock taken or not, number of lines): precompiled.ts. */
const orderStatements = new Map<string, ReturnType<typeof orderStatement>>();
const orderStatementFor = (takeStock: boolean, lineCount: number) => {
  const key = `${takeStock}:${lineCount}`;
  return orderStatements.get(key) ?? orderStatements.set(key, orderStatement(takeStock, lineCount)).get(key)!;
};
function orderStatement(takeStock: boolean, lineCount: number) {
  return precompiled<string, { unpaid: string | number; id: number | null; order_number: string | null }>((db, p) => {
    const columnNames = Object.keys(orderColumns(SHAPE));
    const names = sql.join(columnNames.map((c) => sql.ref(c)));
    const columnValues = sql.join(columnNames.map((c) => sql`${p(`column_${c}`)}`));
    // Typed, as a VALUES list's parameters are not typed by the columns they go into.
    const lines = sql.join(Array.from({ length: lineCount }, (_, i) => sql`(${p(`line${i}_id`)}::integer, ${p(`line${i}_name`)}::text, ${p(`line${i}_price`)}::integer, ${p(`line${i}_quantity`)}::integer)`));
    const stock = takeStock
      ? sql`, next_version as (
          update counters set value = value + 1 where name = 'catalogue' and exists (select 1 from allowed) returning value
        ), taken as (
          update products set stock_quantity = stock_quantity - ${p('line0_quantity')}, updated_at = ${p('now')}, version = (select value from next_version)
          where id = ${p('line0_id')} and is_active = 1 and stock_quantity >= ${p('line0_quantity')} and exists (select 1 from allowed)
          returning id
        )`
      : sql``;
    const statement = sql<{ unpaid: string | number; id: number | null; order_number: string | null }>`
      with unpaid as (
        select count(*) as n from orders where user_id = ${p('userId')} and status = 'PENDING' and payment_status <> 'PAID'
      ), allowed as (
        select 1 from unpaid where n < ${p('maxUnpaid')}
      )${stock}, new_order as (
        select nextval(pg_get_serial_sequence('orders', 'id')) as id from ${takeStock ? sql`taken` : sql`allowed`}
      ), placed as (
        insert into orders (id, order_number, ${names})
        select id, ${p('prefix')} || lpad(id::text, greatest(6, length(id::text)), '0'), ${columnValues} from new_order
        returning id, order_number
      ), order_lines as (
        insert into order_items (order_id, product_id, product_name, unit_price_minor, quantity, total_minor)
        select placed.id, l.product_id, l.product_name, l.unit_price_minor, l.quantity, l.unit_price_minor * l.quantity
        from placed cross join (values ${lines}) as l (product_id, product_name, unit_price_minor, quantity)
      ), history as (
        insert into order_status_history (order_id, status, notes, created_at) select id, 'ORDER_PLACED', null, ${p('at')} from placed
      ), payment as (
        insert into payments (order_id, provider, reference, amount_minor, currency, status, provider_transaction_id, verified_at, raw, created_at, updated_at)
        select id, ${p('provider')}, ${p('reference')}, ${p('total')}, ${p('currency')}, 'PENDING', null, null, null, ${p('at')}, ${p('at')} from placed
      )
      select unpaid.n as unpaid, placed.id, placed.order_number from unpaid left join placed on true`;
    return { compile: () => statement.compile(db) };
  });
}
/** Any order: only its column names are read, to build the statement once. */
const SHAPE = { createdAt: new Date(0), lines: [] } as unknown as NewOrder;
