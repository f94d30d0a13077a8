import type { Context } from 'hono';
import { parseGhanaMobile } from '../../../shared/phone';
import type { AppEnv } from '../../http/context';
import type { Reply } from './engine';
import type { UssdStep } from './sessions';

/**
 * One adapter per gateway: it reads the gateway's callback into a UssdStep and writes the
 * engine's Reply in the gateway's format. The menus never see a gateway. Hubtel's would be a
 * third entry here.
 */
export interface GatewayAdapter {
  name: string;
  /** The step and the caller's number as the gateway wrote it, or a problem (answered 400). */
  read(c: Context<AppEnv>): Promise<{ step: Omit<UssdStep, 'phone'>; phone: string; echo?: Record<string, unknown> } | { problem: string }>;
  /** `echo`: what the gateway wants repeated in the answer (its ids). */
  write(c: Context<AppEnv>, reply: Reply, echo?: Record<string, unknown>): Response;
}

const MAX_FIELD = 500;
const field = (value: unknown) => (typeof value === 'string' && value.length <= MAX_FIELD ? value : undefined);

/** Africa's Talking: a form post (sessionId, serviceCode, phoneNumber, networkCode, text); text/plain "CON …" or "END …". */
export const africasTalking: GatewayAdapter = {
  name: 'africastalking',
  async read(this: GatewayAdapter, c) {
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const sessionId = field(form.sessionId);
    const phone = field(form.phoneNumber);
    const text = typeof form.text === 'string' ? form.text : form.text === undefined ? '' : undefined;
    if (!sessionId || !phone || text === undefined || text.length > 2000) return { problem: 'A USSD callback needs sessionId, phoneNumber and text as form fields.' };
    return { step: { gateway: this.name, sessionId, text, serviceCode: field(form.serviceCode) }, phone };
  },
  write(c, reply) {
    return c.text(`${reply.end ? 'END' : 'CON'} ${reply.text}`, 200, { 'content-type': 'text/plain; charset=utf-8' });
  },
};

/**
 * Arkesel: JSON { sessionID, userID, newSession, msisdn, userData, network }; the answer is
 * JSON { sessionID, userID, msisdn, message, continueSession }. Arkesel sends only the newest
 * answer and no step number, so a retried Arkesel step cannot be told from a new one.
 */
export const arkesel: GatewayAdapter = {
  name: 'arkesel',
  async read(c) {
    const body = (await c.req.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    const sessionId = field(body?.sessionID);
    const phone = field(body?.msisdn);
    const userData = typeof body?.userData === 'string' && body.userData.length <= 2000 ? body.userData : undefined;
    if (!body || !sessionId || !phone || userData === undefined) return { problem: 'An Arkesel USSD callback needs sessionID, msisdn and userData.' };
    const echo = { sessionID: sessionId, userID: body.userID ?? null, msisdn: phone };
    const opening = body.newSession === true;
    return { step: { gateway: 'arkesel', sessionId, input: opening ? undefined : userData, serviceCode: opening ? userData : undefined }, phone, echo };
  },
  write(c, reply, echo) {
    return c.json({ ...echo, message: reply.text, continueSession: !reply.end });
  },
};

/** The gateways' numbers (+233…, 233…, 0…) as 0XXXXXXXXX; undefined for a number outside Ghana. */
export function callerNumber(raw: string): string | undefined {
  const digits = raw.trim();
  return (parseGhanaMobile(digits) ?? parseGhanaMobile(`+${digits.replace(/^\+/, '')}`))?.national;
}
