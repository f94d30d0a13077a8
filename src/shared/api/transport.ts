import { dispatchConsignmentSchema, dispatchQuerySchema, reassignedSchema, reassignSchema, TRANSPORT_MESSAGES, tariffSchema, tariffUpdateSchema } from '../schemas/transport';
import { dataOf, idParam, pageOf, route } from './route';

/**
 * Transport (issue 40, docs/transport.md): the operator's tariff and dispatch desk (late loads,
 * reassignment); the staff's counting in and handovers and the transporters' loads board join
 * here. The checkout's quote is checkout's (shared/api/checkout.ts).
 */
const consignmentId = { id: idParam(TRANSPORT_MESSAGES.consignmentNotFound) };

export const TRANSPORT_ROUTES = [
  route({ method: 'GET', path: '/admin/transport/tariff', summary: 'The transport tariff', tag: 'admin', auth: 'admin', answer: dataOf(tariffSchema) }),
  route({ method: 'PUT', path: '/admin/transport/tariff', summary: 'Change the transport tariff', tag: 'admin', auth: 'admin', body: tariffUpdateSchema, answer: dataOf(tariffSchema) }),
  route({ method: 'GET', path: '/admin/consignments', summary: 'The dispatch desk: consignments by state, late first', tag: 'admin', auth: 'admin', query: dispatchQuerySchema, answer: pageOf(dispatchConsignmentSchema) }),
  route({ method: 'POST', path: '/admin/consignments/:id/reassign', summary: 'Give a consignment to another transporter, or back to the board', tag: 'admin', auth: 'admin', params: consignmentId, body: reassignSchema, answer: dataOf(reassignedSchema) }),
] as const;
