import * as v from 'valibot';
import { dataOf, route } from './route';

/**
 * Meta's WhatsApp Cloud API webhook (docs/whatsapp.md). Not signed in: the GET is Meta's
 * subscription check (hub.verify_token = WHATSAPP_VERIFY_TOKEN), the POST's authority is its
 * X-Hub-Signature-256 over the raw body (WHATSAPP_APP_SECRET), read by the handler itself, so no
 * body schema is declared. Not idempotent by key: a delivery Meta repeats is the same message id,
 * queued once.
 */
export const whatsappVerifyQuerySchema = v.object({
  'hub.mode': v.optional(v.string()),
  'hub.verify_token': v.optional(v.string()),
  'hub.challenge': v.optional(v.pipe(v.string(), v.maxLength(200))),
});

/** What a delivery did: messages newly queued (a repeat queues none), statuses applied. */
export const whatsappReceiptSchema = v.object({ queued: v.number(), statuses: v.number() });

export const WHATSAPP_ROUTES = [
  route({ method: 'GET', path: '/whatsapp/webhook', summary: 'Meta’s subscription check: answers hub.challenge when hub.verify_token matches', tag: 'gateways', auth: 'none', query: whatsappVerifyQuerySchema, answer: v.string(), answerType: 'text/plain' }),
  route({ method: 'POST', path: '/whatsapp/webhook', summary: 'Meta’s signed delivery (X-Hub-Signature-256): messages queued for the conversation, statuses of what we sent', tag: 'gateways', auth: 'none', answer: dataOf(whatsappReceiptSchema), idempotent: false }),
] as const;
