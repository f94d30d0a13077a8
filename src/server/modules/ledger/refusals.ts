import type { Db } from '../../platform/db';
import { ACCOUNTS } from './accounts';
import { commissionOf, type OrderLine } from './escrow';
import { balanceOf, post, type Leg } from './post';
import { lockTransporter } from './transporter-debt';

/**
 * The books of a line refused at pickup (docs/money.md, "A line refused at pickup"): the line's
 * money stays in escrow past the pickup of the rest; the operator's RELEASE pays it out as a
 * collection, a REFUND charged to the transporter makes the seller whole from the transporter's
 * unpaid earnings, and what those do not cover is a debt its next loads' fees pay first.
 */

/** The seller's rate (basis points), 500 when the profile has none (as at pickup). */
async function commissionRateOf(trx: Db, sellerId: number): Promise<number> {
  const row = await trx.selectFrom('seller_profiles').select('commission_rate_bp').where('user_id', '=', sellerId).executeTakeFirst();
  return row?.commission_rate_bp ?? 500;
}

/**
 * After the order was collected, the operator released a refused line: its seller's share
 * becomes available less commission, and its VAT (in proportion among the lines still held,
 * `heldLinesMinor`, this one included; all that is left with the last) is owed, as at a pickup.
 */
export async function releaseRefusedLine(trx: Db, part: { key: string; orderId: number; memo: string; line: OrderLine; heldLinesMinor: number }): Promise<void> {
  const vatHeld = await balanceOf(trx, ACCOUNTS.escrow, null, part.orderId);
  const vat = part.line.totalMinor >= part.heldLinesMinor ? vatHeld : Math.floor((vatHeld * part.line.totalMinor) / part.heldLinesMinor);
  const commission = commissionOf(part.line.totalMinor, await commissionRateOf(trx, part.line.sellerId));
  const legs: Leg[] = [
    { account: ACCOUNTS.escrow, sellerId: part.line.sellerId, debit: part.line.totalMinor },
    { account: ACCOUNTS.available, sellerId: part.line.sellerId, credit: part.line.totalMinor - commission },
    { account: ACCOUNTS.commission, sellerId: part.line.sellerId, credit: commission },
  ];
  if (vat > 0) legs.push({ account: ACCOUNTS.escrow, sellerId: null, debit: vat }, { account: ACCOUNTS.vat, credit: vat });
  await post(trx, { key: part.key, kind: 'escrow.release', memo: part.memo, orderId: part.orderId, legs });
}

/**
 * A refund charged to the transporter: the buyer was refunded from escrow (refundLines' posting),
 * and the seller is paid for the goods it delivered, less commission, by the transporter: from
 * its available (unpaid) earnings first, the rest carried as its debt. Returns the debt part.
 */
export async function chargeTransporter(trx: Db, charge: { key: string; orderId: number; memo: string; transporterId: number; line: OrderLine }): Promise<number> {
  await lockTransporter(trx, charge.transporterId);
  const available = await balanceOf(trx, ACCOUNTS.available, charge.transporterId);
  const amount = charge.line.totalMinor;
  const fromAvailable = Math.min(Math.max(available, 0), amount);
  const debt = amount - fromAvailable;
  const commission = commissionOf(amount, await commissionRateOf(trx, charge.line.sellerId));
  await post(trx, {
    key: charge.key,
    kind: 'refusal.charge',
    memo: charge.memo,
    orderId: charge.orderId,
    legs: [
      { account: ACCOUNTS.available, sellerId: charge.transporterId, debit: fromAvailable },
      { account: ACCOUNTS.transporterDebt, sellerId: charge.transporterId, debit: debt },
      { account: ACCOUNTS.available, sellerId: charge.line.sellerId, credit: amount - commission },
      { account: ACCOUNTS.commission, sellerId: charge.line.sellerId, credit: commission },
    ],
  });
  return debt;
}
