import { toMinor } from '../../../shared/money';
import { CHECKOUT_MESSAGES, type ConfirmPaymentRequest, type SettleOutcome } from '../../../shared/schemas/checkout';
import type { Deps } from '../../http/context';
import { badRequest, notFound } from '../../http/errors';
import type { Db } from '../../platform/db';
import { releaseExpiredReservations } from '../orders';
import { settlePayment } from '../payments';

/**
 * The client says the customer paid; the server asks the provider. Only the order's owner,
 * only for a reference of that order, and only for the order's exact total.
 */
export async function confirmPayment(deps: Pick<Deps, 'config' | 'mailer' | 'logger'>, db: Db, userId: number, orderId: number, body: ConfirmPaymentRequest): Promise<SettleOutcome> {
  await releaseExpiredReservations(db);
  const order = await db.selectFrom('orders').select(['id', 'total_minor']).where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
  if (!order) throw notFound(CHECKOUT_MESSAGES.checkoutNotFound);
  const payment = await db.selectFrom('payments').select('reference').where('order_id', '=', order.id).where('reference', '=', body.paymentDetails.reference).executeTakeFirst();
  if (!payment) throw badRequest('This payment reference does not belong to this checkout.', { 'paymentDetails.reference': 'Unknown payment reference' });
  if (toMinor(body.amount) !== order.total_minor) {
    throw badRequest('The payment amount does not match the order total.', { amount: 'Does not match the order total' });
  }
  return settlePayment(deps, db, payment.reference);
}
