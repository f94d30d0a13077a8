import type { Context } from 'hono';
import { REGISTRATION_ROUTES } from '../../../shared/api/accounts';
import { OTP_RESEND_SECONDS, OTP_TTL_MINUTES } from '../../../shared/schemas/accounts';
import type { Deps } from '../../http/context';
import { created, implement } from '../../http/declared';
import { HttpError } from '../../http/errors';
import { visitorLocale } from '../../http/language';
import { spendAllowance, type RateRule } from '../../http/rate-limit';
import { hashPassword } from '../../platform/auth/passwords';
import { checkCode, codeTriesKey, createCodeHasher, issueCode } from './codes';
import { sendVerificationCode } from './mail';
import { insertFirstAddress } from './profile';
import { findUserByEmail, insertUser, markEmailVerified } from './users';

const HOUR = 3600_000;
const REGISTER_RATE: RateRule = { name: 'register', windowMs: HOUR, perIp: 20, perAccount: 5, message: 'Too many accounts were created from this network. Please try again later.' };
const CODE_SEND_RATE: RateRule = { name: 'otp-send', windowMs: HOUR, perIp: 30, perAccount: 10, message: 'Too many codes were asked for. Please try again later.' };
const CODE_CHECK_RATE: RateRule = { name: 'otp-check', windowMs: 15 * 60_000, perIp: 30, perAccount: 10, message: 'Too many codes were tried. Please wait 15 minutes and try again.' };

const [register, verify, resend] = REGISTRATION_ROUTES;

/** A buyer's sign-up and its e-mail code (declared in shared/api/accounts.ts). */
export function registrationRoutes(deps: Deps) {
  const { db } = deps;
  const hasher = createCodeHasher(deps.codeHmacKey);
  const limiter = deps.rateLimiter;

  /** One code per e-mail per 30 s, counted for every address so the answer reveals nothing. */
  const cooldown = async (c: Context, email: string) => {
    const hit = await limiter.hit(`otp-send:${email}`, 1, OTP_RESEND_SECONDS * 1000);
    if (!hit.allowed) {
      c.header('Retry-After', String(hit.retryAfterSeconds));
      throw new HttpError(429, `Please wait ${hit.retryAfterSeconds} seconds before asking for a new code.`);
    }
  };

  /** A new account has chosen no language yet: the code comes in the one its sign-up page was read in. */
  const mailCode = async (user: { id: number; email: string; first_name: string; language?: string | null }, c: Context) => {
    const code = await issueCode(db, hasher, limiter, user.id, 'EMAIL_VERIFICATION', OTP_TTL_MINUTES);
    await sendVerificationCode(db, user.email, user.first_name, code, user.language ?? visitorLocale(c));
  };

  return [
    implement(register, async ({ body: input, c }) => {
      await spendAllowance(c, limiter, REGISTER_RATE, input.email);
      const userId = await insertUser(db, {
        email: input.email,
        passwordHash: await hashPassword(input.password),
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phoneNumber,
        userType: 'CUSTOMER',
        language: input.language,
      });
      await insertFirstAddress(db, userId, input.address);
      await limiter.hit(`otp-send:${input.email}`, 1, OTP_RESEND_SECONDS * 1000);
      await mailCode({ id: userId, email: input.email, first_name: input.firstName, language: input.language }, c);
      return created({ data: { email: input.email } });
    }),

    implement(verify, async ({ body: { contact, otp }, c }) => {
      await spendAllowance(c, limiter, CODE_CHECK_RATE, contact);
      const user = await findUserByEmail(db, contact);
      // Unknown, verified or not: the code is checked the same way, so the answer to a wrong code
      // says nothing about the account. A verified account may repeat the code that verified it.
      const verified = user?.is_email_verified === 1;
      await checkCode(db, hasher, limiter, user, contact, 'EMAIL_VERIFICATION', otp, verified);
      if (!verified) await markEmailVerified(db, user!.id);
      // Found by this e-mail, so it has one (a phone-only account has none).
      return { data: { email: user!.email ?? contact, verified: true as const } };
    }),

    implement(resend, async ({ body: { contact }, c }) => {
      await cooldown(c, contact);
      await spendAllowance(c, limiter, CODE_SEND_RATE, contact);
      const user = await findUserByEmail(db, contact);
      // A new code gives new tries, and so does asking for one for any other address: the count
      // of tries must not tell an unverified account from a verified or unknown one.
      if (user && !user.is_email_verified) await mailCode({ ...user, email: contact }, c);
      else await limiter.reset(codeTriesKey('EMAIL_VERIFICATION', user?.id, contact));
      return { data: { sent: true as const } };
    }),
  ];
}
