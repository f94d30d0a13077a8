import { CheckCircle2, Clock, Package, Warehouse, XCircle, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
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

export function Banner({ kind, children }: { kind: 'error' | 'success' | 'info' | 'warning'; children: ReactNode }) {
  const colours = {
    error: 'bg-red-50 text-red-800 ring-red-200',
    success: 'bg-green-50 text-green-900 ring-green-200',
    info: 'bg-blue-50 text-blue-900 ring-blue-200',
    warning: 'bg-amber-50 text-amber-900 ring-amber-200',
  }[kind];
  return (
    <div role={kind === 'error' ? 'alert' : 'status'} className={`rounded-lg p-3 text-sm ring-1 ${colours}`}>
      {children}
    </div>
  );
}

export { formatDate, formatDateTime } from '../../../shared/dates';
