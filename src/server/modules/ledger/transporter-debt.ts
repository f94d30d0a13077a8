import { dialectOf, type Db } from '../../platform/db';
import { ACCOUNTS } from './accounts';
import { balanceOf } from './post';

/**
 * The transporter's payee row, locked for the caller's transaction on PostgreSQL (the payout job
 * takes the same lock), so its available balance and debt are read and moved one change at a time.
 */
export async function lockTransporter(trx: Db, transporterId: number): Promise<void> {
  if (dialectOf(trx) === 'postgres') await trx.selectFrom('transporter_profiles').select('user_id').where('user_id', '=', transporterId).forUpdate().execute();
}

/**
 * Of a transporter's fee released on arrival (`netMinor`: less VAT and commission), the part
 * that pays its debt first, read under the transporter's lock; the rest is its available money.
 */
export async function debtPaidFrom(trx: Db, transporterId: number, netMinor: number): Promise<number> {
  await lockTransporter(trx, transporterId);
  const debt = await balanceOf(trx, ACCOUNTS.transporterDebt, transporterId);
  return Math.min(Math.max(debt, 0), netMinor);
}
