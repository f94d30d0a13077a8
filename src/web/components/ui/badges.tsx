import { CheckCircle2, Clock, Package, Warehouse, XCircle, type LucideIcon } from 'lucide-react';
import { t } from '../../../shared/i18n';
import { HISTORY_LABELS, ORDER_STATUS_LABELS, orderStatusLabel, PAYMENT_STATUS_LABELS, paymentStatusLabel, historyLabel } from '../../../shared/order-labels';
import type { HistoryStatus, OrderStatus, PaymentStatus } from '../../../shared/schemas/orders';
import { useT } from '../../i18n/language';

/**
 * The words of an order's status, its history's steps and its payment, in the reader's
 * language (the catalogue's `order.` messages; English's are shared/order-labels.ts's, which
 * e-mails and SMS use). An unknown code is shown as order-labels shows it.
 */
export const statusWords = (status: string): string =>
  status in ORDER_STATUS_LABELS ? t(`order.status.${status as OrderStatus}`) : orderStatusLabel(status);
export const historyWords = (status: string): string =>
  status in HISTORY_LABELS ? t(`order.history.${status as HistoryStatus}`) : historyLabel(status);
export const paymentWords = (status: string): string =>
  status in PAYMENT_STATUS_LABELS ? t(`order.payment.${status as PaymentStatus}`) : paymentStatusLabel(status);

/** Order statuses and their colours (spec: DELIVERED green, PROCESSING blue, SHIPPED yellow, CANCELLED red, others grey). */
const STATUS_STYLE: Record<string, { className: string; icon: LucideIcon }> = {
  PENDING: { className: 'bg-gray-100 text-gray-800', icon: Clock },
  PROCESSING: { className: 'bg-blue-100 text-blue-900', icon: Package },
  SHIPPED: { className: 'bg-yellow-100 text-yellow-900', icon: Warehouse },
  DELIVERED: { className: 'bg-green-100 text-green-900', icon: CheckCircle2 },
  CANCELLED: { className: 'bg-red-100 text-red-900', icon: XCircle },
};

/** "REFUND_DUE" -> "Refund due": statuses are shown capitalised. */
export const capitalise = (status: string) => {
  const words = status.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export function StatusBadge({ status }: { status: string }) {
  useT();
  const style = STATUS_STYLE[status] ?? STATUS_STYLE.PENDING;
  const Icon = style.icon;
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${style.className}`}>
      <Icon size={14} aria-hidden="true" />
      {statusWords(status)}
    </span>
  );
}

/** Payment status: PAID green, anything else yellow. */
export function PaymentBadge({ status }: { status: string }) {
  useT();
  const paid = status === 'PAID';
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${paid ? 'bg-green-100 text-green-900' : 'bg-yellow-100 text-yellow-900'}`}>
      {paymentWords(status)}
    </span>
  );
}
