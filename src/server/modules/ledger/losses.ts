import type { Db } from '../../platform/db';
import { ACCOUNTS } from './accounts';
import { commissionOf, type OrderLine } from './escrow';
import { post, type Leg } from './post';

/**
 * Goods lost after the origin counted them in are the seller's sale made (docs/money.md): the
 * buyer's money for them went back with refundLines, so each seller is paid what a pickup would
 * have released (their lines less their commission) from the platform's loss account. No
 * commission is booked: the platform earns nothing on goods nobody received, so the loss is
 * only what the seller is paid. `key` makes it once per consignment. Returns what was paid.
 */
export async function payLostLines(trx: Db, loss: { key: string; orderId: number; lines: readonly OrderLine[]; memo: string }): Promise<number> {
  const bySeller = new Map<number, number>();
  for (const l of loss.lines) bySeller.set(l.sellerId, (bySeller.get(l.sellerId) ?? 0) + l.totalMinor);
  if (bySeller.size === 0) return 0;
  const rates = await trx.selectFrom('seller_profiles').select(['user_id', 'commission_rate_bp']).where('user_id', 'in', [...bySeller.keys()]).execute();
  const legs: Leg[] = [];
  let paid = 0;
  for (const [sellerId, value] of [...bySeller].sort(([a], [b]) => a - b)) {
    const net = value - commissionOf(value, rates.find((r) => r.user_id === sellerId)?.commission_rate_bp ?? 500);
    if (net <= 0) continue;
    legs.push({ account: ACCOUNTS.available, sellerId, credit: net });
    paid += net;
  }
  if (paid === 0) return 0;
  legs.unshift({ account: ACCOUNTS.transportLosses, debit: paid });
  await post(trx, { key: loss.key, kind: 'transport.loss', memo: loss.memo, orderId: loss.orderId, legs });
  return paid;
}
