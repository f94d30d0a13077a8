import { CONTACT_CHANGE_ROUTES } from '../../../shared/api/accounts';
import { MESSAGES } from '../../../shared/schemas/accounts';
import type { Deps } from '../../http/context';
import { implement } from '../../http/declared';
import { rateLimit, spendAllowance, type RateRule } from '../../http/rate-limit';
import { createCodeHasher } from './codes';
import { cancelPending, confirmOwner, newContactValue, requestContactChange, resendChangeCode, sendPhoneCode, undoContactChange, verifyContactChange, verifyPhone, type ContactContext } from './contact-change';
import { findUserById } from './users';

const HOUR = 3600_000;
const QUARTER_HOUR = 15 * 60_000;
/** Asking costs a password check (argon2) or sends a message: both are counted. */
export const CONTACT_CHANGE_RATE: RateRule = { name: 'contact-change', windowMs: QUARTER_HOUR, perIp: 30, perAccount: 10, message: 'Too many tries. Please wait 15 minutes and try again.' };
const CODE_SEND_RATE: RateRule = { name: 'contact-code-send', windowMs: HOUR, perIp: 30, perAccount: 10, message: 'Too many codes were asked for. Please try again later.' };
const CODE_CHECK_RATE: RateRule = { name: 'contact-code-check', windowMs: QUARTER_HOUR, perIp: 30, perAccount: 10, message: 'Too many codes were tried. Please wait 15 minutes and try again.' };
const UNDO_RATE: RateRule = { name: 'contact-undo', windowMs: QUARTER_HOUR, perIp: 30, perAccount: 10, message: 'Too many tries. Please wait 15 minutes and try again.' };

const [change, resend, verify, cancel, undo, phoneSendCode, phoneVerify] = CONTACT_CHANGE_ROUTES;

/** E-mail and phone changes, their codes and undo links, and verifying the phone (declared in shared/api/accounts.ts). */
export function contactRoutes(deps: Deps) {
  const { db } = deps;
  const hasher = createCodeHasher(deps.codeHmacKey);
  const limiter = deps.rateLimiter;
  const context: ContactContext = { db, hasher, limiter, publicUrl: deps.config.publicUrl };
  const me = async (userId: number) => (await findUserById(db, userId))!;
  const limited = (rule: RateRule) => ({ before: [rateLimit(limiter, rule)] });

  return [
    implement(change, async ({ user: { id }, body }) => {
      const user = await me(id);
      const value = newContactValue(user, body.channel, body.value);
      await confirmOwner(context, user, body);
      return { data: await requestContactChange(context, user, body.channel, value) };
    }, limited(CONTACT_CHANGE_RATE)),

    implement(resend, async ({ user, body }) => ({ data: await resendChangeCode(context, await me(user.id), body.channel) }), limited(CODE_SEND_RATE)),

    implement(verify, async ({ user, body }) => ({ data: await verifyContactChange(context, await me(user.id), body.channel, body.code) }), limited(CODE_CHECK_RATE)),

    implement(cancel, async ({ user, body: { channel } }) => {
      await cancelPending(db, user.id, channel);
      return { data: { channel, status: 'unchanged' as const, pendingValue: null } };
    }),

    // No session needed: the link itself is the proof, and the owner may have been signed out.
    implement(undo, async ({ body: { token }, c }) => {
      await spendAllowance(c, limiter, UNDO_RATE, /^(\d+)-(\d+)\./.exec(token)?.[2]);
      const { channel } = await undoContactChange(db, hasher, token);
      // Its sessions were revoked: this instance stops trusting its cached "live" at once.
      deps.sessions.forget();
      return { data: { channel, message: MESSAGES.undoDone } };
    }),

    implement(phoneSendCode, async ({ user }) => {
      await sendPhoneCode(context, await me(user.id));
      return { data: { sent: true as const } };
    }, limited(CODE_SEND_RATE)),

    implement(phoneVerify, async ({ user, body }) => {
      await verifyPhone(context, await me(user.id), body.code);
      return { data: { verified: true as const, message: MESSAGES.phoneVerified } };
    }, limited(CODE_CHECK_RATE)),
  ];
}
