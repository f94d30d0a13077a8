import { Hono, type Context } from 'hono';
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
import { readerLocale } from '../../http/error-language';
import { HttpError } from '../../http/errors';
import { spendAllowance, type RateRule } from '../../http/rate-limit';
import type { Db } from '../../platform/db';
import { parseBody, parseQuery } from '../../http/validate';
import {
  getSellerProfile,
  getSellerStats,
  registerSeller,
  tooSoon,
  updateSellerProfile,
} from './service';
import { parseIdOr404 } from '../../http/params';
import { inTransaction } from '../../platform/db/transactions';
import { markLineAtWarehouse, unmarkLineAtWarehouse } from '../orders/fulfilment';
import { listSellerOrders } from './orders';
import { createCodeHasher } from '../accounts/codes';
import { confirmOwner, requestContactChange } from '../accounts/contact-change';
import { CONTACT_CHANGE_RATE } from '../accounts/contact-routes';
import { findUserById } from '../accounts/users';
import { consumeVerificationLink, issueVerificationLink, mailVerificationLink } from './verification-link';

const SELLER_REGISTER_RATE: RateRule = { name: 'seller-register', windowMs: 3600_000, perIp: 20, perAccount: 5, message: 'Too many registrations from this network. Please try again later.' };
const LINK_CHECK_RATE: RateRule = { name: 'seller-link', windowMs: 15 * 60_000, perIp: 30, perAccount: 10, message: 'Too many tries. Please wait 15 minutes and try again.' };
const LINK_SEND_RATE: RateRule = { name: 'seller-link-send', windowMs: 3600_000, perIp: 30, perAccount: 10, message: 'Too many links were asked for. Please try again later.' };

export function sellersRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const seller = requireUser('SELLER');
  const hasher = createCodeHasher(deps.codeHmacKey);

  /** In the language the seller read the page in (their account has chosen none yet). */
  const sendLink = async (c: Context<AppEnv>, db: Db, to: { email: string; firstName: string }, token: string) =>
    mailVerificationLink(db, deps.config.publicUrl, to, token, await readerLocale(c, db));

  app.post('/sellers/register', async (c) => {
    const input = await parseBody(c, sellerRegistrationSchema);
    await spendAllowance(c, deps.rateLimiter, SELLER_REGISTER_RATE, input.email);
    const db = dbOf(c, deps);
    const user = await registerSeller(db, input);
    const token = await issueVerificationLink(db, user.id);
    await deps.rateLimiter.hit(`seller-resend:${user.email}`, 1, VERIFICATION_RESEND_SECONDS * 1000);
    await sendLink(c, db, user, token);
    return c.json({ data: { message: SELLER_MESSAGES.registered, email: user.email } }, 201);
  });

  app.post('/sellers/verify-email', async (c) => {
    const { token } = await parseBody(c, verifyEmailSchema);
    await spendAllowance(c, deps.rateLimiter, LINK_CHECK_RATE);
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
    const limit = await deps.rateLimiter.hit(`seller-resend:${email}`, 1, VERIFICATION_RESEND_SECONDS * 1000);
    if (!limit.allowed) {
      c.header('Retry-After', String(limit.retryAfterSeconds));
      throw tooSoon(limit.retryAfterSeconds);
    }
    await spendAllowance(c, deps.rateLimiter, LINK_SEND_RATE, email);
    const db = dbOf(c, deps);
    const user = await db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'is_email_verified', 'user_type'])
      .where('email', '=', email)
      .executeTakeFirst();
    if (user?.email && user.user_type === 'SELLER' && user.is_email_verified === 0) {
      const token = await issueVerificationLink(db, user.id);
      await sendLink(c, db, { email: user.email, firstName: user.first_name }, token);
    }
    return c.json({ data: { message: SELLER_MESSAGES.resendAnswer, retryAfterSeconds: VERIFICATION_RESEND_SECONDS } });
  });

  app.get('/sellers/me', seller, async (c) => c.json({ data: await getSellerProfile(dbOf(c, deps), currentUser(c).id) }));

  app.put('/sellers/me', seller, async (c) => {
    const { phoneNumber, currentPassword, ...changes } = await parseBody(c, sellerProfileUpdateSchema);
    const db = dbOf(c, deps);
    const { id } = currentUser(c);
    const user = (await findUserById(db, id))!;
    // A new number is a contact change: the password again, then the code texted to it.
    if (phoneNumber !== undefined && phoneNumber !== user.phone) {
      const ctx = { db, hasher, limiter: deps.rateLimiter, publicUrl: deps.config.publicUrl };
      await spendAllowance(c, deps.rateLimiter, CONTACT_CHANGE_RATE);
      await confirmOwner(ctx, user, { currentPassword });
      await requestContactChange(ctx, user, 'phone', phoneNumber);
    }
    await updateSellerProfile(db, id, changes);
    return c.json({ data: await getSellerProfile(db, id), message: SELLER_MESSAGES.profileUpdated });
  });

  app.get('/sellers/me/stats', seller, async (c) => c.json({ data: await getSellerStats(dbOf(c, deps), currentUser(c).id) }));

  app.get('/sellers/me/orders', seller, async (c) => c.json(await listSellerOrders(dbOf(c, deps), currentUser(c).id, parseQuery(c, sellerOrdersQuerySchema))));

  /** The seller brought this line to the pickup warehouse (a set-to intent, so the outbox may resend it). */
  app.put('/sellers/me/orders/:orderId/items/:itemId/at-warehouse', seller, async (c) => answerLine(c, markLineAtWarehouse));

  /** Undo of a mistaken mark, until the order is ready for pickup (409 after). */
  app.delete('/sellers/me/orders/:orderId/items/:itemId/at-warehouse', seller, async (c) => answerLine(c, unmarkLineAtWarehouse));

  /** Marks or unmarks one of the seller's own lines and answers with the order as the seller sees it. */
  async function answerLine(c: Context<AppEnv, '/sellers/me/orders/:orderId/items/:itemId/at-warehouse'>, change: typeof markLineAtWarehouse) {
    const orderId = parseIdOr404(c.req.param('orderId'), 'Order line not found');
    const itemId = parseIdOr404(c.req.param('itemId'), 'Order line not found');
    const db = dbOf(c, deps);
    const { id } = currentUser(c);
    await inTransaction(db, (trx) => change(trx, { sellerId: id }, orderId, itemId));
    const { data } = await listSellerOrders(db, id, { page: 1, orderId });
    return c.json({ data: data[0] });
  }

  return app;
}
