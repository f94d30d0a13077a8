import { CheckCircle2, Clock, Package, Warehouse, XCircle, type LucideIcon } from 'lucide-react';
import { orderStatusLabel, paymentStatusLabel } from '../../../shared/order-labels';

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
  const style = STATUS_STYLE[status] ?? STATUS_STYLE.PENDING;
  const Icon = style.icon;
  return (
    <span className={`inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ${style.className}`}>
      <Icon size={14} aria-hidden="true" />
      {orderStatusLabel(status)}
    </span>
  );
}

/** Payment status: PAID green, anything else yellow. */
export function PaymentBadge({ status }: { status: string }) {
  const paid = status === 'PAID';
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${paid ? 'bg-green-100 text-green-900' : 'bg-yellow-100 text-yellow-900'}`}>
      {paymentStatusLabel(status)}
    </span>
  );
}
