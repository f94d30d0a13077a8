import { tariffSchema, tariffUpdateSchema } from '../schemas/transport';
import { dataOf, route } from './route';

/**
 * Transport (issue 40, docs/transport.md): the operator's tariff; the staff's counting in and
 * handovers and the transporters' loads board join here. The checkout's quote is checkout's
 * (shared/api/checkout.ts).
 */
export const TRANSPORT_ROUTES = [
  route({ method: 'GET', path: '/admin/transport/tariff', summary: 'The transport tariff', tag: 'admin', auth: 'admin', answer: dataOf(tariffSchema) }),
  route({ method: 'PUT', path: '/admin/transport/tariff', summary: 'Change the transport tariff', tag: 'admin', auth: 'admin', body: tariffUpdateSchema, answer: dataOf(tariffSchema) }),
] as const;
