import { join } from 'node:path';
import type { Db } from '../../db';
import type { Logger } from '../../logging';
import { spoolWriter } from '../../spool';
import type { WhatsAppOutgoing } from '../whatsapp-shapes';
import { inWhatsAppWindow } from '../whatsapp-window';
import { PermanentFailure, type Channel, type OutboxMessage } from './types';

/** The Graph API with its version: the path after it is exactly `/{phone number id}/messages`. */
export const GRAPH_API_URL = 'https://graph.facebook.com/v21.0';

/**
 * The WhatsApp channel's settings (docs/whatsapp.md). `cloud`: Meta's Cloud API with all four
 * secrets; `sandbox` (outside production, without keys): messages spooled to DATA_DIR/whatsapp,
 * the webhook checked with the sandbox's published token and secret; `off` (production without
 * keys): the webhook answers 503 and nothing is sent.
 */
export interface WhatsAppConfig {
  mode: 'cloud' | 'sandbox' | 'off';
  /** WHATSAPP_VERIFY_TOKEN: what Meta sends as hub.verify_token when the webhook is subscribed. */
  verifyToken: string;
  /** WHATSAPP_APP_SECRET: the key of the webhook bodies' X-Hub-Signature-256. */
  appSecret: string;
  /** WHATSAPP_TOKEN: the bearer of the send calls. */
  token: string;
  /** WHATSAPP_PHONE_NUMBER_ID: the business number messages leave from. */
  phoneNumberId: string;
  /** WHATSAPP_API_URL: the Graph API with its version (tests point it at a local fake). */
  apiUrl: string;
}

/** Meta's error codes that no retry fixes: outside the 24-hour window, not a WhatsApp number, a malformed message. */
const PERMANENT_CODES = new Set([131047, 131026, 131051, 131009, 131008, 100, 132000, 132001]);

/** A message as the Cloud API takes it: a notice is first made a text or its template (sendableOf). */
type Sendable = Exclude<WhatsAppOutgoing, { type: 'notice' }>;

/** One outgoing message in the Cloud API's JSON for `to` (233XXXXXXXXX). */
export function cloudApiBody(to: string, message: Sendable): Record<string, unknown> {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to };
  switch (message.type) {
    case 'text':
      return { ...base, type: 'text', text: { body: message.body, preview_url: message.previewUrl ?? false } };
    case 'image':
      return { ...base, type: 'image', image: { link: message.link, ...(message.caption ? { caption: message.caption } : {}) } };
    case 'buttons':
      return { ...base, type: 'interactive', interactive: { type: 'button', body: { text: message.body }, action: { buttons: message.buttons.map((b) => ({ type: 'reply', reply: { id: b.id, title: b.title } })) } } };
    case 'list':
      return { ...base, type: 'interactive', interactive: { type: 'list', body: { text: message.body }, action: { button: message.button, sections: message.sections } } };
    case 'template':
      return {
        ...base,
        type: 'template',
        // Registered once in English (en) and once in Twi (ak): docs/whatsapp.md, "Templates".
        template: { name: message.name, language: { code: message.language }, components: message.params.length ? [{ type: 'body', parameters: message.params.map((text) => ({ type: 'text', text })) }] : [] },
      };
  }
}

/**
 * Sends an outbox row whose body is the JSON of a WhatsAppOutgoing[] (a reply's parts, in order:
 * the product card, then the question). Each part the provider took is written to whatsapp_sent
 * with its wamid, so a row retried after a failed part sends only the parts after it, and the
 * webhook's delivery and read statuses find what they speak of.
 */
export function whatsappChannel(config: WhatsAppConfig, db: Db, dataDir: string, logger: Logger): Channel {
  const sendPart = config.mode === 'cloud' ? cloudApiSender(config) : spoolSender(join(dataDir, 'whatsapp'), logger);
  return {
    async send(message) {
      const parts = partsOf(message);
      const done = new Set((await db.selectFrom('whatsapp_sent').select('part').where('message_id', '=', message.id).execute()).map((r) => r.part));
      const to = message.recipient.replace(/^\+/, '');
      for (const [part, outgoing] of parts.entries()) {
        if (done.has(part)) continue;
        const sendable = outgoing.type === 'notice' ? await sendableOf(db, message.recipient, outgoing) : outgoing;
        const providerId = await sendPart(to, cloudApiBody(to, sendable), `${message.id}-${part}`);
        await db
          .insertInto('whatsapp_sent')
          .values({ message_id: message.id, part, provider_message_id: providerId, status: 'sent', status_at: new Date().toISOString(), error: null })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    },
  };
}

/** News as a text inside the person's 24-hour window, else as its template; without one, not sent (a permanent failure). */
async function sendableOf(db: Db, recipient: string, notice: Extract<WhatsAppOutgoing, { type: 'notice' }>): Promise<Sendable> {
  if (await inWhatsAppWindow(db, recipient)) return { type: 'text', body: notice.text };
  if (notice.template) return { type: 'template', ...notice.template };
  throw new PermanentFailure('Outside the 24-hour window, and this news has no approved template.');
}

function partsOf(message: OutboxMessage): WhatsAppOutgoing[] {
  try {
    const parsed = JSON.parse(message.body) as unknown;
    if (Array.isArray(parsed)) return parsed as WhatsAppOutgoing[];
  } catch {
    // fall through: a body that is not ours is never sent
  }
  throw new PermanentFailure('A WhatsApp message body must be the JSON of its parts.');
}

type PartSender = (to: string, body: Record<string, unknown>, name: string) => Promise<string>;

/**
 * POST {apiUrl}/{phoneNumberId}/messages with the bearer token. Meta answers `{ messages: [{ id }] }`;
 * an error answers `{ error: { code, message } }`: the codes no retry fixes fail the row at once,
 * anything else (429, 5xx, a timeout) is retried by the worker.
 */
function cloudApiSender(config: WhatsAppConfig): PartSender {
  const url = `${config.apiUrl}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  return async (_to, body) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const answer = (await response.json().catch(() => undefined)) as { messages?: { id?: string }[]; error?: { code?: number; message?: string } } | undefined;
    const id = answer?.messages?.[0]?.id;
    if (response.ok && id) return id;
    const reason = `WhatsApp answered ${response.status}: ${answer?.error?.code ?? ''} ${answer?.error?.message ?? 'no message'}`.trim();
    if (answer?.error?.code !== undefined && PERMANENT_CODES.has(answer.error.code)) throw new PermanentFailure(reason);
    throw new Error(reason);
  };
}

/** The sandbox: each part as `<time>-<row>-<part>.json` in DATA_DIR/whatsapp, the Cloud API body as it would be sent. */
function spoolSender(dir: string, logger: Logger): PartSender {
  const write = spoolWriter(dir);
  return async (to, body, name) => {
    const file = await write(`${Date.now()}-${name}.json`, `${JSON.stringify(body, null, 2)}\n`);
    logger.info({ to, file }, 'whatsapp message written to spool');
    return `sandbox.${name}`;
  };
}
