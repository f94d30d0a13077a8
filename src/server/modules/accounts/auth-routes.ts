import { Hono, type Context } from 'hono';
import { MESSAGES, loginSchema, logoutSchema, refreshSchema, revokeOthersSchema } from '../../../shared/schemas/accounts';
import { currentUser, requireUser } from '../../http/auth';
import { dbOf, type AppEnv, type Deps } from '../../http/context';
import { HttpError, badRequest } from '../../http/errors';
import { parseBody } from '../../http/validate';
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

export function authRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
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

  app.post('/auth/login', async (c) => {
    const body = await parseBody(c, loginSchema);
    const db = dbOf(c, deps);
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
    return c.json({ data: await issueSession(db, deps.tokens, user, c.req.header('user-agent')) });
  });

  app.post('/token/refresh', rateLimit(limiter, REFRESH_RATE), async (c) => {
    const { refreshToken } = await parseBody(c, refreshSchema);
    return c.json({ data: await rotateRefreshToken(dbOf(c, deps), deps.tokens, refreshToken, c.req.header('user-agent')) });
  });

  // Works with an expired access token too: signing out must never fail for the user.
  app.post('/logout', async (c) => {
    const { refreshToken } = await parseBody(c, logoutSchema);
    const db = dbOf(c, deps);
    const family = refreshToken ? await familyOf(db, refreshToken) : undefined;
    if (family) await revokeFamily(db, family);
    deps.sessions.forget();
    return c.json({ data: { signedOut: true } });
  });

  app.post('/auth/sessions/revoke-others', requireUser(), async (c) => {
    const user = currentUser(c);
    const { refreshToken } = await parseBody(c, revokeOthersSchema);
    const db = dbOf(c, deps);
    const family = await familyOf(db, refreshToken, user.id);
    if (!family) throw badRequest('refreshToken is not valid', { refreshToken: 'refreshToken is not valid' });
    const revoked = await revokeUserSessions(db, user.id, family);
    deps.sessions.forget();
    return c.json({ data: { revoked } });
  });

  return app;
}
