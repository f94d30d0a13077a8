import { formatMinor } from '../../../shared/money';
import { partsOfOrderRow } from '../../../shared/totals';
import { parseGhanaMobile } from '../../../shared/phone';
import type { NotificationChannel, NotificationTopic } from '../../../shared/schemas/notifications';
import type { Db } from '../db';
import { MESSAGE_TOPICS, type MessageEvent } from './events';
import { CONSIGNMENT_WORDS, type ConsignmentNews } from './consignment-words';
import { GREETING, messageLanguage, ORDER_WORDS, type OrderFacts, type OrderNews } from './order-words';
import { LISTING_WORDS, SOLD_WORDS, USSD_ORDER_WORDS } from './seller-words';
import { knownChannels, knownChannelsColumns, WHATSAPP_ORDER_DEFAULTS, type KnownChannels } from './preferences';
import { fitSms } from './sms-text';
import { BUYER_CHECK_WORDS, SELLER_CHECK_WORDS } from './check-words';
import { BUYER_REFUSAL_WORDS, SELLER_REFUSAL_WORDS, type RefusalNews } from './refusal-words';
import { precompiled } from '../db/precompiled';

/** What one person hears about one event, in each channel's words; the outbox picks the channels. */
export interface Notice {
  userId: number;
  topic: NotificationTopic;
  /** Undefined for a phone-only account (no e-mail address). */
  email: { to: string; subject: string; text: string } | undefined;
  /** Undefined when the user has no Ghana mobile number on file. */
  sms: { to: string; text: string } | undefined;
  push: { title: string; body: string };
  /** The same words by WhatsApp, to the Ghana mobile number (undefined without one), and the template that carries them outside the 24-hour window. */
  whatsapp: { to: string; text: string; template?: WhatsAppTemplate } | undefined;
  /** The channels on unless switched (an order bought on WhatsApp hears there, not by SMS); undefined: DEFAULT_PREFERENCE. */
  defaults?: Record<NotificationChannel, boolean>;
  /** The page in the app this is about. */
  link: string;
  /** The person's switches and devices when they were read with the event (the order's buyer). */
  known?: KnownChannels;
}

interface Person {
  id: number;
  email: string | null;
  first_name: string;
  phone: string | null;
  /** Their chosen language (users.language); null: English. */
  language: string | null;
}

const PERSON = ['users.id', 'users.email', 'users.first_name', 'users.phone', 'users.language'] as const;

/** Phones are stored as digits (0241234567 or 233241234567); SMS goes to Ghana mobiles as +233…. */
export function smsNumber(phone: string | null): string | undefined {
  if (!phone) return undefined;
  return (parseGhanaMobile(phone) ?? parseGhanaMobile(`+${phone.replace(/^\+/, '')}`))?.international;
}

type WhatsAppTemplate = { name: string; language: 'en' | 'ak'; params: string[] };

const notice = (person: Person, topic: NotificationTopic, link: string, parts: { subject: string; lines: string[]; sms: string[]; push: string }, language = 'en', known?: KnownChannels, template?: WhatsAppTemplate): Notice => ({
  ...(known ? { known } : {}),
  userId: person.id,
  topic,
  link,
  email: person.email ? { to: person.email, subject: parts.subject, text: [(GREETING[language] ?? GREETING.en!)(person.first_name), '', ...parts.lines, '', 'Akuafo Market'].join('\n') } : undefined,
  sms: ((to) => (to ? { to, text: fitSms(...(parts.sms as [string, ...string[]])) } : undefined))(smsNumber(person.phone)),
  push: { title: parts.subject, body: parts.push },
  whatsapp: ((to) => (to ? { to, text: parts.sms.join(' '), ...(template ? { template } : {}) } : undefined))(smsNumber(person.phone)),
});

/** Who hears about an event and what they are told. Reads everything from the database. */
export async function renderEvent(db: Db, event: MessageEvent, reads: OrderReads = newOrderReads()): Promise<Notice[]> {
  const once = <T,>(memo: Map<number, Promise<T>>, read: (orderId: number) => Promise<T>) => (orderId: number) => {
    if (!memo.has(orderId)) memo.set(orderId, read(orderId));
    return memo.get(orderId)!;
  };
  const load: Loads = { order: once(reads.orders, (id) => loadOrder(db, id)), lines: (id) => readOrderLines(db, id, reads) };
  switch (event.kind) {
    case 'order.status':
      return orderStatusNotices(event.orderId, load);
    case 'order.placed':
      return orderPlacedNotices(event.orderId, load);
    case 'order.sold':
      return orderSoldNotices(event.orderId, load);
    case 'consignment.moved':
      return consignmentNotices(db, event.consignmentId, load);
    case 'listing.decided':
      return listingNotices(db, event.submissionId);
    case 'refusal.changed':
      return refusalNotices(db, event.refusalId);
    case 'check.failed':
      return checkNotices(db, event.checkId);
  }
}

type LoadedOrder = Awaited<ReturnType<typeof loadOrder>>;
/** Orders read once for several events rendered together (a payment's two notices), by id. */
type Line = Awaited<ReturnType<typeof loadLines>>[number];
export interface OrderReads {
  orders: Map<number, Promise<LoadedOrder>>;
  lines: Map<number, Promise<Line[]>>;
}
export const newOrderReads = (): OrderReads => ({ orders: new Map(), lines: new Map() });
interface Loads {
  order: (orderId: number) => Promise<LoadedOrder>;
  lines: (orderId: number) => Promise<Line[]>;
}

/**
 * The order's lines, each with its seller and the seller's switches and push devices, in one
 * query: the buyer's paid notice lists them (in line order), each seller hears of their own (by
 * seller), and a payment's ledger takes each seller's share from the same rows (readOrderLines).
 */
async function loadLines(db: Db, orderId: number) {
  return (await linesWithSellers(db, { orderId })).rows;
}
// Built once per dialect: it runs in every payment (precompiled.ts).
const linesWithSellers = precompiled((db, p: (name: 'orderId') => never) =>
  db
    .selectFrom('order_items')
    .innerJoin('products', 'products.id', 'order_items.product_id')
    .innerJoin('users', 'users.id', 'products.seller_id')
    .select([...PERSON, 'order_items.id as line_id', 'order_items.product_name', 'order_items.quantity', 'order_items.total_minor'])
    .select(knownChannelsColumns(db))
    .where('order_items.order_id', '=', p('orderId'))
    .orderBy('users.id')
    .orderBy('order_items.id'),
);

/**
 * The order's lines with their sellers (`id` is the seller's), read now and kept in `reads`, so
 * the notices rendered with the same reads do not read them again (a payment's ledger and its
 * notices share one read).
 */
export function readOrderLines(db: Db, orderId: number, reads: OrderReads): Promise<Line[]> {
  if (!reads.lines.has(orderId)) reads.lines.set(orderId, loadLines(db, orderId));
  return reads.lines.get(orderId)!;
}

// Built once per dialect: it runs in every payment and USSD order (precompiled.ts).
const orderWithBuyer = precompiled((db, p: (name: 'orderId') => never) =>
  db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .innerJoin('warehouses', 'warehouses.id', 'orders.pickup_warehouse_id')
    // selectAll, so columns later migrations add (the pickup code) come along when present.
    .selectAll('orders')
    .select(BUYER_AND_WAREHOUSE)
    .select(knownChannelsColumns(db))
    .where('orders.id', '=', p('orderId')),
);
const BUYER_AND_WAREHOUSE = ['users.email as buyer_email', 'users.first_name as buyer_first_name', 'users.phone as buyer_phone', 'users.language as buyer_language', 'warehouses.name as warehouse_name', 'warehouses.address as warehouse_address'] as const;

/**
 * PostgreSQL: orderWithBuyer that also locks the order's row (its updated_at touched, as a
 * payment's lock does) and brings its lines with their sellers (linesWithSellers' columns), a
 * row per line, in one statement: the CTE named `orders` stands for the table in the select.
 */
const lockedOrderWithBuyer = precompiled((db, p: (name: 'orderId' | 'at') => never) =>
  db
    .with('orders', (w) => w.updateTable('orders').set({ updated_at: p('at') }).where('id', '=', p('orderId')).returningAll())
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .innerJoin('warehouses', 'warehouses.id', 'orders.pickup_warehouse_id')
    .leftJoin('order_items', 'order_items.order_id', 'orders.id')
    .leftJoin('products', 'products.id', 'order_items.product_id')
    .leftJoin('users as sellers', 'sellers.id', 'products.seller_id')
    .selectAll('orders')
    .select(BUYER_AND_WAREHOUSE)
    .select(knownChannelsColumns(db))
    .select(['sellers.id as seller_id', 'sellers.email as seller_email', 'sellers.first_name as seller_first_name', 'sellers.phone as seller_phone', 'sellers.language as seller_language'])
    .select(['order_items.id as line_id', 'order_items.product_name as line_product_name', 'order_items.quantity as line_quantity', 'order_items.total_minor as line_total_minor'])
    .select(knownChannelsColumns(db, 'sellers', 'seller_known'))
    .orderBy('sellers.id')
    .orderBy('order_items.id'),
);

/**
 * The order with its buyer and pickup warehouse, and the buyer's switches and push devices,
 * in one query (it runs inside checkout's and payment's transactions, and on USSD's confirm).
 */
async function loadOrder(db: Db, orderId: number) {
  return loadedOrder((await orderWithBuyer(db, { orderId })).rows[0]);
}

function loadedOrder(row: Awaited<ReturnType<typeof orderWithBuyer>>['rows'][number] | undefined) {
  if (!row) return undefined;
  const { buyer_email, buyer_first_name, buyer_phone, buyer_language, warehouse_name, warehouse_address, known_switches, known_devices, ...order } = row;
  const buyer: Person = { id: order.user_id, email: buyer_email, first_name: buyer_first_name, phone: buyer_phone, language: buyer_language };
  const buyerChannels = knownChannels({ known_switches, known_devices });
  return { order, buyer, buyerChannels, warehouse: { name: warehouse_name, address: warehouse_address }, pickupCode: pickupCodeOf(order) };
}

/**
 * PostgreSQL: locks the order's row (UPDATE, as a state change does before it reads the order)
 * and reads it and its lines for its notices in the same statement; the lines go into `reads`
 * at once (readOrderLines hands them out). Returns the order as locked; once the caller has
 * changed it under the lock, `keep` hands the notices rendered with `reads` the order as changed
 * (the columns the change set), so they do not read it again.
 */
export async function lockOrderForNotices(trx: Db, orderId: number, at: string, reads: OrderReads) {
  const rows = (await lockedOrderWithBuyer(trx, { orderId, at })).rows;
  if (rows.length === 0) throw new Error(`Order ${orderId} not found`);
  const lines: Line[] = [];
  const orderRows = rows.map((row) => {
    const { seller_id, seller_email, seller_first_name, seller_phone, seller_language, line_id, line_product_name, line_quantity, line_total_minor, seller_known_switches, seller_known_devices, ...orderRow } = row;
    if (seller_id !== null && line_id !== null) {
      lines.push({ id: seller_id, email: seller_email, first_name: seller_first_name!, phone: seller_phone, language: seller_language, line_id, product_name: line_product_name!, quantity: line_quantity!, total_minor: line_total_minor!, known_switches: seller_known_switches, known_devices: seller_known_devices });
    }
    return orderRow;
  });
  const loaded = loadedOrder(orderRows[0])!;
  reads.lines.set(orderId, Promise.resolve(lines));
  const keep = (changed: Partial<typeof loaded.order>) => {
    reads.orders.set(orderId, Promise.resolve({ ...loaded, order: { ...loaded.order, ...changed } }));
  };
  return { order: loaded.order, keep };
}

/** The one place the pickup code is read: the orders module adds `pickup_code` to orders. */
function pickupCodeOf(order: object): string | undefined {
  const code = (order as { pickup_code?: unknown }).pickup_code;
  return typeof code === 'string' && code !== '' ? code : undefined;
}

async function orderStatusNotices(orderId: number, load: Loads): Promise<Notice[]> {
  const loaded = await load.order(orderId);
  if (!loaded) return [];
  const { order, buyer, buyerChannels, warehouse, pickupCode } = loaded;
  const no = order.order_number;
  const total = formatMinor(order.total_minor);
  const link = `/orders/${order.id}`;
  const news = orderNews(order);
  if (!news) return [];
  const items = news === 'paid' ? (await load.lines(orderId)).toSorted((a, b) => a.line_id - b.line_id).map(({ quantity, product_name, total_minor }) => ({ quantity, product_name, total_minor })) : [];
  const parts = partsOfOrderRow(order);
  const facts: OrderFacts = {
    no,
    total,
    parts,
    warehouseName: warehouse.name,
    warehouseAddress: warehouse.address,
    items,
    estimatedReady: order.estimated_delivery,
    pickupCode,
    refundDue: order.payment_status === 'REFUND_DUE' || order.payment_status === 'PAID',
  };
  const language = messageLanguage(buyer.language);
  // A USSD buyer has no app to open: they pay again by dialling the code they used.
  const words = news === 'paymentFailed' && order.channel === 'ussd'
    ? (USSD_ORDER_WORDS[language] ?? USSD_ORDER_WORDS.en!).paymentFailed({ no, total, parts, warehouseName: warehouse.name, ussdCode: order.ussd_code })
    : ORDER_WORDS[language]!(news, facts);
  const template = orderTemplate(news, facts, language);
  return [{ ...notice(buyer, MESSAGE_TOPICS['order.status'], link, words, language, buyerChannels, template), ...(order.channel === 'whatsapp' ? { defaults: WHATSAPP_ORDER_DEFAULTS } : {}) }];
}

/** The approved template of an order's news (docs/whatsapp.md, "Templates"), for WhatsApp outside the 24-hour window. */
function orderTemplate(news: OrderNews, f: OrderFacts, language: string): WhatsAppTemplate | undefined {
  const lang = language === 'ak' ? 'ak' : 'en';
  if (news === 'paid') return { name: 'order_paid', language: lang, params: [f.no, f.total] };
  if (news === 'ready') return { name: 'order_ready', language: lang, params: [f.no, f.warehouseName, f.pickupCode ?? '-'] };
  if (news === 'collected') return { name: 'order_collected', language: lang, params: [f.no, f.warehouseName] };
  return undefined;
}

/** What an order's state is news of for its buyer, if anything. */
function orderNews(order: { status: string; payment_status: string }): OrderNews | undefined {
  if (order.status === 'PROCESSING' && order.payment_status === 'PAID') return 'paid';
  if (order.status === 'SHIPPED') return 'ready';
  if (order.status === 'DELIVERED') return 'collected';
  if (order.status === 'PENDING' && order.payment_status === 'FAILED') return 'paymentFailed';
  if (order.status === 'CANCELLED') return order.payment_status === 'REFUNDED' ? 'refunded' : 'cancelled';
  return undefined;
}

/** USSD orders only: the number and total, since the screen that showed them is gone in a moment. */
async function orderPlacedNotices(orderId: number, load: Loads): Promise<Notice[]> {
  const loaded = await load.order(orderId);
  if (!loaded || loaded.order.channel !== 'ussd') return [];
  const { order, buyer, buyerChannels, warehouse } = loaded;
  const language = messageLanguage(buyer.language);
  const words = (USSD_ORDER_WORDS[language] ?? USSD_ORDER_WORDS.en!).placed({ no: order.order_number, total: formatMinor(order.total_minor), parts: partsOfOrderRow(order), warehouseName: warehouse.name, ussdCode: order.ussd_code });
  return [notice(buyer, MESSAGE_TOPICS['order.placed'], `/orders/${order.id}`, words, language, buyerChannels)];
}

async function orderSoldNotices(orderId: number, load: Loads): Promise<Notice[]> {
  const loaded = await load.order(orderId);
  if (!loaded) return [];
  const { order, warehouse } = loaded;
  const lines = await load.lines(orderId);
  const sellers = new Map<number, typeof lines>();
  for (const line of lines) sellers.set(line.id, [...(sellers.get(line.id) ?? []), line]);
  return [...sellers.values()].map((own) => {
    const seller = own[0]!;
    const amount = formatMinor(own.reduce((sum, l) => sum + l.total_minor, 0));
    const what = own.map((l) => `${l.quantity} x ${l.product_name}`);
    const language = messageLanguage(seller.language);
    const words = (SOLD_WORDS[language] ?? SOLD_WORDS.en!)({
      no: order.order_number,
      what,
      lines: own.map((l) => `  ${l.quantity} x ${l.product_name}: ${formatMinor(l.total_minor)}`),
      amount,
      warehouseName: warehouse.name,
      warehouseAddress: warehouse.address,
    });
    return notice(seller, MESSAGE_TOPICS['order.sold'], '/seller/orders', words, language, knownChannels(seller));
  });
}

const CONSIGNMENT_NEWS: readonly string[] = ['AT_ORIGIN', 'IN_TRANSIT', 'ARRIVED'] satisfies ConsignmentNews[];

/**
 * The buyer hears the consignment's current state, by SMS and push (no e-mail: consignment-words.ts).
 * An arrival that made the order ready for pickup says nothing of its own: the ready notice,
 * queued by the same step, names the warehouse and the pickup code, and one SMS is enough.
 */
async function consignmentNotices(db: Db, consignmentId: number, load: Loads): Promise<Notice[]> {
  const c = await db
    .selectFrom('consignments')
    .innerJoin('warehouses as f', 'f.id', 'consignments.from_warehouse_id')
    .innerJoin('warehouses as t', 't.id', 'consignments.to_warehouse_id')
    .leftJoin('users as carrier', 'carrier.id', 'consignments.transporter_id')
    .select(['consignments.order_id', 'consignments.status', 'consignments.expected_ready_at', 'f.town as from_town', 'f.name as from_name', 't.town as to_town', 't.name as to_name', 'carrier.first_name as carrier'])
    .where('consignments.id', '=', consignmentId)
    .executeTakeFirst();
  if (!c || !CONSIGNMENT_NEWS.includes(c.status)) return [];
  const loaded = await load.order(c.order_id);
  if (!loaded) return [];
  const { order, buyer, buyerChannels } = loaded;
  if (c.status === 'ARRIVED' && order.status !== 'PROCESSING') return [];
  const language = messageLanguage(buyer.language);
  const words = (CONSIGNMENT_WORDS[language] ?? CONSIGNMENT_WORDS.en!)(c.status as ConsignmentNews, {
    no: order.order_number,
    from: c.from_town ?? c.from_name,
    to: c.to_town ?? c.to_name,
    carrier: c.carrier,
    expectedReadyAt: c.expected_ready_at,
  });
  const told = notice(buyer, MESSAGE_TOPICS['consignment.moved'], `/orders/${order.id}`, { ...words, lines: [] }, language, buyerChannels);
  return [{ ...told, email: undefined }];
}

async function listingNotices(db: Db, submissionId: number): Promise<Notice[]> {
  const row = await db
    .selectFrom('product_submissions')
    .innerJoin('users', 'users.id', 'product_submissions.seller_id')
    .select([...PERSON, 'product_submissions.name', 'product_submissions.status', 'product_submissions.review_note'])
    .where('product_submissions.id', '=', submissionId)
    .executeTakeFirst();
  if (!row || row.status === 'PENDING') return [];
  const link = '/sellers/me/products';
  const language = messageLanguage(row.language);
  // Changes to a live listing that were turned down: the approved listing stays as it was.
  const news = row.status === 'APPROVED' ? (row.review_note ? 'changesRejected' : 'approved') : 'rejected';
  return [notice(row, MESSAGE_TOPICS['listing.decided'], link, (LISTING_WORDS[language] ?? LISTING_WORDS.en!)(news, row.name, row.review_note ?? ''), language)];
}

/**
 * A notice by SMS and push only, in the person's language (no e-mail: the order page and the
 * seller's sales say it), for a line's news: refused at pickup, failed the warehouse check.
 */
function toldBySmsAndPush(person: Person | undefined, topic: NotificationTopic, link: string, words: (language: string) => Omit<Parameters<typeof notice>[3], 'lines'>): Notice[] {
  if (!person) return [];
  const language = messageLanguage(person.language);
  return [{ ...notice(person, topic, link, { ...words(language), lines: [] }, language), email: undefined }];
}

/**
 * A line refused at pickup: the buyer and the line's seller hear of the refusal, then of the
 * operator's decision, by SMS and push (no e-mail: the order page and the seller's sales say it).
 */
async function refusalNotices(db: Db, refusalId: number): Promise<Notice[]> {
  const r = await db
    .selectFrom('pickup_refusals as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .innerJoin('order_items as i', 'i.id', 'r.order_item_id')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .innerJoin('warehouses as w', 'w.id', 'r.warehouse_id')
    .select(['r.order_id', 'o.order_number', 'o.user_id', 'o.status', 'p.seller_id', 'i.product_name', 'w.name as warehouse', 'r.reason', 'r.outcome', 'r.charged_to'])
    .where('r.id', '=', refusalId)
    .executeTakeFirst();
  if (!r) return [];
  const people = await db.selectFrom('users').select([...PERSON]).where('users.id', 'in', [r.user_id, r.seller_id]).execute();
  const news: RefusalNews = r.outcome === null ? 'refused' : r.outcome === 'REFUND' ? 'refunded' : 'released';
  const facts = { no: r.order_number, product: r.product_name, warehouse: r.warehouse, reason: r.reason, chargedTo: r.charged_to as 'SELLER' | 'TRANSPORTER' | null, collected: r.status === 'DELIVERED' };
  return [
    ...toldBySmsAndPush(people.find((p) => p.id === r.user_id), MESSAGE_TOPICS['refusal.changed'], `/orders/${r.order_id}`, (l) => (BUYER_REFUSAL_WORDS[l] ?? BUYER_REFUSAL_WORDS.en!)(news, facts)),
    ...toldBySmsAndPush(people.find((p) => p.id === r.seller_id), MESSAGE_TOPICS['order.sold'], '/seller/orders', (l) => (SELLER_REFUSAL_WORDS[l] ?? SELLER_REFUSAL_WORDS.en!)(news, facts)),
  ];
}

/**
 * A line failed the warehouse check: the buyer hears it is refunded, its seller why and where to
 * collect the goods, by SMS and push (no e-mail: the order page and the seller's sales say it).
 */
async function checkNotices(db: Db, checkId: number): Promise<Notice[]> {
  const r = await db
    .selectFrom('line_checks as c')
    .innerJoin('orders as o', 'o.id', 'c.order_id')
    .innerJoin('order_items as i', 'i.id', 'c.order_item_id')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .innerJoin('warehouses as w', 'w.id', 'c.warehouse_id')
    .select(['c.order_id', 'o.order_number', 'o.user_id', 'p.seller_id', 'i.product_name', 'i.refund_reason', 'w.name', 'w.town', 'c.notes', 'c.moisture_pct', 'c.foreign_matter_pct', 'c.order_item_id', 'c.return_code'])
    .where('c.id', '=', checkId)
    .executeTakeFirst();
  if (!r) return [];
  const refund = await db.selectFrom('refunds').select('amount_minor').where('order_id', '=', r.order_id).where('part_key', '=', `lines:${r.order_item_id}`).executeTakeFirst();
  const people = await db.selectFrom('users').select([...PERSON]).where('users.id', 'in', [r.user_id, r.seller_id]).execute();
  const readings = r.moisture_pct === null ? '' : `moisture ${Number(r.moisture_pct)}%, foreign matter ${Number(r.foreign_matter_pct)}%`;
  const facts = { no: r.order_number, product: r.product_name, warehouse: r.town ?? r.name, reason: r.notes ?? readings, amount: formatMinor(refund?.amount_minor ?? 0), code: r.return_code ?? '' };
  return [
    ...toldBySmsAndPush(people.find((p) => p.id === r.user_id), MESSAGE_TOPICS['check.failed'], `/orders/${r.order_id}`, (l) => (BUYER_CHECK_WORDS[l] ?? BUYER_CHECK_WORDS.en!)(facts)),
    ...toldBySmsAndPush(people.find((p) => p.id === r.seller_id), MESSAGE_TOPICS['order.sold'], '/seller/orders', (l) => (SELLER_CHECK_WORDS[l] ?? SELLER_CHECK_WORDS.en!)(facts)),
  ];
}
