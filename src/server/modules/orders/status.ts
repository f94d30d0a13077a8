import { conflict } from '../../http/errors';
import type { Db } from '../../platform/db';
import { inTransaction } from '../../platform/db/transactions';
import type { AuthUser } from '../../platform/auth/tokens';
import { recordAudit } from '../audit';
import { cancelOrder } from './cancel';
import { markOrderReady } from './fulfilment';

type Target = 'SHIPPED' | 'DELIVERED' | 'CANCELLED';

/**
 * An operator moves an order along: SHIPPED takes every line in at the warehouse and makes the
 * order ready for pickup; CANCELLED goes the buyer's way (stock back, refund if paid).
 * DELIVERED needs the buyer's pickup code (POST /admin/orders/{id}/pickup).
 */
export async function moveOrder(db: Db, orderId: number, target: Target, notes: string | undefined, operator: AuthUser) {
  if (target === 'DELIVERED') throw conflict("Hand the order over with the buyer's pickup code.");
  return inTransaction(db, async (trx) => {
    const before = await trx.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst();
    if (target === 'SHIPPED') await markOrderReady(trx, orderId, notes);
    else await cancelOrder(trx, orderId, 'operator', notes);
    await recordAudit(trx, operator, 'order.status', { type: 'order', id: orderId }, `${before?.status} -> ${target}${notes ? `: ${notes}` : ''}`);
    return { id: orderId, status: target };
  });
}
