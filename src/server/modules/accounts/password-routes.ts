import { PASSWORD_ROUTES } from '../../../shared/api/accounts';
import { MESSAGES, OTP_RESEND_SECONDS, RESET_TTL_MINUTES } from '../../../shared/schemas/accounts';
import type { Deps } from '../../http/context';
import { implement } from '../../http/declared';
import { badRequest } from '../../http/errors';
import { rateLimit, spendAllowance, type RateRule } from '../../http/rate-limit';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { checkCode, codeTriesKey, consumeAll, consumeToken, createCodeHasher, issueCode, issueToken, tokenIsLive } from './codes';
import { sendPasswordReset } from './mail';
import { revokeUserSessions } from './sessions';
import { findUserByEmail, findUserById, markEmailVerified, setPassword } from './users';

const QUARTER_HOUR = 15 * 60_000;
const RESET_SEND_RATE: RateRule = { name: 'reset-request', windowMs: 4 * QUARTER_HOUR, perIp: 20, perAccount: 10, message: 'Too many password resets were asked for. Please try again later.' };
const RESET_CHECK_RATE: RateRule = { name: 'reset-check', windowMs: QUARTER_HOUR, perIp: 30, perAccount: 10, message: 'Too many tries. Please wait 15 minutes and try again.' };
const PASSWORD_CHANGE_RATE: RateRule = { name: 'password-change', windowMs: QUARTER_HOUR, perIp: 30, perAccount: 10, message: 'Too many tries. Please wait 15 minutes and try again.' };
/** A reset token names its user ("<id>.<secret>"): that is the account its tries count against. */
const tokenAccount = (token: string | undefined) => token?.split('.')[0];

const [change, resetRequest, verifyOtp, resetCheck, reset] = PASSWORD_ROUTES;

/** Changing a password, and resetting a forgotten one by link or code (declared in shared/api/accounts.ts). */
export function passwordRoutes(deps: Deps) {
  const { db } = deps;
  const hasher = createCodeHasher(deps.codeHmacKey);
  const limiter = deps.rateLimiter;

  return [
    implement(change, async ({ user: signedIn, body: { currentPassword, newPassword } }) => {
      const user = await findUserById(db, signedIn.id);
      if (!user) throw badRequest(MESSAGES.wrongCurrentPassword);
      // A 400, not a 401: the session is fine, only the typed password is wrong.
      if (!(await verifyPassword(user.password_hash, currentPassword))) {
        throw badRequest(MESSAGES.wrongCurrentPassword, { currentPassword: MESSAGES.wrongCurrentPassword });
      }
      const passwordChangedAt = await setPassword(db, user.id, await hashPassword(newPassword));
      // Whoever else knew the old password is signed out; this device stays signed in.
      await revokeUserSessions(db, user.id, signedIn.sid);
      deps.sessions.forget();
      return { data: { message: MESSAGES.passwordChanged, passwordChangedAt } };
    }, { before: [rateLimit(limiter, PASSWORD_CHANGE_RATE)] }),

    // Always the same answer, so nobody can learn which addresses have accounts.
    implement(resetRequest, async ({ body: { email }, c }) => {
      await spendAllowance(c, limiter, RESET_SEND_RATE, email);
      const user = await findUserByEmail(db, email);
      const fresh = (await limiter.hit(`reset-send:${email}`, 1, OTP_RESEND_SECONDS * 1000)).allowed;
      // Fresh tries for the code, for any address, so the count does not reveal the accounts.
      if (!user && fresh) await limiter.reset(codeTriesKey('PASSWORD_RESET_CODE', undefined, email));
      if (user && fresh) {
        const token = await issueToken(db, hasher, user.id, 'PASSWORD_RESET_TOKEN', RESET_TTL_MINUTES);
        const code = await issueCode(db, hasher, limiter, user.id, 'PASSWORD_RESET_CODE', RESET_TTL_MINUTES);
        const link = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await sendPasswordReset(db, email, user.first_name, link, code, user.language);
      }
      return { data: { message: MESSAGES.resetRequested } };
    }),

    /** The code path: the mailed code buys a reset token, as the link would have given. */
    implement(verifyOtp, async ({ body: { email, otp }, c }) => {
      await spendAllowance(c, limiter, RESET_CHECK_RATE, email);
      const user = await findUserByEmail(db, email);
      // An unknown e-mail gets the answers of an account with no code: "Invalid OTP code", then too many tries.
      await checkCode(db, hasher, limiter, user, email, 'PASSWORD_RESET_CODE', otp);
      const resetToken = await issueToken(db, hasher, user!.id, 'PASSWORD_RESET_TOKEN', RESET_TTL_MINUTES);
      return { data: { resetToken } };
    }),

    /** Lets the reset page say at once that a link is dead, before the user types a password. */
    implement(resetCheck, async ({ body: { token }, c }) => {
      await spendAllowance(c, limiter, RESET_CHECK_RATE, tokenAccount(token));
      return { data: { valid: await tokenIsLive(db, hasher, 'PASSWORD_RESET_TOKEN', token) } };
    }),

    implement(reset, async ({ body: { newPassword, token, resetToken }, c }) => {
      await spendAllowance(c, limiter, RESET_CHECK_RATE, tokenAccount(resetToken || token));
      const userId = await consumeToken(db, hasher, 'PASSWORD_RESET_TOKEN', (resetToken || token)!);
      if (userId === undefined) throw badRequest(MESSAGES.resetInvalid);
      await setPassword(db, userId, await hashPassword(newPassword));
      await consumeAll(db, userId, 'PASSWORD_RESET_CODE');
      // Whoever knew the old password is signed out everywhere. Reading the mail proves the
      // address, so the account counts as verified from now on.
      await revokeUserSessions(db, userId);
      deps.sessions.forget();
      await markEmailVerified(db, userId, false);
      return { data: { message: 'Password reset successful' } };
    }),
  ];
}
