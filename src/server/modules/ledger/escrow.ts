import { sql } from 'kysely';
import type { Db } from '../../platform/db';
import { ACCOUNTS } from './accounts';
import { post, type Leg } from './post';
import { debtPaidFrom } from './transporter-debt';

/**
 * Escrow: a paid order's money is held per seller (their lines) and for the platform (the
 * order's VAT), released at pickup and given back on a cancel. Each function is called inside
 * the transaction of the state change it books (settle, pickup, cancel, refund).
 */

/** Each seller's share of an order: the totals of their lines (`sellerId` and `totalMinor` of each). */
function sharesOf(lines: readonly OrderLine[]) {
  const shares = new Map<number, number>();
  for (const line of lines) shares.set(line.sellerId, (shares.get(line.sellerId) ?? 0) + line.totalMinor);
  return [...shares].sort(([a], [b]) => a - b).map(([sellerId, share]) => ({ sellerId, share }));
}

/** One line of an order as escrow needs it: whose it is and what it cost. */
export interface OrderLine {
  sellerId: number;
  totalMinor: number;
}

/** What escrow still holds for an order, per seller (null: the platform's part, the VAT). */
async function heldFor(trx: Db, orderId: number) {
  const rows = await trx
    .selectFrom('ledger_entries')
    .select(['seller_id as sellerId', sql<number>`sum(credit_minor) - sum(debit_minor)`.as('held')])
    .where('account', '=', ACCOUNTS.escrow)
    .where('order_id', '=', orderId)
    .groupBy('seller_id')
    .orderBy('seller_id')
    .execute();
  return rows.map((r) => ({ sellerId: r.sellerId, held: Number(r.held) })).filter((r) => r.held > 0);
}

/**
 * Payment settled: the money at the provider is held for the order's sellers. `lines` are all
 * the order's lines and `transportMinor` its transport fees, read by the caller in the same
 * transaction (the payment's notices list the same rows, so they are read once).
 */
export async function holdPayment(trx: Db, payment: { id: number; orderId: number; amountMinor: number; reference: string; feeMinor?: number; transportMinor: number }, lines: readonly OrderLine[]): Promise<void> {
  const shares = sharesOf(lines);
  // The consignments' fees (VAT included) are held apart, per order, until each consignment
  // arrives (docs/transport.md); the caller read them with the order's lock.
  const transport = payment.transportMinor;
  const platformPart = payment.amountMinor - shares.reduce((sum, s) => sum + s.share, 0) - transport;
  if (platformPart < 0) throw new Error(`Order ${payment.orderId} paid less than its lines and transport`);
  await post(trx, {
    key: `hold:payment:${payment.id}`,
    kind: 'escrow.hold',
    memo: `Payment ${payment.reference} held until pickup`,
    orderId: payment.orderId,
    legs: [
      { account: ACCOUNTS.clearing, debit: payment.amountMinor },
      ...shares.map((s): Leg => ({ account: ACCOUNTS.escrow, sellerId: s.sellerId, credit: s.share })),
      { account: ACCOUNTS.escrow, sellerId: null, credit: platformPart },
      ...(transport > 0 ? [{ account: ACCOUNTS.transportHeld, sellerId: null, credit: transport }] : []),
    ],
  });
  await recordFee(trx, payment);
}

/** The provider's fee on a payment, when it reports one: it never reached our balance. */
async function recordFee(trx: Db, payment: { id: number; orderId: number; feeMinor?: number; reference: string }) {
  if (!payment.feeMinor || payment.feeMinor <= 0) return;
  await post(trx, {
    key: `fee:payment:${payment.id}`,
    kind: 'provider.fee',
    memo: `Provider fee on ${payment.reference}`,
    orderId: payment.orderId,
    legs: [
      { account: ACCOUNTS.fees, debit: payment.feeMinor },
      { account: ACCOUNTS.clearing, credit: payment.feeMinor },
    ],
  });
}

/** Money arrived on a payment that cannot settle its order (replaced, late and sold out): it is owed back. */
export async function owePaymentBack(trx: Db, payment: { id: number; orderId: number; amountMinor: number; reference: string }): Promise<void> {
  await post(trx, {
    key: `refund-due:payment:${payment.id}`,
    kind: 'refund.due',
    memo: `Payment ${payment.reference} could not pay for its order; owed back to the buyer`,
    orderId: payment.orderId,
    legs: [
      { account: ACCOUNTS.clearing, debit: payment.amountMinor },
      { account: ACCOUNTS.refunds, credit: payment.amountMinor },
    ],
  });
}

/** What is held of an order's transport fees (those of consignments not yet arrived). */
export async function transportHeldFor(trx: Db, orderId: number): Promise<number> {
  const row = await trx
    .selectFrom('ledger_entries')
    .select(sql<number>`coalesce(sum(credit_minor) - sum(debit_minor), 0)`.as('held'))
    .where('account', '=', ACCOUNTS.transportHeld)
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return Number(row.held);
}

/**
 * A paid order is cancelled before pickup: what escrow holds falls back and is owed to the
 * buyer, the transport fees still held with it (a fee already released on arrival stays the
 * transporter's: `refundMinor` is the payment less those, docs/transport.md).
 */
export async function escrowToRefund(trx: Db, orderId: number, refundMinor: number, reason: string): Promise<void> {
  const held = await heldFor(trx, orderId);
  const transport = await transportHeldFor(trx, orderId);
  const total = held.reduce((sum, h) => sum + h.held, 0) + transport;
  const legs: Leg[] = held.map((h) => ({ account: ACCOUNTS.escrow, sellerId: h.sellerId, orderId, debit: h.held }));
  if (transport > 0) legs.push({ account: ACCOUNTS.transportHeld, orderId, debit: transport });
  // An order paid before the ledger began has nothing in escrow: its money is at the provider.
  if (total < refundMinor) legs.push({ account: ACCOUNTS.clearing, debit: refundMinor - total });
  legs.push({ account: ACCOUNTS.refunds, credit: Math.max(total, refundMinor) });
  await post(trx, { key: `cancel:order:${orderId}`, kind: 'escrow.refund', memo: reason, orderId, legs });
}

/**
 * Some lines of a paid order are refunded on their own (lost on the road, docs/money.md): each
 * seller's escrow for those lines, the VAT held for them (the order's VAT share in proportion to
 * the lines' value among the lines not yet refunded; all of what is left with the last lines),
 * and `transportMinor` of the transport fees held, all owed to the buyer in one posting. Returns
 * the amount owed. `key` makes it once per part.
 */
export async function escrowLinesToRefund(
  trx: Db,
  part: { key: string; orderId: number; lines: readonly OrderLine[]; remainingMinor: number; transportMinor: number; reason: string },
): Promise<number> {
  const held = await heldFor(trx, part.orderId);
  const vatHeld = held.find((h) => h.sellerId === null)?.held ?? 0;
  const linesMinor = part.lines.reduce((sum, l) => sum + l.totalMinor, 0);
  // remainingMinor: the value of the order's lines not refunded before, these included.
  const vat = linesMinor >= part.remainingMinor ? vatHeld : Math.floor((vatHeld * linesMinor) / part.remainingMinor);
  const legs: Leg[] = sharesOf(part.lines).map((s) => ({ account: ACCOUNTS.escrow, sellerId: s.sellerId, orderId: part.orderId, debit: s.share }));
  if (vat > 0) legs.push({ account: ACCOUNTS.escrow, sellerId: null, orderId: part.orderId, debit: vat });
  if (part.transportMinor > 0) legs.push({ account: ACCOUNTS.transportHeld, orderId: part.orderId, debit: part.transportMinor });
  const owed = linesMinor + vat + part.transportMinor;
  if (owed <= 0) return 0;
  legs.push({ account: ACCOUNTS.refunds, credit: owed });
  await post(trx, { key: part.key, kind: 'escrow.refund', memo: part.reason, orderId: part.orderId, legs });
  return owed;
}

/** The provider refunded the buyer: the debt is paid from our provider balance. */
export async function refundSent(trx: Db, refund: { id: number; orderId: number; amountMinor: number; reference: string }): Promise<void> {
  await post(trx, {
    key: `refund:${refund.id}:sent`,
    kind: 'refund.sent',
    memo: `Refund of ${refund.reference} completed`,
    orderId: refund.orderId,
    legs: [
      { account: ACCOUNTS.refunds, debit: refund.amountMinor },
      { account: ACCOUNTS.clearing, credit: refund.amountMinor },
    ],
  });
}

/** round(amount × bp / 10000), half up, in integer arithmetic. */
export const commissionOf = (amountMinor: number, bp: number) => Math.floor((amountMinor * bp + 5_000) / 10_000);

/**
 * What stays held at a pickup for lines the buyer refused (docs/money.md, "A line refused at
 * pickup"): `lines` are those lines, `remainingMinor` the value of every line not refunded,
 * these included. Their VAT is kept in proportion to their value, rounded down.
 */
export interface KeptAtPickup {
  lines: readonly OrderLine[];
  remainingMinor: number;
}

/** Escrow's balances less what a pickup keeps for refused lines. */
function lessKept(held: { sellerId: number | null; held: number }[], kept: KeptAtPickup | undefined) {
  if (!kept || kept.lines.length === 0) return held;
  const keptValue = kept.lines.reduce((sum, l) => sum + l.totalMinor, 0);
  const vatHeld = held.find((h) => h.sellerId === null)?.held ?? 0;
  const keptVat = keptValue >= kept.remainingMinor ? vatHeld : Math.floor((vatHeld * keptValue) / kept.remainingMinor);
  const shares = sharesOf(kept.lines);
  return held
    .map((h) => ({ sellerId: h.sellerId, held: h.held - (h.sellerId === null ? keptVat : (shares.find((s) => s.sellerId === h.sellerId)?.share ?? 0)) }))
    .filter((h) => h.held > 0);
}

/**
 * The buyer collected: each seller's share, less their commission, becomes available to them;
 * `kept` stays held for the lines the buyer refused at the counter until the operator decides.
 */
export async function releaseEscrow(trx: Db, orderId: number, orderNumber: string, kept?: KeptAtPickup): Promise<void> {
  const held = lessKept(await heldFor(trx, orderId), kept);
  if (held.length === 0) return;
  const rates = await trx
    .selectFrom('seller_profiles')
    .select(['user_id', 'commission_rate_bp'])
    .where('user_id', 'in', held.map((h) => h.sellerId ?? 0))
    .execute();
  const legs: Leg[] = [];
  for (const h of held) {
    legs.push({ account: ACCOUNTS.escrow, sellerId: h.sellerId, orderId, debit: h.held });
    if (h.sellerId === null) {
      legs.push({ account: ACCOUNTS.vat, credit: h.held });
      continue;
    }
    const bp = rates.find((r) => r.user_id === h.sellerId)?.commission_rate_bp ?? 500;
    const commission = commissionOf(h.held, bp);
    legs.push({ account: ACCOUNTS.available, sellerId: h.sellerId, credit: h.held - commission });
    legs.push({ account: ACCOUNTS.commission, sellerId: h.sellerId, credit: commission });
  }
  await post(trx, { key: `release:order:${orderId}`, kind: 'escrow.release', memo: `Order ${orderNumber} collected`, orderId, legs });
}

/**
 * A consignment arrived: its fee leaves the order's transport escrow; the VAT inside it is owed,
 * our commission (the transporter's rate) is ours, the rest is the transporter's (docs/transport.md).
 */
export async function releaseTransportFee(
  trx: Db,
  c: { consignmentId: number; orderId: number; orderNumber: string; feeMinor: number; vatMinor: number; transporterId: number; commissionBp: number },
): Promise<void> {
  if (c.feeMinor <= 0) return;
  const net = c.feeMinor - c.vatMinor;
  const commission = commissionOf(net, c.commissionBp);
  // A refund charged to this transporter beyond its unpaid earnings is paid from this fee first.
  const toDebt = await debtPaidFrom(trx, c.transporterId, net - commission);
  const legs: Leg[] = [
    { account: ACCOUNTS.transportHeld, orderId: c.orderId, debit: c.feeMinor },
    { account: ACCOUNTS.available, sellerId: c.transporterId, credit: net - commission - toDebt },
    { account: ACCOUNTS.transporterDebt, sellerId: c.transporterId, credit: toDebt },
  ];
  if (c.vatMinor > 0) legs.push({ account: ACCOUNTS.vat, credit: c.vatMinor });
  if (commission > 0) legs.push({ account: ACCOUNTS.commission, sellerId: c.transporterId, credit: commission });
  await post(trx, { key: `release:consignment:${c.consignmentId}`, kind: 'transport.release', memo: `Consignment ${c.consignmentId} of ${c.orderNumber} arrived`, orderId: c.orderId, legs });
}
