import * as v from 'valibot';
import { REFUSAL_MESSAGES, pickupLineSchema, refusalBodySchema, refusalDecisionSchema, refusalSchema } from '../schemas/refusals';
import { dataOf, idParam, route } from './route';

/**
 * Lines refused at the pickup counter and the operator's decision (issue 41 item 3,
 * docs/money.md "A line refused at pickup"): the pickup warehouse's staff (or the operator)
 * refuse; the operator lists the open ones and decides, once.
 */
const line = { orderId: idParam('Order not found'), itemId: idParam('Order line not found') };

export const REFUSAL_ROUTES = [
  route({ method: 'POST', path: '/warehouse/orders/:orderId/items/:itemId/refusal', summary: 'Refuse an order line at the pickup counter (its money stays held until the operator decides)', tag: 'warehouse', auth: 'warehouse', params: line, body: refusalBodySchema, answer: dataOf(refusalSchema) }),
  route({ method: 'GET', path: '/admin/refusals', summary: 'Open refusals at pickup, oldest first', tag: 'admin', auth: 'admin', answer: dataOf(v.array(refusalSchema)) }),
  route({ method: 'POST', path: '/admin/refusals/:id/decision', summary: 'Decide a refusal: refund (charged to the seller or the transporter) or release', tag: 'admin', auth: 'admin', params: { id: idParam(REFUSAL_MESSAGES.notFound) }, body: refusalDecisionSchema, answer: dataOf(refusalSchema) }),
  route({ method: 'GET', path: '/warehouse/orders/:orderId/pickup-lines', summary: 'An order’s lines at the pickup counter, with their refusals', tag: 'warehouse', auth: 'warehouse', params: { orderId: idParam('Order not found') }, answer: dataOf(v.array(pickupLineSchema)) }),
] as const;
