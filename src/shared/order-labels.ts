/**
 * The words every screen, e-mail and SMS uses for where an order is. Akuafo is a pickup
 * marketplace: nothing is shipped or delivered, the buyer collects from a warehouse. The API
 * keeps the spec's status codes (PENDING, PROCESSING, SHIPPED, DELIVERED, CANCELLED); only
 * what a person reads is said here, once.
 */
import type { HistoryStatus, OrderStatus, PaymentStatus } from './schemas/orders';

/** An order's state: placed, paid, ready for pickup, collected (or cancelled). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  PENDING: 'Placed',
  PROCESSING: 'Paid',
  SHIPPED: 'Ready for pickup',
  DELIVERED: 'Collected',
  CANCELLED: 'Cancelled',
};

/** The steps of an order's status history. */
export const HISTORY_LABELS: Record<HistoryStatus, string> = {
  ORDER_PLACED: 'Order placed',
  PAYMENT_CONFIRMED: 'Paid',
  PROCESSING: 'Paid',
  SHIPPED: 'Ready for pickup',
  DELIVERED: 'Collected',
  CANCELLED: 'Cancelled',
  REFUNDED: 'Refunded',
  PARTLY_REFUNDED: 'Partly refunded',
};

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  PENDING: 'Awaiting payment',
  PAID: 'Paid',
  FAILED: 'Payment failed',
  REFUND_DUE: 'Refund due',
  REFUNDED: 'Refunded',
};

/** One line of an order on its way in: the seller brings it to the pickup warehouse. */
export const LINE_LABELS = {
  atWarehouse: 'At the warehouse',
  missing: 'Not at the warehouse yet',
} as const;

/** Any status code to its words; an unknown code is shown as itself, capitalised. */
export function orderStatusLabel(status: string): string {
  return (ORDER_STATUS_LABELS as Record<string, string>)[status] ?? capitalised(status);
}

export function historyLabel(status: string): string {
  return (HISTORY_LABELS as Record<string, string>)[status] ?? capitalised(status);
}

export function paymentStatusLabel(status: string): string {
  return (PAYMENT_STATUS_LABELS as Record<string, string>)[status] ?? capitalised(status);
}

function capitalised(code: string): string {
  const words = code.toLowerCase().replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
