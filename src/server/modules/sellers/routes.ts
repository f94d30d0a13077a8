import { Hono } from 'hono';
import {
  SELLER_MESSAGES,
  VERIFICATION_RESEND_SECONDS,
  resendVerificationSchema,
  sellerOrdersQuerySchema,
  sellerProfileUpdateSchema,
  sellerRegistrationSchema,
  verifyEmailSchema,
} from '../../../shared/schemas/sellers';
import { currentUser, requireUser } from '../../http/auth';
import { dbOf, type AppEnv, type Deps } from '../../http/context';
import { HttpError } from '../../http/errors';
import { parseBody, parseQuery } from '../../http/validate';
import { clientIp } from '../accounts/users';
import {
  getSellerProfile,
  getSellerStats,
  listSellerOrders,
  registerSeller,
  tooSoon,
  updateSellerProfile,
} from './service';
import { consumeVerificationLink, issueVerificationLink, mailVerificationLink } from './verification-link';

const REGISTRATIONS_PER_HOUR = 20;

export function sellersRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const seller = requireUser('SELLER');

  /** Mail trouble must not undo a registration: the seller can ask for the link again. */
  const sendLink = async (to: { email: string; firstName: string }, token: string) => {
    try {
      await mailVerificationLink(deps.mailer, deps.config.publicUrl, to, token);
    } catch (error) {
      deps.logger.error({ err: error, to: to.email }, 'could not send the seller verification link');
    }
  };

  app.post('/sellers/register', async (c) => {
    const limit = deps.rateLimiter.hit(`seller-register:${clientIp(c)}`, REGISTRATIONS_PER_HOUR, 3600_000);
    if (!limit.allowed) throw new HttpError(429, 'Too many registrations from this network. Please try again later.');
    const input = await parseBody(c, sellerRegistrationSchema);
    const db = dbOf(c, deps);
    const user = await registerSeller(db, input);
    const token = await issueVerificationLink(db, user.id);
    deps.rateLimiter.hit(`seller-resend:${user.email}`, 1, VERIFICATION_RESEND_SECONDS * 1000);
    await sendLink(user, token);
    return c.json({ data: { message: SELLER_MESSAGES.registered, email: user.email } }, 201);
  });

  app.post('/sellers/verify-email', async (c) => {
    const { token } = await parseBody(c, verifyEmailSchema);
    const db = dbOf(c, deps);
    const userId = await consumeVerificationLink(db, token);
    if (userId === undefined) throw new HttpError(400, SELLER_MESSAGES.verifyFailed, 'invalid_token');
    const user = await db
      .updateTable('users')
      .set({ is_email_verified: 1, updated_at: new Date().toISOString() })
      .where('id', '=', userId)
      .returning('email')
      .executeTakeFirstOrThrow();
    return c.json({ data: { message: SELLER_MESSAGES.verified, email: user.email } });
  });

  // The same answer whether or not the address has an account, so it reveals nothing.
  app.post('/sellers/resend-verification', async (c) => {
    const { email } = await parseBody(c, resendVerificationSchema);
    const limit = deps.rateLimiter.hit(`seller-resend:${email}`, 1, VERIFICATION_RESEND_SECONDS * 1000);
    if (!limit.allowed) throw tooSoon(limit.retryAfterSeconds);
    const db = dbOf(c, deps);
    const user = await db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'is_email_verified', 'user_type'])
      .where('email', '=', email)
      .executeTakeFirst();
    if (user && user.user_type === 'SELLER' && user.is_email_verified === 0) {
      const token = await issueVerificationLink(db, user.id);
      await sendLink({ email: user.email, firstName: user.first_name }, token);
    }
    return c.json({ data: { message: SELLER_MESSAGES.resendAnswer, retryAfterSeconds: VERIFICATION_RESEND_SECONDS } });
  });

  app.get('/sellers/me', seller, async (c) => c.json({ data: await getSellerProfile(dbOf(c, deps), currentUser(c).id) }));

  app.put('/sellers/me', seller, async (c) => {
    const changes = await parseBody(c, sellerProfileUpdateSchema);
    const db = dbOf(c, deps);
    const { id } = currentUser(c);
    await updateSellerProfile(db, id, changes);
    return c.json({ data: await getSellerProfile(db, id), message: SELLER_MESSAGES.profileUpdated });
  });

  app.get('/sellers/me/stats', seller, async (c) => c.json({ data: await getSellerStats(dbOf(c, deps), currentUser(c).id) }));

  app.get('/sellers/me/orders', seller, async (c) => {
    const { page } = parseQuery(c, sellerOrdersQuerySchema);
    return c.json(await listSellerOrders(dbOf(c, deps), currentUser(c).id, page));
  });

  return app;
}
