import * as v from 'valibot';
import { checkPhotoFormSchema, checkPhotoSchema, lineCheckBodySchema, lineCheckSchema, lotReturnBodySchema, lotToReturnSchema } from '../schemas/checks';
import { dataOf, idParam, route } from './route';

/**
 * The warehouse check at drop-off (issue 41 items 1 and 2, docs/quality.md): staff of the
 * warehouse the line is at (or the operator) record a check; a FAIL refunds the buyer for the line.
 */
const line = { orderId: idParam('Order line not found'), itemId: idParam('Order line not found') };

export const CHECK_ROUTES = [
  route({ method: 'POST', path: '/warehouse/orders/:orderId/items/:itemId/check', summary: 'Check an order line at drop-off: the grade from the readings; a failed line is refused and refunded', tag: 'warehouse', auth: 'warehouse', params: line, body: lineCheckBodySchema, answer: dataOf(lineCheckSchema) }),
  route({ method: 'POST', path: '/warehouse/orders/:orderId/items/:itemId/returned', summary: 'Hand a failed lot back to its seller, who shows the code texted to them (once)', tag: 'warehouse', auth: 'warehouse', params: line, body: lotReturnBodySchema, answer: dataOf(lineCheckSchema) }),
  route({ method: 'GET', path: '/warehouse/returns', summary: 'Failed lots at the warehouse waiting for their seller to take them back', tag: 'warehouse', auth: 'warehouse', answer: dataOf(v.array(lotToReturnSchema)) }),
  route({ method: 'POST', path: '/warehouse/photos', summary: 'Upload a photo for a check or a pickup refusal, named by the phone (ref), before the check or refusal that points at it', tag: 'warehouse', auth: 'warehouse', form: checkPhotoFormSchema, answer: dataOf(checkPhotoSchema) }),
] as const;
