import { earningsSchema } from '../schemas/money';
import { loadEventsSchema, loadSchema, loadsQuerySchema, TRANSPORT_MESSAGES } from '../schemas/transport';
import {
  adminTransportersQuerySchema,
  loadEventsRecordedSchema,
  TRANSPORTER_MESSAGES,
  transporterDecisionSchema,
  transporterProfileSchema,
  transporterRegisteredSchema,
  transporterRegistrationSchema,
  transporterRejectionSchema,
} from '../schemas/transporters';
import { dataOf, idParam, keysetOf, route } from './route';

/**
 * Transporters (issue 40 item 4, docs/transport.md): registration (public, rate limited; its
 * e-mail link is the sellers' /sellers/verify-email), the transporter's profile, loads board,
 * accepting, progress reports and earnings, and the operator's verification.
 */
const load = { id: idParam(TRANSPORT_MESSAGES.loadNotFound) };
const transporter = { id: idParam(TRANSPORTER_MESSAGES.profileMissing) };

export const TRANSPORTERS_ROUTES = [
  route({ method: 'POST', path: '/transporters/register', summary: 'Register as a transporter', tag: 'transporters', auth: 'none', body: transporterRegistrationSchema, answer: dataOf(transporterRegisteredSchema) }),
  route({ method: 'GET', path: '/transporters/me', summary: 'The transporter’s profile and verification', tag: 'transporters', auth: 'transporter', answer: dataOf(transporterProfileSchema) }),
  route({ method: 'GET', path: '/transporters/me/loads', summary: 'The loads board (OPEN) or the transporter’s own loads with their codes (MINE)', tag: 'transporters', auth: 'transporter', query: loadsQuerySchema, answer: keysetOf(loadSchema) }),
  route({ method: 'POST', path: '/transporters/me/loads/:id/accept', summary: 'Accept a load (one transporter wins; the others are told)', tag: 'transporters', auth: 'transporter', params: load, answer: dataOf(loadSchema) }),
  route({ method: 'POST', path: '/transporters/me/loads/:id/events', summary: 'Report progress on one’s load: one report or a batch kept offline', tag: 'transporters', auth: 'transporter', params: load, body: loadEventsSchema, answer: dataOf(loadEventsRecordedSchema) }),
  route({ method: 'GET', path: '/transporters/me/earnings', summary: 'The transporter’s money: held, available, entries', tag: 'transporters', auth: 'transporter', answer: dataOf(earningsSchema) }),
  route({ method: 'GET', path: '/admin/transporters', summary: 'Transporters and their verification', tag: 'admin', auth: 'admin', query: adminTransportersQuerySchema, answer: keysetOf(transporterProfileSchema) }),
  route({ method: 'POST', path: '/admin/transporters/:id/verify', summary: 'Verify a transporter', tag: 'admin', auth: 'admin', params: transporter, answer: dataOf(transporterDecisionSchema) }),
  route({ method: 'POST', path: '/admin/transporters/:id/reject', summary: 'Refuse a transporter', tag: 'admin', auth: 'admin', params: transporter, body: transporterRejectionSchema, optionalBody: true, answer: dataOf(transporterDecisionSchema) }),
] as const;
