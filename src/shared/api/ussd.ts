import * as v from 'valibot';
import { dataOf, route } from './route';

/**
 * The USSD gateways' callbacks (docs/ussd.md), behind their ?token= (USSD_CALLBACK_TOKEN), and
 * the operator console's phone. Each gateway posts its own fields, read by its adapter
 * (server/modules/ussd/gateways.ts), so no body schema is declared. Not idempotent by key:
 * the gateways retry by session and step themselves (modules/ussd/sessions.ts).
 */

/** Arkesel's answer: its ids repeated, the screen's text, and whether the session goes on. */
export const arkeselAnswerSchema = v.object({
  sessionID: v.string(),
  /** The gateway's own, repeated as it sent it (null when it sent none). */
  userID: v.unknown(),
  msisdn: v.string(),
  message: v.string(),
  continueSession: v.boolean(),
});

/** One screen: its text, and whether it ends the session. */
export const ussdScreenSchema = v.object({ text: v.string(), end: v.boolean() });
export type UssdScreen = v.InferOutput<typeof ussdScreenSchema>;

export const USSD_ROUTES = [
  route({ method: 'POST', path: '/ussd/africastalking', summary: 'A USSD step from Africa’s Talking; answers text/plain CON or END', tag: 'gateways', auth: 'gateway', answer: v.string(), answerType: 'text/plain', idempotent: false }),
  route({ method: 'POST', path: '/ussd/arkesel', summary: 'A USSD step from Arkesel; answers JSON message/continueSession', tag: 'gateways', auth: 'gateway', answer: arkeselAnswerSchema, idempotent: false }),
  route({ method: 'POST', path: '/admin/ussd', summary: 'The console’s phone: one USSD step (Africa’s Talking fields), answered as JSON', tag: 'admin', auth: 'admin', answer: dataOf(ussdScreenSchema), idempotent: false }),
] as const;
