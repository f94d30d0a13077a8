import * as v from 'valibot';
import { orderLineCheckSchema, orderLineRefusalSchema } from './checks';
import { orderConsignmentSchema } from './transport';
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
export const HISTORY_STATUSES = ['ORDER_PLACED', 'PAYMENT_CONFIRMED', 'PROCESSING', 'SHIPPED', 'DELIVERED', 'CANCELLED', 'REFUNDED', 'PARTLY_REFUNDED'] as const;
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
export const orderRefundSchema = v.object({
  status: v.picklist(REFUND_STATUSES),
  amount: v.number(),
  currency: v.literal('GHS'),
  createdAt: v.string(),
  completedAt: v.nullable(v.string()),
});
export type OrderRefund = v.InferOutput<typeof orderRefundSchema>;

/** GET /admin/refunds: every refund for the operator, newest first. */
export const adminRefundListQuerySchema = v.object({
  status: v.optional(v.picklist(REFUND_STATUSES, 'status must be PENDING, PROCESSING, COMPLETED or FAILED')),
  page: pageParam(),
  pageSize: pageSizeParam('pageSize', 50, 20),
});
export type AdminRefundListQuery = v.InferOutput<typeof adminRefundListQuerySchema>;

export const adminRefundSchema = v.object({
  ...orderRefundSchema.entries,
  id: v.number(),
  orderId: v.number(),
  orderNumber: v.string(),
  reason: v.string(),
  paymentReference: v.string(),
  provider: v.string(),
  attempts: v.number(),
  lastError: v.nullable(v.string()),
  nextAttemptAt: v.nullable(v.string()),
});
export type AdminRefund = v.InferOutput<typeof adminRefundSchema>;

const orderStatusSchema = v.picklist(ORDER_STATUSES);
const paymentStatusSchema = v.picklist(PAYMENT_STATUSES);
const historyStatusSchema = v.picklist(HISTORY_STATUSES);

/** What every order list shows of an order: the buyer's list and the operator's desk. */
export const orderSummarySchema = v.object({
  id: v.number(),
  orderNumber: v.string(),
  createdAt: v.string(),
  status: orderStatusSchema,
  paymentStatus: paymentStatusSchema,
  totalAmount: v.number(),
  currency: v.literal('GHS'),
  itemCount: v.number(),
  itemsSummary: v.array(v.object({ productName: v.string(), quantity: v.number() })),
});
export type OrderSummary = v.InferOutput<typeof orderSummarySchema>;

export const orderListItemSchema = v.object({
  ...orderSummarySchema.entries,
  hasMoreItems: v.boolean(),
  previewImage: v.nullable(v.string()),
});
export type OrderListItem = v.InferOutput<typeof orderListItemSchema>;

export const orderAddressSchema = v.object({
  name: v.string(),
  street: v.string(),
  city: v.string(),
  region: v.string(),
  postalCode: v.nullable(v.string()),
  country: v.string(),
});
export type OrderAddress = v.InferOutput<typeof orderAddressSchema>;

export const orderItemReviewSchema = v.object({
  rating: v.number(),
  comment: v.string(),
  createdAt: v.string(),
  reviewer: v.object({ id: v.number(), firstName: v.string(), lastName: v.string() }),
});
export type OrderItemReview = v.InferOutput<typeof orderItemReviewSchema>;

export const orderDetailItemSchema = v.object({
  id: v.number(),
  quantity: v.number(),
  unitPrice: v.number(),
  totalPrice: v.number(),
  product: v.object({ id: v.number(), name: v.string(), sku: v.string(), imagesUrls: v.array(v.string()), review: v.nullable(orderItemReviewSchema) }),
  /** The warehouse's check of the line at drop-off (issue 41; null while unchecked). The server always answers it. */
  check: v.optional(orderLineCheckSchema),
  /** The line refused at the check or at pickup (issue 41; null when not). The server always answers it; optional for orders a phone kept from before. */
  refusal: v.optional(orderLineRefusalSchema),
});
export type OrderDetailItem = v.InferOutput<typeof orderDetailItemSchema>;

export const orderHistoryEntrySchema = v.object({
  id: v.number(),
  status: historyStatusSchema,
  createdAt: v.string(),
  notes: v.nullable(v.string()),
  /** A lucide icon name for the status. */
  icon: v.string(),
});
export type OrderHistoryEntry = v.InferOutput<typeof orderHistoryEntrySchema>;

export const orderDetailSchema = v.object({
  id: v.number(),
  orderNumber: v.string(),
  createdAt: v.string(),
  updatedAt: v.string(),
  deliveredAt: v.nullable(v.string()),
  estimatedDelivery: v.nullable(v.string()),
  reservationExpiresAt: v.nullable(v.string()),
  status: orderStatusSchema,
  currency: v.literal('GHS'),
  subtotal: v.number(),
  discountAmount: v.number(),
  shippingCost: v.number(),
  taxAmount: v.number(),
  totalAmount: v.number(),
  /** The consignments' fees, VAT included, part of totalAmount (issue 40, docs/transport.md). */
  transportTotal: v.optional(v.number()),
  shippingAddress: orderAddressSchema,
  billingAddress: orderAddressSchema,
  shippingMethod: v.string(),
  trackingNumber: v.string(),
  trackingUrl: v.string(),
  notes: v.nullable(v.string()),
  agentCode: v.nullable(v.string()),
  paymentMethod: v.string(),
  paymentStatus: paymentStatusSchema,
  mobileMoney: v.object({ network: v.nullable(v.string()), phoneNumber: v.nullable(v.string()) }),
  transactionId: v.nullable(v.string()),
  paymentReference: v.nullable(v.string()),
  paymentDate: v.nullable(v.string()),
  statusHistory: v.array(orderHistoryEntrySchema),
  customer: v.object({ phoneNumber: v.nullable(v.string()), user: v.object({ firstName: v.string(), lastName: v.string(), email: v.string() }) }),
  items: v.array(orderDetailItemSchema),
  /** Shown to the buyer while the order is ready for pickup (SHIPPED); null otherwise. */
  pickupCode: v.nullable(v.string()),
  /** The buyer may still cancel: unpaid, or paid with none of its goods at the warehouse yet. */
  canCancel: v.boolean(),
  refund: v.nullable(orderRefundSchema),
  /** Lines travelling from their seller's drop-off warehouse, each consignment with its timeline (towns, no coordinates). */
  consignments: v.optional(v.array(orderConsignmentSchema)),
});
export type OrderDetail = v.InferOutput<typeof orderDetailSchema>;

/** The tracking shape of the spec. */
export const trackedOrderSchema = v.object({
  id: v.number(),
  orderNumber: v.string(),
  status: orderStatusSchema,
  paymentStatus: paymentStatusSchema,
  statusHistory: v.array(v.object({ id: v.number(), status: historyStatusSchema, createdAt: v.string() })),
  createdAt: v.string(),
  currency: v.literal('GHS'),
  /** The parts of totalAmount, as on the order (beyond the spec's shape: a total is shown with its parts). */
  subtotal: v.number(),
  discountAmount: v.number(),
  shippingCost: v.number(),
  taxAmount: v.number(),
  totalAmount: v.number(),
  transportTotal: v.optional(v.number()),
  items: v.array(v.object({ productName: v.string(), productImage: v.nullable(v.string()), quantity: v.number(), unitPrice: v.number() })),
  paymentMethod: v.string(),
  customerName: v.string(),
  /** The pickup warehouse, its name first (beyond the spec's shape: the buyer must know which depot). */
  shippingAddress: orderAddressSchema,
  expectedDelivery: v.nullable(v.string()),
  trackingUrl: v.string(),
  /** As on the order: each consignment's timeline (issue 40). */
  consignments: v.optional(v.array(orderConsignmentSchema)),
});
export type TrackedOrder = v.InferOutput<typeof trackedOrderSchema>;

/** The icon each history status is drawn with (lucide names). */
export const HISTORY_ICONS: Record<HistoryStatus, string> = {
  ORDER_PLACED: 'clipboard-list',
  PAYMENT_CONFIRMED: 'credit-card',
  PROCESSING: 'package',
  SHIPPED: 'truck',
  DELIVERED: 'check-circle',
  CANCELLED: 'x-circle',
  REFUNDED: 'rotate-ccw',
  PARTLY_REFUNDED: 'rotate-ccw',
};

export const ADMIN_ORDERS_PAGE_SIZE = 20;

/** GET /admin/orders: the operator's order desk, newest first. */
export const adminOrderListQuerySchema = v.object({
  status: v.optional(v.picklist(ORDER_STATUSES, 'status must be PENDING, PROCESSING, SHIPPED, DELIVERED or CANCELLED')),
  page: pageParam(),
  pageSize: pageSizeParam('pageSize', 50, ADMIN_ORDERS_PAGE_SIZE),
});
export type AdminOrderListQuery = v.InferOutput<typeof adminOrderListQuerySchema>;

export const adminOrderLineSchema = v.object({
  id: v.number(),
  productName: v.string(),
  quantity: v.number(),
  sellerName: v.string(),
  /** When it arrived at the pickup warehouse; null while it is still missing. */
  atWarehouseAt: v.nullable(v.string()),
});
export type AdminOrderLine = v.InferOutput<typeof adminOrderLineSchema>;

/** One order as the operator's desk lists it: who bought what, and where it is collected. */
export const adminOrderListItemSchema = v.object({
  ...orderSummarySchema.entries,
  /** Each line and whether it is at the pickup warehouse yet (the order is ready only when all are). */
  lines: v.array(adminOrderLineSchema),
  customer: v.object({ firstName: v.string(), lastName: v.string(), email: v.string(), phone: v.nullable(v.string()) }),
  pickupWarehouse: v.string(),
});
export type AdminOrderListItem = v.InferOutput<typeof adminOrderListItemSchema>;

/** PATCH /admin/orders/{id}/status and POST /admin/orders/{id}/pickup: where the order now stands. */
export const orderMovedSchema = v.object({ id: v.number(), status: v.picklist(['SHIPPED', 'DELIVERED', 'CANCELLED']) });
export type OrderMoved = v.InferOutput<typeof orderMovedSchema>;
