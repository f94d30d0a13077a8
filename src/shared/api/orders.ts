import * as v from 'valibot';
import {
  ORDER_MESSAGES,
  adminOrderListItemSchema,
  adminOrderListQuerySchema,
  adminRefundListQuerySchema,
  adminRefundSchema,
  orderCancelSchema,
  orderDetailSchema,
  orderListItemSchema,
  orderListQuerySchema,
  orderMovedSchema,
  orderStatusUpdateSchema,
  pickupCodeSchema,
  trackedOrderSchema,
} from '../schemas/orders';
import { dataOf, idParam, pageOf, route } from './route';

/** The buyer's orders, and the operator's order desk (moving orders, lines at the warehouse, pickup, refunds). */
const ownOrderId = { id: idParam(ORDER_MESSAGES.notFound) };
const adminOrderId = { id: idParam('Order not found') };
const adminOrderLine = { ...adminOrderId, itemId: idParam('Order line not found') };

export const ORDERS_ROUTES = [
  route({ method: 'GET', path: '/shop/customers/me/orders', summary: 'The buyer’s orders', tag: 'orders', auth: 'user', query: orderListQuerySchema, answer: pageOf(orderListItemSchema) }),
  route({ method: 'GET', path: '/shop/customers/me/orders/:id', summary: 'One of the buyer’s orders', tag: 'orders', auth: 'user', params: ownOrderId, answer: dataOf(orderDetailSchema) }),
  // The number is read by the service (trimmed, upper-cased; too long or empty: 400, as before), so it is no path schema's 404.
  route({ method: 'GET', path: '/shop/customers/track-order/:orderNumber', summary: 'Track an order by its number', tag: 'orders', auth: 'user', answer: dataOf(trackedOrderSchema) }),
  route({ method: 'POST', path: '/shop/customers/me/orders/:id/cancel', summary: 'Cancel an order (body optional)', tag: 'orders', auth: 'user', params: ownOrderId, body: orderCancelSchema, optionalBody: true, answer: dataOf(orderDetailSchema) }),
  route({ method: 'GET', path: '/admin/orders', summary: 'All orders', tag: 'admin', auth: 'admin', query: adminOrderListQuerySchema, answer: pageOf(adminOrderListItemSchema) }),
  route({ method: 'PATCH', path: '/admin/orders/:id/status', summary: 'Move an order to its next status', tag: 'admin', auth: 'admin', params: adminOrderId, body: orderStatusUpdateSchema, answer: dataOf(orderMovedSchema) }),
  route({ method: 'PUT', path: '/admin/orders/:id/items/:itemId/at-warehouse', summary: 'Record an order line as at the warehouse', tag: 'admin', auth: 'admin', params: adminOrderLine, answer: dataOf(adminOrderListItemSchema) }),
  route({ method: 'DELETE', path: '/admin/orders/:id/items/:itemId/at-warehouse', summary: 'Take back “at the warehouse” for an order line', tag: 'admin', auth: 'admin', params: adminOrderLine, answer: dataOf(adminOrderListItemSchema) }),
  route({ method: 'POST', path: '/admin/orders/:id/pickup', summary: 'Hand an order over against its pickup code (the pickup warehouse’s staff, or the operator)', tag: 'admin', auth: 'warehouse', params: adminOrderId, body: pickupCodeSchema, answer: dataOf(v.object({ id: v.number(), status: v.literal('DELIVERED') })) }),
  route({ method: 'GET', path: '/admin/refunds', summary: 'Refunds', tag: 'admin', auth: 'admin', query: adminRefundListQuerySchema, answer: pageOf(adminRefundSchema) }),
] as const;
