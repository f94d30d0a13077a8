import type { Context } from 'hono';
import { AUTH_ROUTES } from '../../../shared/api/accounts';
import { MESSAGES } from '../../../shared/schemas/accounts';
import type { AppEnv, Deps } from '../../http/context';
import { implement } from '../../http/declared';
import { HttpError, badRequest } from '../../http/errors';
import { rateLimit, type RateRule } from '../../http/rate-limit';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { familyOf, issueSession, revokeFamily, revokeUserSessions, rotateRefreshToken } from './sessions';
import { knownDevice, rememberDevice } from './devices';
import { adoptDeviceLanguage, clientIp, findUserByEmail } from './users';

/** Failed sign-ins allowed per IP, per e-mail and per known device in the window before answering 429. */
export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_MS = 15 * 60_000;

/** A phone refreshes once per 15 minutes; a burst of refreshes from one address is someone guessing. */
const REFRESH_RATE: RateRule = { name: 'refresh', windowMs: 15 * 60_000, perIp: 120, perAccount: 120, message: 'Too many sign-in attempts. Please wait and try again.' };

// Checked against when the e-mail is unknown, so a wrong e-mail costs the same time as a
// wrong password and the answer's timing does not reveal which accounts exist.
let dummyHash: Promise<string> | undefined;
const timingDecoy = () => (dummyHash ??= hashPassword('no account has this password'));

const [login, refresh, logout, revokeOthers] = AUTH_ROUTES;

/** Sign-in and sessions (declared in shared/api/accounts.ts): credential calls, never answered twice by key. */
export function authRoutes(deps: Deps) {
  const { db } = deps;
  const limiter = deps.rateLimiter;

  /**
   * Each try takes its place in the failure counts before the password is weighed (one atomic
   * hit per count, in the database on PostgreSQL), so parallel guesses cannot all slip past a
   * check made before any of them failed: at most LOGIN_MAX_FAILURES are ever weighed per
   * window. A try that turns out right, or is never weighed, gives its place back.
   */
  async function reserve(c: Context<AppEnv>, keys: string[]) {
    const hits = await limiter.hitMany(keys.map((key) => ({ key, limit: LOGIN_MAX_FAILURES, windowMs: LOGIN_WINDOW_MS })));
    if (hits.every((hit) => hit.allowed)) return;
    await Promise.all(keys.filter((_, i) => hits[i]!.allowed).map((key) => limiter.release(key)));
    c.header('Retry-After', String(Math.max(...hits.filter((hit) => !hit.allowed).map((hit) => hit.retryAfterSeconds))));
    throw new HttpError(429, 'Too many failed sign-in attempts. Please wait 15 minutes and try again.');
  }
  const release = (keys: string[]) => Promise.all(keys.map((key) => limiter.release(key)));

  return [
    implement(login, async ({ body, c }) => {
      const user = await findUserByEmail(db, body.email);
      // A device this account signed in from has its own allowance: strangers' failures, counted
      // per e-mail and per address, do not lock the owner out of it (devices.ts).
      const device = knownDevice(c, deps.codeHmacKey, user);
      const keys = device ? [`login-fail:device:${device}`] : [`login-fail:ip:${clientIp(c)}`, `login-fail:email:${body.email}`];
      await reserve(c, keys);
      let ok: boolean;
      try {
        ok = user ? await verifyPassword(user.password_hash, body.password) : (await verifyPassword(await timingDecoy(), body.password), false);
      } catch (error) {
        await release(keys);
        throw error;
      }
      if (!user || !ok) throw new HttpError(401, MESSAGES.invalidCredentials, 'invalid_credentials');
      await release(keys);
      if (!user.is_email_verified) throw new HttpError(403, MESSAGES.emailNotVerified, 'email_not_verified');
      await adoptDeviceLanguage(db, user, body.language);
      rememberDevice(c, deps.codeHmacKey, user, device, deps.config.publicUrl.startsWith('https:'));
      return { data: await issueSession(db, deps.tokens, user, c.req.header('user-agent')) };
    }),

    implement(refresh, async ({ body, c }) => ({ data: await rotateRefreshToken(db, deps.tokens, body.refreshToken, c.req.header('user-agent')) }), {
      before: [rateLimit(limiter, REFRESH_RATE)],
    }),

    // Works with an expired access token too: signing out must never fail for the user.
    implement(logout, async ({ body }) => {
      const family = body.refreshToken ? await familyOf(db, body.refreshToken) : undefined;
      if (family) await revokeFamily(db, family);
      deps.sessions.forget();
      return { data: { signedOut: true as const } };
    }),

    implement(revokeOthers, async ({ user, body }) => {
      const family = await familyOf(db, body.refreshToken, user.id);
      if (!family) throw badRequest('refreshToken is not valid', { refreshToken: 'refreshToken is not valid' });
      const revoked = await revokeUserSessions(db, user.id, family);
      deps.sessions.forget();
      return { data: { revoked } };
    }),
  ];
}
