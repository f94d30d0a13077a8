import { CURRENCY } from '../../../shared/money';
import { parseGhanaMobile, type MobileMoneyNetwork } from '../../../shared/phone';
import { CHECKOUT_MESSAGES, PAY_AGAIN_MESSAGES, RESERVATION_MINUTES, mobileNumberProblem, type CheckoutStarted } from '../../../shared/schemas/checkout';
import type { Deps } from '../../http/context';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors';
import { now, type Db } from '../../platform/db';
import { createPaymentProvider } from '../../platform/payments';
import { settlePayment } from '../payments';
import { releaseExpiredReservations } from '../orders';
import { chargeAttempt, chargeEmail, newReference, type CheckoutDeps } from './service';
import { inTransaction } from '../../platform/db/transactions';

/** New prompts one order may send to a phone within its reservation. */
const ATTEMPTS_PER_RESERVATION = 5;


/**
 * Pay again: a new mobile-money attempt (a new provider reference) on the same order while
 * its reservation holds. An attempt still open is asked about first, so money that did go
 * through is never charged twice; then it is superseded and can never settle the order (if it
 * is approved anyway, settlePayment refunds it). The reservation keeps its original end.
 */
export async function payAgain(
  deps: CheckoutDeps & Pick<Deps, 'rateLimiter'>,
  db: Db,
  userId: number,
  orderId: number,
  wallet: { phoneNumber?: string; network?: MobileMoneyNetwork },
  /** Counts the prompt against the wallet's allowance (throws 429 when it is spent). */
  spendPrompt: (wallet: string) => Promise<void>,
): Promise<CheckoutStarted> {
  await releaseExpiredReservations(db);
  const order = await findOrder(db, userId, orderId);
  if (order.payment_status !== 'PENDING' && order.payment_status !== 'FAILED') throw new HttpError(409, PAY_AGAIN_MESSAGES.alreadyPaid, 'already_paid');
  if (order.status !== 'PENDING') throw new HttpError(409, PAY_AGAIN_MESSAGES.expired, 'reservation_expired');

  const open = await db.selectFrom('payments').select('reference').where('order_id', '=', orderId).where('status', '=', 'PENDING').execute();
  for (const { reference } of open) {
    if ((await settlePayment(deps, db, reference)).status === 'PAID') throw new HttpError(409, PAY_AGAIN_MESSAGES.alreadyPaid, 'already_paid');
  }

  const network = wallet.network ?? (order.mobile_money_network as MobileMoneyNetwork);
  const number = wallet.phoneNumber?.trim() || order.mobile_money_number || '';
  const problem = mobileNumberProblem(number, network);
  if (problem) throw badRequest(problem, { 'paymentDetails.phoneNumber': problem });

  const limit = await deps.rateLimiter.hit(`pay-again:${orderId}`, ATTEMPTS_PER_RESERVATION, RESERVATION_MINUTES * 60_000);
  if (!limit.allowed) throw new HttpError(429, PAY_AGAIN_MESSAGES.tooMany);
  const phone = parseGhanaMobile(number)!.national;
  await spendPrompt(phone);

  const reference = newReference();
  const provider = createPaymentProvider(deps.config, db);
  await inTransaction(db, async (trx) => {
    const at = now();
    // The order row first (the lock order every payment path keeps), and only while it still waits.
    const reopened = await trx
      .updateTable('orders')
      .set({ payment_status: 'PENDING', mobile_money_network: network, mobile_money_number: phone, updated_at: at })
      .where('id', '=', orderId)
      .where('status', '=', 'PENDING')
      .where('payment_status', 'in', ['PENDING', 'FAILED'])
      .executeTakeFirst();
    if (Number(reopened.numUpdatedRows) !== 1) throw conflict(PAY_AGAIN_MESSAGES.orderChanged);
    await trx.updateTable('payments').set({ status: 'SUPERSEDED', updated_at: at }).where('order_id', '=', orderId).where('status', '=', 'PENDING').execute();
    await trx
      .insertInto('payments')
      .values({ order_id: orderId, provider: provider.name, reference, amount_minor: order.total_minor, currency: CURRENCY, status: 'PENDING', provider_transaction_id: null, verified_at: null, raw: null, created_at: at, updated_at: at })
      .execute();
  });

  return chargeAttempt(deps, db, {
    orderId,
    orderNumber: order.order_number,
    reference,
    totalMinor: order.total_minor,
    email: chargeEmail(order.email, phone),
    phone,
    network,
    expiresAt: order.reservation_expires_at,
    // The order keeps its reservation: this attempt failed, the buyer may try again.
    onFailure: async (trx) => {
      await trx.updateTable('payments').set({ status: 'FAILED', updated_at: now() }).where('reference', '=', reference).where('status', '=', 'PENDING').execute();
      await trx.updateTable('orders').set({ payment_status: 'FAILED', updated_at: now() }).where('id', '=', orderId).where('payment_status', '=', 'PENDING').execute();
    },
  });
}

async function findOrder(db: Db, userId: number, orderId: number) {
  const order = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['orders.id', 'orders.order_number', 'orders.status', 'orders.payment_status', 'orders.total_minor', 'orders.mobile_money_network', 'orders.mobile_money_number', 'orders.reservation_expires_at', 'users.email'])
    .where('orders.id', '=', orderId)
    .where('orders.user_id', '=', userId)
    .executeTakeFirst();
  if (!order) throw notFound(CHECKOUT_MESSAGES.checkoutNotFound);
  return order;
}

