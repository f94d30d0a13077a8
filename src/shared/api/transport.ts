import {
  countedInSchema,
  handoverCodeSchema,
  handoverSchema,
  lineToReceiveSchema,
  linesToReceiveQuerySchema,
  staffConsignmentSchema,
  staffConsignmentsQuerySchema,
  dispatchConsignmentSchema,
  dispatchQuerySchema,
  reassignedSchema,
  reassignSchema,
  lostSchema,
  lostAnswerSchema,
  tariffSchema,
  tariffUpdateSchema,
  TRANSPORT_MESSAGES,
} from '../schemas/transport';
import { dataOf, idParam, keysetOf, pageOf, route } from './route';

/**
 * Transport (issue 40, docs/transport.md): the operator's tariff and dispatch desk (late loads,
 * reassignment); the warehouse staff's counting
 * in, handovers and lists ('warehouse': a staff account acts at its own warehouse, the operator at
 * all). The transporters' routes are theirs (shared/api/transporters.ts); the checkout's quote is
 * checkout's (shared/api/checkout.ts).
 */
const line = { orderId: idParam('Order line not found'), itemId: idParam('Order line not found') };
const consignment = { id: idParam(TRANSPORT_MESSAGES.consignmentNotFound) };

export const TRANSPORT_ROUTES = [
  route({ method: 'GET', path: '/admin/transport/tariff', summary: 'The transport tariff', tag: 'admin', auth: 'admin', answer: dataOf(tariffSchema) }),
  route({ method: 'PUT', path: '/admin/transport/tariff', summary: 'Change the transport tariff', tag: 'admin', auth: 'admin', body: tariffUpdateSchema, answer: dataOf(tariffSchema) }),
  route({ method: 'POST', path: '/warehouse/orders/:orderId/items/:itemId/received', summary: 'Count an order line in at the warehouse', tag: 'warehouse', auth: 'warehouse', params: line, answer: dataOf(countedInSchema) }),
  route({ method: 'POST', path: '/warehouse/consignments/:id/collected', summary: 'Hand a consignment to its transporter against the collection code', tag: 'warehouse', auth: 'warehouse', params: consignment, body: handoverCodeSchema, answer: dataOf(handoverSchema) }),
  route({ method: 'POST', path: '/warehouse/consignments/:id/arrived', summary: 'Receive a consignment against its delivery code', tag: 'warehouse', auth: 'warehouse', params: consignment, body: handoverCodeSchema, answer: dataOf(handoverSchema) }),
  route({ method: 'GET', path: '/warehouse/consignments', summary: 'Consignments leaving or coming to the warehouse', tag: 'warehouse', auth: 'warehouse', query: staffConsignmentsQuerySchema, answer: keysetOf(staffConsignmentSchema) }),
  route({ method: 'GET', path: '/warehouse/lines', summary: 'Order lines to count in at the warehouse', tag: 'warehouse', auth: 'warehouse', query: linesToReceiveQuerySchema, answer: keysetOf(lineToReceiveSchema) }),
  route({ method: 'GET', path: '/admin/consignments', summary: 'The dispatch desk: consignments by state, late first', tag: 'admin', auth: 'admin', query: dispatchQuerySchema, answer: pageOf(dispatchConsignmentSchema) }),
  route({ method: 'POST', path: '/admin/consignments/:id/reassign', summary: 'Give a consignment to another transporter, or back to the board', tag: 'admin', auth: 'admin', params: consignment, body: reassignSchema, answer: dataOf(reassignedSchema) }),
  route({ method: 'POST', path: '/admin/consignments/:id/lost', summary: 'Record a consignment lost: the buyer refunded, the seller paid, the fee not released', tag: 'admin', auth: 'admin', params: consignment, body: lostSchema, answer: dataOf(lostAnswerSchema) }),
] as const;
