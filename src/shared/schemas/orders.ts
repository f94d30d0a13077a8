import * as v from 'valibot';
import { pageParam, pageSizeParam } from './parse';

/** Order lifecycle of the spec. The tracking stepper shows the first four in order. */
export const ORDER_STATUSES = ['PENDING', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'CANCELLED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const TRACKING_STEPS: OrderStatus[] = ['PENDING', 'PROCESSING', 'SHIPPED', 'DELIVERED'];

/**
 * REFUND_DUE: paid, then cancelled (or paid after its reservation lapsed and stock ran out);
 * the refund job sends the money back and the order becomes REFUNDED.
 */
export const PAYMENT_STATUSES = ['PENDING', 'PAID', 'FAILED', 'REFUND_DUE', 'REFUNDED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Entries of an order's status history ("Status Updates" tab). */
export const HISTORY_STATUSES = ['ORDER_PLACED', 'PAYMENT_CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'CANCELLED', 'REFUNDED'] as const;
export type HistoryStatus = (typeof HISTORY_STATUSES)[number];

export const ORDERS_PAGE_SIZE = 10;
export const ORDER_SORT_FIELDS = ['createdAt', 'totalAmount', 'status', 'orderNumber'] as const;

export const ORDER_MESSAGES = {
  noOrderNumber: 'Please enter an order number',
  trackFailed: 'Failed to fetch order details',
  notFound: "We couldn't find the order you're looking for.",
  numberNotFound: (n: string) => `We couldn't find an order with number ${n}.`,
  readyForPickup: (warehouse: string) => `Ready for pickup at ${warehouse}`,
  cannotCancel: 'This order can no longer be cancelled: its goods are already at the warehouse or with you.',
  wrongPickupCode: 'That pickup code is not right for this order. Ask the buyer to read it again from the order page or the SMS.',
  pickupNotReady: 'This order is not ready for pickup yet.',
  linesMissing: (lines: string[]) =>
    `Not everything is at the warehouse yet: ${lines.join(', ')} ${lines.length === 1 ? 'is' : 'are'} still missing. Mark ${lines.length === 1 ? 'it' : 'them'} arrived first.`,
  cannotUnmark: 'This order is already ready for pickup and the buyer has its pickup code, so its lines can no longer be taken back.',
} as const;

/** GET /shop/customers/me/orders */
export const orderListQuerySchema = v.object({
  page: pageParam(),
  pageSize: pageSizeParam('pageSize', 50, ORDERS_PAGE_SIZE),
  sortBy: v.optional(v.picklist(ORDER_SORT_FIELDS, 'sortBy must be createdAt, totalAmount, status or orderNumber'), 'createdAt'),
  sortDir: v.optional(v.picklist(['asc', 'desc'], 'sortDir must be asc or desc'), 'desc'),
  status: v.optional(v.picklist(ORDER_STATUSES, 'status must be PENDING, PROCESSING, SHIPPED, DELIVERED or CANCELLED')),
});
export type OrderListQuery = v.InferOutput<typeof orderListQuerySchema>;

/** The track-order form and GET /shop/customers/track-order/{orderNumber}. */
export const orderNumberSchema = v.pipe(
  v.string(ORDER_MESSAGES.noOrderNumber),
  v.trim(),
  v.toUpperCase(),
  v.minLength(1, ORDER_MESSAGES.noOrderNumber),
  v.maxLength(40, 'That order number is too long'),
);

/** PATCH /admin/orders/{id}/status: an operator moves an order along. */
export const orderStatusUpdateSchema = v.object({
  status: v.picklist(['SHIPPED', 'DELIVERED', 'CANCELLED'], 'status must be SHIPPED, DELIVERED or CANCELLED'),
  notes: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(500, 'notes can be at most 500 characters'))),
});

/** POST /shop/customers/me/orders/{id}/cancel: the reason is optional. */
export const orderCancelSchema = v.object({
  reason: v.optional(v.pipe(v.string('The reason must be text'), v.trim(), v.maxLength(500, 'The reason can be at most 500 characters'))),
});

/** POST /admin/orders/{id}/pickup: the code the buyer shows at the warehouse. */
export const pickupCodeSchema = v.object({
  code: v.pipe(v.string('Enter the 6-digit pickup code'), v.trim(), v.regex(/^\d{6}$/, 'The pickup code is 6 digits')),
});

/** Refund states: PENDING until the provider accepts it, PROCESSING while it pays out, then COMPLETED (or FAILED). */
export const REFUND_STATUSES = ['PENDING', 'PROCESSING', 'COMPLETED', 'FAILED'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** A refund as the buyer's order page shows it. */
export interface OrderRefund {
  status: RefundStatus;
  amount: number;
  currency: 'GHS';
  createdAt: string;
  completedAt: string | null;
}

/** GET /admin/refunds: every refund for the operator, newest first. */
export const adminRefundListQuerySchema = v.object({
  status: v.optional(v.picklist(REFUND_STATUSES, 'status must be PENDING, PROCESSING, COMPLETED or FAILED')),
  page: pageParam(),
  pageSize: pageSizeParam('pageSize', 50, 20),
});
export type AdminRefundListQuery = v.InferOutput<typeof adminRefundListQuerySchema>;

export interface AdminRefund extends OrderRefund {
  id: number;
  orderId: number;
  orderNumber: string;
  reason: string;
  paymentReference: string;
  provider: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
}

/** What every order list shows of an order: the buyer's list and the operator's desk. */
export interface OrderSummary {
  id: number;
  orderNumber: string;
  createdAt: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  totalAmount: number;
  currency: 'GHS';
  itemCount: number;
  itemsSummary: { productName: string; quantity: number }[];
}

export interface OrderListItem extends OrderSummary {
  hasMoreItems: boolean;
  previewImage: string | null;
}

export interface OrderAddress {
  name: string;
  street: string;
  city: string;
  region: string;
  postalCode: string | null;
  country: string;
}

export interface OrderItemReview {
  rating: number;
  comment: string;
  createdAt: string;
  reviewer: { id: number; firstName: string; lastName: string };
}

export interface OrderDetailItem {
  id: number;
  quantity: number;
  unitPrice: number;
  totalPrice: number;
  product: { id: number; name: string; sku: string; imagesUrls: string[]; review: OrderItemReview | null };
}

export interface OrderHistoryEntry {
  id: number;
  status: HistoryStatus;
  createdAt: string;
  notes: string | null;
  /** A lucide icon name for the status. */
  icon: string;
}

export interface OrderDetail {
  id: number;
  orderNumber: string;
  createdAt: string;
  updatedAt: string;
  deliveredAt: string | null;
  estimatedDelivery: string | null;
  reservationExpiresAt: string | null;
  status: OrderStatus;
  currency: 'GHS';
  subtotal: number;
  discountAmount: number;
  shippingCost: number;
  taxAmount: number;
  totalAmount: number;
  shippingAddress: OrderAddress;
  billingAddress: OrderAddress;
  shippingMethod: string;
  trackingNumber: string;
  trackingUrl: string;
  notes: string | null;
  agentCode: string | null;
  paymentMethod: string;
  paymentStatus: PaymentStatus;
  mobileMoney: { network: string | null; phoneNumber: string | null };
  transactionId: string | null;
  paymentReference: string | null;
  paymentDate: string | null;
  statusHistory: OrderHistoryEntry[];
  customer: { phoneNumber: string | null; user: { firstName: string; lastName: string; email: string } };
  items: OrderDetailItem[];
  /** Shown to the buyer while the order is ready for pickup (SHIPPED); null otherwise. */
  pickupCode: string | null;
  /** The buyer may still cancel: unpaid, or paid with none of its goods at the warehouse yet. */
  canCancel: boolean;
  refund: OrderRefund | null;
}

/** The tracking shape of the spec. */
export interface TrackedOrder {
  id: number;
  orderNumber: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  statusHistory: { id: number; status: HistoryStatus; createdAt: string }[];
  createdAt: string;
  currency: 'GHS';
  /** The parts of totalAmount, as on the order (beyond the spec's shape: a total is shown with its parts). */
  subtotal: number;
  discountAmount: number;
  shippingCost: number;
  taxAmount: number;
  totalAmount: number;
  items: { productName: string; productImage: string | null; quantity: number; unitPrice: number }[];
  paymentMethod: string;
  customerName: string;
  /** The pickup warehouse, its name first (beyond the spec's shape: the buyer must know which depot). */
  shippingAddress: OrderAddress;
  expectedDelivery: string | null;
  trackingUrl: string;
}

/** The icon each history status is drawn with (lucide names). */
export const HISTORY_ICONS: Record<HistoryStatus, string> = {
  ORDER_PLACED: 'clipboard-list',
  PAYMENT_CONFIRMED: 'credit-card',
  PROCESSING: 'package',
  SHIPPED: 'truck',
  DELIVERED: 'check-circle',
  CANCELLED: 'x-circle',
  REFUNDED: 'rotate-ccw',
};

export const ADMIN_ORDERS_PAGE_SIZE = 20;

/** GET /admin/orders: the operator's order desk, newest first. */
export const adminOrderListQuerySchema = v.object({
  status: v.optional(v.picklist(ORDER_STATUSES, 'status must be PENDING, PROCESSING, SHIPPED, DELIVERED or CANCELLED')),
  page: pageParam(),
  pageSize: pageSizeParam('pageSize', 50, ADMIN_ORDERS_PAGE_SIZE),
});
export type AdminOrderListQuery = v.InferOutput<typeof adminOrderListQuerySchema>;

export interface AdminOrderLine {
  id: number;
  productName: string;
  quantity: number;
  sellerName: string;
  /** When it arrived at the pickup warehouse; null while it is still missing. */
  atWarehouseAt: string | null;
}

/** One order as the operator's desk lists it: who bought what, and where it is collected. */
export interface AdminOrderListItem extends OrderSummary {
  /** Each line and whether it is at the pickup warehouse yet (the order is ready only when all are). */
  lines: AdminOrderLine[];
  customer: { firstName: string; lastName: string; email: string; phone: string | null };
  pickupWarehouse: string;
}
