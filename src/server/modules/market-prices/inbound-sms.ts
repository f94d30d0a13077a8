import type { Context } from 'hono';
import { MARKET_PRICE_ROUTES } from '../../../shared/api/market-prices';
import { parseGhanaMobile } from '../../../shared/phone';
import type { AppEnv, Deps } from '../../http/context';
import { implement } from '../../http/declared';
import { badRequest, HttpError } from '../../http/errors';
import { spendAllowance, type RateRule } from '../../http/rate-limit';
import type { Db } from '../../platform/db';
import { queueSms } from '../../platform/messages';
import { answerPriceQuery } from './sms';

/** One inbound SMS as any gateway tells it. */
interface InboundSms {
  from: string;
  text: string;
}

/** The gateway posts form fields or JSON; both are read the same way. */
async function fieldsOf(c: Context): Promise<Record<string, string>> {
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) {
    const body = (await c.req.json().catch(() => undefined)) as Record<string, unknown> | undefined;
    return Object.fromEntries(Object.entries(body ?? {}).map(([k, v]) => [k, typeof v === 'string' || typeof v === 'number' ? String(v) : '']));
  }
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  return Object.fromEntries(Object.entries(form).map(([k, v]) => [k, typeof v === 'string' ? v : '']));
}

/**
 * An adapter per gateway: Africa's Talking posts `from`, `to`, `text`, `date`, `id` as a
 * form; Arkesel's two-way SMS posts `sender` and `message` (JSON or form; `from`/`text`
 * are taken too, as some of its accounts send them).
 */
const ADAPTERS = {
  africastalking: (f) => ({ from: f.from, text: f.text }),
  arkesel: (f) => ({ from: f.sender ?? f.from, text: f.message ?? f.text }),
} satisfies Record<string, (f: Record<string, string>) => Partial<InboundSms>>;

const [, , , africasTalking, arkesel] = MARKET_PRICE_ROUTES;

/** Per sending number: a few questions an hour. Per address: the gateway's, shared by every sender. */
const PRICE_SMS: RateRule = { name: 'price-sms', windowMs: 60 * 60_000, perIp: 3_000, perAccount: 5, message: 'Too many price questions from this number. Please try again later.' };

/**
 * The sender's region (their default address, else their business, else none: the whole
 * country) and language (their account's, chosen on the web or by USSD; else English).
 */
async function senderOf(db: Db, phone: { national: string; international: string }): Promise<{ region: string | null; language: string | undefined }> {
  const user = await db.selectFrom('users').select(['id', 'language']).where('phone', 'in', [phone.national, phone.international, phone.international.slice(1)]).orderBy('id').executeTakeFirst();
  if (!user) return { region: null, language: undefined };
  const language = user.language ?? undefined;
  const address = await db.selectFrom('customer_addresses').select('region').where('user_id', '=', user.id).orderBy('is_default', 'desc').orderBy('id').executeTakeFirst();
  if (address) return { region: address.region, language };
  const seller = await db.selectFrom('seller_profiles').select('business_region').where('user_id', '=', user.id).executeTakeFirst();
  return { region: seller?.business_region ?? null, language };
}

/**
 * Inbound SMS from the gateways: a price question (PRICE MAIZE) is answered with one SMS
 * through the message outbox. Answered 200 whenever the gateway did its part, so it does
 * not resend; a number over its allowance gets no reply (and costs us nothing).
 */
export function inboundSmsRoutes(deps: Deps) {
  const answer = (adapt: (f: Record<string, string>) => Partial<InboundSms>) => async ({ c }: { c: Context<AppEnv> }) => {
    const sms = adapt(await fieldsOf(c));
    const phone = parseGhanaMobile(sms.from ?? '') ?? parseGhanaMobile(`+${sms.from ?? ''}`);
    if (!phone) throw badRequest('The sender is not a Ghana mobile number.');
    if (!sms.text?.trim()) throw badRequest('The message has no text.');
    try {
      await spendAllowance(c, deps.rateLimiter, PRICE_SMS, phone.international);
    } catch (error) {
      if (error instanceof HttpError && error.status === 429) return { data: { replied: false, reason: 'rate_limited' as const } };
      throw error;
    }
    const sender = await senderOf(deps.db, phone);
    const text = await answerPriceQuery(deps.db, sms.text.slice(0, 160), sender.region, { language: sender.language });
    await queueSms(deps.db, { to: phone.international, text, topic: 'market.prices' });
    return { data: { replied: true } };
  };
  const gatewayToken = deps.config.smsCallbackToken;
  return [implement(africasTalking, answer(ADAPTERS.africastalking), { gatewayToken }), implement(arkesel, answer(ADAPTERS.arkesel), { gatewayToken })];
}
