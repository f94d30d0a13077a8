import { TRANSPORTER_MESSAGES } from '../../../shared/schemas/transporters';
import { forbidden } from '../../http/errors';
import type { Db } from '../../platform/db';

/**
 * What a transporter's account allows and is owed, read by their routes (modules/transporters) and
 * by the USSD's transporter menu alike: here in transport, which neither depends on.
 */

/** Before accepting a load: 403 with a sentence unless the operator verified this transporter. */
export async function requireVerified(db: Db, userId: number): Promise<void> {
  const row = await db.selectFrom('transporter_profiles').select('status').where('user_id', '=', userId).executeTakeFirst();
  if (row?.status === 'VERIFIED') return;
  throw forbidden(row?.status === 'REJECTED' ? TRANSPORTER_MESSAGES.rejected : TRANSPORTER_MESSAGES.notVerified);
}

/** What the transporter's accepted loads not yet delivered will earn: held until each arrives. */
export async function heldForTransporter(db: Db, userId: number, share: (feeMinor: number) => number): Promise<number> {
  const rows = await db.selectFrom('consignments').select('fee_minor').where('transporter_id', '=', userId).where('status', 'in', ['AT_ORIGIN', 'IN_TRANSIT']).execute();
  return rows.reduce((sum, r) => sum + share(r.fee_minor), 0);
}
