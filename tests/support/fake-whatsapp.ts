import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Meta's Graph API on 127.0.0.1, for tests: POST /v21.0/{phone number id}/messages
 * with `Authorization: Bearer <token>`. Like the Cloud API it answers 401 (code 190) to a wrong
 * token, 400 (code 100) to a message over the Cloud API's limits or of an unknown type,
 * `{ messaging_product, contacts, messages: [{ id }] }` to a good one; the test can make it fail
 * (503) or slow, and reads what it took from `sent`.
 */
export interface FakeWhatsApp {
  /** WHATSAPP_API_URL: the base with its version. */
  apiUrl: string;
  token: string;
  phoneNumberId: string;
  sent: { id: string; to: string; type: string; body: Record<string, any> }[];
  /** Answer 503 to every send while true. */
  down: boolean;
  /** Milliseconds each answer waits. */
  delayMs: number;
  /** Answer 503 once this many messages were taken (a failure halfway through a reply's parts). */
  downAfter: number | undefined;
  close(): Promise<void>;
}

const checks: Record<string, (m: Record<string, any>) => boolean> = {
  text: (m) => typeof m.text?.body === 'string' && m.text.body.length > 0 && m.text.body.length <= 4096,
  image: (m) => typeof m.image?.link === 'string' && (m.image.caption ?? '').length <= 1024,
  interactive: (m) => {
    const i = m.interactive;
    if (typeof i?.body?.text !== 'string' || i.body.text.length > 1024) return false;
    if (i.type === 'button') return Array.isArray(i.action?.buttons) && i.action.buttons.length >= 1 && i.action.buttons.length <= 3 && i.action.buttons.every((b: any) => b.type === 'reply' && b.reply?.title?.length <= 20 && b.reply?.id);
    if (i.type === 'list') {
      const rows = (i.action?.sections ?? []).flatMap((s: any) => s.rows ?? []);
      return typeof i.action?.button === 'string' && i.action.button.length <= 20 && rows.length >= 1 && rows.length <= 10 && rows.every((r: any) => r.id && r.title?.length <= 24 && (r.description ?? '').length <= 72);
    }
    return false;
  },
  template: (m) => typeof m.template?.name === 'string' && typeof m.template?.language?.code === 'string',
};

export async function startFakeWhatsApp(token = 'whatsapp-test-token', phoneNumberId = '109876543210'): Promise<FakeWhatsApp> {
  const fake: Omit<FakeWhatsApp, 'apiUrl' | 'close'> = { token, phoneNumberId, sent: [], down: false, delayMs: 0, downAfter: undefined };
  let nextId = 1;
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    } catch {
      return undefined;
    }
  };
  const error = (code: number, message: string) => ({ error: { message, type: 'OAuthException', code, fbtrace_id: 'fake' } });
  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (fake.delayMs) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    if (req.method !== 'POST' || req.url !== `/v21.0/${phoneNumberId}/messages`) return send(404, error(803, 'Unknown path'));
    if (req.headers.authorization !== `Bearer ${token}`) return send(401, error(190, 'Invalid OAuth access token'));
    if (fake.down || (fake.downAfter !== undefined && fake.sent.length >= fake.downAfter)) return send(503, error(1, 'Service temporarily unavailable'));
    const body = await readBody(req);
    if (!body || body.messaging_product !== 'whatsapp' || !/^\d{6,15}$/.test(String(body.to)) || !checks[body.type]?.(body)) return send(400, error(100, 'Invalid parameter'));
    const id = `wamid.fake${nextId++}`;
    fake.sent.push({ id, to: body.to, type: body.type, body });
    send(200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id }] });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
  return Object.assign(fake, { apiUrl, close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
}

/** The X-Hub-Signature-256 Meta puts on a body. */
export const metaSignature = (body: string, appSecret: string) => `sha256=${createHmac('sha256', appSecret).update(body, 'utf8').digest('hex')}`;

let sequence = 0;
/** A webhook delivery as Meta sends it: one text message (or the given message objects) from `from` (233…). */
export function deliveryOf(from: string, messages: Record<string, unknown>[] | string, statuses: Record<string, unknown>[] = []) {
  const list = typeof messages === 'string' ? [{ from, id: `wamid.in${Date.now()}${sequence++}`, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: messages } }] : messages;
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: 'WABA', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '233300000000', phone_number_id: '109876543210' }, contacts: [{ profile: { name: 'Ama' }, wa_id: from }], messages: list, statuses } }] }],
  };
}
