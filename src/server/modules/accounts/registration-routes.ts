import { Hono } from 'hono';
import { MESSAGES, OTP_RESEND_SECONDS, OTP_TTL_MINUTES, otpResendSchema, otpVerifySchema, registerSchema } from '../../../shared/schemas/accounts';
import { dbOf, type AppEnv, type Deps } from '../../http/context';
import { HttpError, badRequest, conflict } from '../../http/errors';
import { parseBody } from '../../http/validate';
import { hashPassword } from '../../platform/auth/passwords';
import { now } from '../../platform/db';
import { checkCode, createCodeHasher, issueCode } from './codes';
import { sendVerificationCode } from './mail';
import { clientIp, findUserByEmail } from './users';

const REGISTRATIONS_PER_HOUR_PER_IP = 20;

export function registrationRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const hasher = createCodeHasher(deps.config.jwtSecret);
  const limiter = deps.rateLimiter;

  /** One code per e-mail per 30 s, counted for every address so the answer reveals nothing. */
  const cooldown = (email: string) => {
    const hit = limiter.hit(`otp-send:${email}`, 1, OTP_RESEND_SECONDS * 1000);
    if (!hit.allowed) {
      throw new HttpError(429, `Please wait ${hit.retryAfterSeconds} seconds before asking for a new code.`);
    }
  };

  const mailCode = async (db: Parameters<typeof issueCode>[0], user: { id: number; email: string; first_name: string }) => {
    const code = await issueCode(db, hasher, limiter, user.id, 'EMAIL_VERIFICATION', OTP_TTL_MINUTES);
    try {
      await sendVerificationCode(deps.mailer, user.email, user.first_name, code);
    } catch (error) {
      // The account stands; the user can ask for another code once mail works again.
      deps.logger.error({ err: error, to: user.email }, 'verification mail failed');
    }
  };

  app.post('/shop/customers/register', async (c) => {
    const input = await parseBody(c, registerSchema);
    if (!limiter.hit(`register:${clientIp(c)}`, REGISTRATIONS_PER_HOUR_PER_IP, 3600_000).allowed) {
      throw new HttpError(429, 'Too many accounts were created from this network. Please try again later.');
    }
    const db = dbOf(c, deps);
    if (await findUserByEmail(db, input.email)) throw conflict(MESSAGES.duplicateEmail);
    const at = now();
    const passwordHash = await hashPassword(input.password);
    let userId: number;
    try {
      userId = (
        await db
          .insertInto('users')
          .values({
            email: input.email,
            password_hash: passwordHash,
            first_name: input.firstName,
            last_name: input.lastName,
            phone: input.phoneNumber,
            user_type: 'CUSTOMER',
            profile_image: null,
            is_email_verified: 0,
            password_changed_at: null,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    } catch (error) {
      // Two sign-ups with one address at the same moment: the unique index decides.
      if (await findUserByEmail(db, input.email).catch(() => undefined)) throw conflict(MESSAGES.duplicateEmail);
      throw error;
    }
    const { street, city, region, postalCode, country } = input.address;
    await db
      .insertInto('customer_addresses')
      .values({ user_id: userId, street, city, region, postal_code: postalCode || null, country, is_default: 1, created_at: at })
      .execute();
    limiter.hit(`otp-send:${input.email}`, 1, OTP_RESEND_SECONDS * 1000);
    await mailCode(db, { id: userId, email: input.email, first_name: input.firstName });
    return c.json({ data: { email: input.email } }, 201);
  });

  app.post('/otp/verify', async (c) => {
    const { contact, otp } = await parseBody(c, otpVerifySchema);
    const db = dbOf(c, deps);
    const user = await findUserByEmail(db, contact);
    if (!user) throw badRequest(MESSAGES.invalidOtp);
    if (!user.is_email_verified) {
      await checkCode(db, hasher, limiter, user.id, 'EMAIL_VERIFICATION', otp);
      await db.updateTable('users').set({ is_email_verified: 1, updated_at: now() }).where('id', '=', user.id).execute();
    }
    return c.json({ data: { email: user.email, verified: true } });
  });

  app.post('/otp/resend', async (c) => {
    const { contact } = await parseBody(c, otpResendSchema);
    cooldown(contact);
    const db = dbOf(c, deps);
    const user = await findUserByEmail(db, contact);
    if (user && !user.is_email_verified) await mailCode(db, user);
    return c.json({ data: { sent: true } });
  });

  return app;
}
