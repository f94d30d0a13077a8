import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { MESSAGES, contactChangeSchema, contactChannelSchema, contactVerifySchema, emailSchema, phoneCodeSchema, phoneSchema, undoChangeSchema } from '../../../shared/schemas/accounts';
import { normalizeSellerPhone } from '../../../shared/schemas/sellers';
import { currentUser, requireUser } from '../../http/auth';
import { dbOf, type AppEnv, type Deps } from '../../http/context';
import { badRequest } from '../../http/errors';
import { rateLimit, spendAllowance, type RateRule } from '../../http/rate-limit';
import { parseBody, parseOrThrow } from '../../http/validate';
import { createCodeHasher } from './codes';
import { cancelPending, confirmOwner, requestContactChange, resendChangeCode, sendPhoneCode, undoContactChange, verifyContactChange, verifyPhone, type ContactContext } from './contact-change';
import { findUserById, type UserRow } from './users';

const HOUR = 3600_000;
const QUARTER_HOUR = 15 * 60_000;
/** Asking costs a password check (argon2) or sends a message: both are counted. */
export const CONTACT_CHANGE_RATE: RateRule = { name: 'contact-change', windowMs: QUARTER_HOUR, perIp: 30, perAccount: 10, message: 'Too many tries. Please wait 15 minutes and try again.' };
const CODE_SEND_RATE: RateRule = { name: 'contact-code-send', windowMs: HOUR, perIp: 30, perAccount: 10, message: 'Too many codes were asked for. Please try again later.' };
const CODE_CHECK_RATE: RateRule = { name: 'contact-code-check', windowMs: QUARTER_HOUR, perIp: 30, perAccount: 10, message: 'Too many codes were tried. Please wait 15 minutes and try again.' };
const UNDO_RATE: RateRule = { name: 'contact-undo', windowMs: QUARTER_HOUR, perIp: 30, perAccount: 10, message: 'Too many tries. Please wait 15 minutes and try again.' };

const customerPhone = v.object({ phone: v.union([v.literal(''), phoneSchema], 'Please enter a valid phone number') });

/**
 * A new phone as the account stores it: sellers keep +233…, buyers the digits they typed
 * ('' removes the number). Both must be a number a code can be texted to (checked when sent).
 */
export function parsePhone(user: UserRow, raw: string): string | null {
  if (user.user_type === 'SELLER') {
    if (raw.trim() === '') return null;
    const phone = normalizeSellerPhone(raw);
    if (!phone) throw badRequest('Invalid phone number format', { phone: 'Invalid phone number format' });
    return phone;
  }
  return parseOrThrow(customerPhone, { phone: raw }).phone || null;
}

/** E-mail and phone changes, their codes and undo links, and verifying the phone: any signed-in account. */
export function contactRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const hasher = createCodeHasher(deps.codeHmacKey);
  const limiter = deps.rateLimiter;
  const signedIn = requireUser();
  const context = (c: Context<AppEnv>): ContactContext => ({ db: dbOf(c, deps), hasher, limiter, publicUrl: deps.config.publicUrl });
  const me = async (c: Context<AppEnv>) => (await findUserById(dbOf(c, deps), currentUser(c).id))!;

  app.post('/auth/contact-change', signedIn, rateLimit(limiter, CONTACT_CHANGE_RATE), async (c) => {
    const input = await parseBody(c, contactChangeSchema);
    const user = await me(c);
    const value = input.channel === 'email' ? parseOrThrow(v.object({ email: emailSchema() }), { email: input.value }).email : parsePhone(user, input.value);
    await confirmOwner(context(c), user, input);
    return c.json({ data: await requestContactChange(context(c), user, input.channel, value) });
  });

  app.post('/auth/contact-change/resend', signedIn, rateLimit(limiter, CODE_SEND_RATE), async (c) => {
    const { channel } = await parseBody(c, contactChannelSchema);
    return c.json({ data: await resendChangeCode(context(c), await me(c), channel) });
  });

  app.post('/auth/contact-change/verify', signedIn, rateLimit(limiter, CODE_CHECK_RATE), async (c) => {
    const { channel, code } = await parseBody(c, contactVerifySchema);
    return c.json({ data: await verifyContactChange(context(c), await me(c), channel, code) });
  });

  app.post('/auth/contact-change/cancel', signedIn, async (c) => {
    const { channel } = await parseBody(c, contactChannelSchema);
    await cancelPending(dbOf(c, deps), currentUser(c).id, channel);
    return c.json({ data: { channel, status: 'unchanged', pendingValue: null } });
  });

  // No session needed: the link itself is the proof, and the owner may have been signed out.
  app.post('/auth/contact-change/undo', async (c) => {
    const { token } = await parseBody(c, undoChangeSchema);
    await spendAllowance(c, limiter, UNDO_RATE, /^(\d+)-(\d+)\./.exec(token)?.[2]);
    const { channel } = await undoContactChange(dbOf(c, deps), hasher, token);
    // Its sessions were revoked: this instance stops trusting its cached "live" at once.
    deps.sessions.forget();
    return c.json({ data: { channel, message: MESSAGES.undoDone } });
  });

  app.post('/auth/phone/send-code', signedIn, rateLimit(limiter, CODE_SEND_RATE), async (c) => {
    await sendPhoneCode(context(c), await me(c));
    return c.json({ data: { sent: true } });
  });

  app.post('/auth/phone/verify', signedIn, rateLimit(limiter, CODE_CHECK_RATE), async (c) => {
    const { code } = await parseBody(c, phoneCodeSchema);
    await verifyPhone(context(c), await me(c), code);
    return c.json({ data: { verified: true, message: MESSAGES.phoneVerified } });
  });

  return app;
}
