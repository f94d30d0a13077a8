import { bodyLimit } from 'hono/body-limit';
import { WHATSAPP_ROUTES } from '../../../shared/api/whatsapp';
import { WHATSAPP_SECRETS } from '../../config';
import type { Deps } from '../../http/context';
import { implement } from '../../http/declared';
import { badRequest, forbidden, HttpError, unauthorized } from '../../http/errors';
import { rateLimit, type RateRule } from '../../http/rate-limit';
import { answerSoon, applyStatuses, queueInbound } from './inbound-queue';
import { readDelivery, sameToken, signedByMeta } from './webhook';

const [verify, deliver] = WHATSAPP_ROUTES;

/** Subscription checks an address may try: Meta asks once per setup; a guesser gets 10 in 15 minutes. */
const VERIFY_RATE: RateRule = { name: 'whatsapp-verify', windowMs: 15 * 60_000, perIp: 10, perAccount: 0, message: 'Too many tries. Please wait 15 minutes and try again.' };
/** A delivery batches many messages and statuses: larger than the API's 64 KB bodies, still bounded. */
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;
export const takesWebhookDeliveries = (method: string, path: string) => method === 'POST' && path === '/api/v1/whatsapp/webhook';
const deliveryLimit = bodyLimit({
  maxSize: WEBHOOK_BODY_LIMIT_BYTES,
  onError: () => {
    throw new HttpError(413, `The request is too large: at most ${WEBHOOK_BODY_LIMIT_BYTES / 1024} KB.`);
  },
});

/**
 * Meta's webhook (declared in shared/api/whatsapp.ts, docs/whatsapp.md): the subscription check,
 * and deliveries, whose signature covers the RAW body (read as text, checked before it is parsed).
 * The answer is quick: messages are queued and answered afterwards (inbound-queue.ts).
 */
export function whatsappRoutes(deps: Deps) {
  const config = deps.config.whatsapp;
  const notSetUp = () => new HttpError(503, 'WhatsApp is not set up on this server.');
  // Production without the secrets: the channel is off, and the log says what would start it.
  if (config.mode === 'off') deps.logger.warn({ missing: WHATSAPP_SECRETS }, `WhatsApp channel not started: set ${WHATSAPP_SECRETS.join(', ')} to start it`);
  if (config.mode === 'sandbox') deps.logger.info({ spool: 'DATA_DIR/whatsapp', appSecret: config.appSecret, verifyToken: config.verifyToken }, 'WhatsApp SANDBOX: replies are written to DATA_DIR/whatsapp, not sent (docs/whatsapp.md)');
  return [
    implement(
      verify,
      ({ query, c }) => {
        if (config.mode === 'off') throw notSetUp();
        if (query['hub.mode'] !== 'subscribe' || !sameToken(query['hub.verify_token'], config.verifyToken)) throw forbidden('The verify token does not match.');
        return c.text(query['hub.challenge'] ?? '', 200);
      },
      { before: [rateLimit(deps.rateLimiter, VERIFY_RATE)] },
    ),
    implement(
      deliver,
      async ({ c }) => {
        if (config.mode === 'off') throw notSetUp();
        const raw = await c.req.text();
        if (!signedByMeta(raw, c.req.header('x-hub-signature-256'), config.appSecret)) throw unauthorized('Invalid webhook signature');
        let body: unknown;
        try {
          body = JSON.parse(raw);
        } catch {
          throw badRequest('The webhook body must be JSON.');
        }
        const delivery = readDelivery(body);
        const queued = await queueInbound(deps.db, delivery.messages);
        const statuses = await applyStatuses(deps.db, delivery.statuses);
        if (queued > 0) answerSoon(deps);
        return { data: { queued, statuses } };
      },
      { before: [deliveryLimit] },
    ),
  ];
}
