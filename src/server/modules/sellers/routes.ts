import type { Context } from 'hono';
import { SELLERS_ROUTES } from '../../../shared/api/sellers';
import { SELLER_MESSAGES, VERIFICATION_RESEND_SECONDS } from '../../../shared/schemas/sellers';
import type { AppEnv, Deps } from '../../http/context';
import { created, implement } from '../../http/declared';
import { readerLocale } from '../../http/error-language';
import { HttpError } from '../../http/errors';
import { spendAllowance, type RateRule } from '../../http/rate-limit';
import {
  getSellerProfile,
  getSellerStats,
  markEmailVerified,
  registerSeller,
  tooSoon,
  unverifiedSeller,
  updateSellerProfile,
} from './service';
import { inTransaction } from '../../platform/db/transactions';
import { markLineAtWarehouse, unmarkLineAtWarehouse } from '../orders';
import { listSellerOrders } from './orders';
import { salesRecordOf } from './record';
import { loadRecordSigningKey, type RecordSigningKey } from './record-key';
import { listSharedRecords, readPublicRecord, revokeRecord, shareRecord } from './record-share';
import { RECORD_MESSAGES } from '../../../shared/schemas/sales-record';
import { confirmOwner, CONTACT_CHANGE_RATE, createCodeHasher, findUserById, requestContactChange } from '../accounts';
import { consumeVerificationLink, issueVerificationLink, mailVerificationLink } from './verification-link';

const SELLER_REGISTER_RATE: RateRule = { name: 'seller-register', windowMs: 3600_000, perIp: 20, perAccount: 5, message: 'Too many registrations from this network. Please try again later.' };
const LINK_CHECK_RATE: RateRule = { name: 'seller-link', windowMs: 15 * 60_000, perIp: 30, perAccount: 10, message: 'Too many tries. Please wait 15 minutes and try again.' };
const LINK_SEND_RATE: RateRule = { name: 'seller-link-send', windowMs: 3600_000, perIp: 30, perAccount: 10, message: 'Too many links were asked for. Please try again later.' };

const RECORD_SHARE_RATE: RateRule = { name: 'record-share', windowMs: 24 * 3600_000, perIp: 100, perAccount: 20, message: 'Too many records shared. Please try again tomorrow.' };
// Codes are 128 bits, so this is not what keeps them unguessed: it keeps a scraper from costing us.
const RECORD_READ_RATE: RateRule = { name: 'record-read', windowMs: 5 * 60_000, perIp: 60, perAccount: 60, message: 'Too many sales records read from this network. Please wait a few minutes.' };

const [register, verifyEmail, resendVerification, readProfile, changeProfile, readStats, listOrders, markAtWarehouse, unmarkAtWarehouse, readRecord, listShares, share, revoke, readShared] = SELLERS_ROUTES;

/** The sellers' routes (declared in shared/api/sellers.ts). */
export function sellersRoutes(deps: Deps) {
  const { db } = deps;
  const hasher = createCodeHasher(deps.codeHmacKey);
  // Read at the first share, so an instance that never signs never needs the key file.
  let recordKey: RecordSigningKey | undefined;
  const signingKey = () => (recordKey ??= loadRecordSigningKey(deps.config));

  /** In the language the seller read the page in (their account has chosen none yet). */
  const sendLink = async (c: Context<AppEnv>, to: { email: string; firstName: string; as?: 'seller' | 'transporter' }, token: string) =>
    mailVerificationLink(db, deps.config.publicUrl, to, token, await readerLocale(c, db), to.as);

  /** Marks or unmarks one of the seller's own lines and answers with the order as the seller sees it. */
  const answerLine = async (sellerId: number, orderId: number, itemId: number, change: typeof markLineAtWarehouse) => {
    await inTransaction(db, (trx) => change(trx, { sellerId }, orderId, itemId));
    const { data } = await listSellerOrders(db, sellerId, { page: 1, orderId });
    return { data: data[0] };
  };

  return [
    implement(register, async ({ body, c }) => {
      await spendAllowance(c, deps.rateLimiter, SELLER_REGISTER_RATE, body.email);
      const user = await registerSeller(db, body);
      const token = await issueVerificationLink(db, user.id);
      await deps.rateLimiter.hit(`seller-resend:${user.email}`, 1, VERIFICATION_RESEND_SECONDS * 1000);
      await sendLink(c, user, token);
      return created({ data: { message: SELLER_MESSAGES.registered, email: user.email } });
    }),

    implement(verifyEmail, async ({ body, c }) => {
      await spendAllowance(c, deps.rateLimiter, LINK_CHECK_RATE);
      const userId = await consumeVerificationLink(db, body.token);
      if (userId === undefined) throw new HttpError(400, SELLER_MESSAGES.verifyFailed, 'invalid_token');
      return { data: { message: SELLER_MESSAGES.verified, email: await markEmailVerified(db, userId) } };
    }),

    // The same answer whether or not the address has an account, so it reveals nothing.
    implement(resendVerification, async ({ body: { email }, c }) => {
      const limit = await deps.rateLimiter.hit(`seller-resend:${email}`, 1, VERIFICATION_RESEND_SECONDS * 1000);
      if (!limit.allowed) {
        c.header('Retry-After', String(limit.retryAfterSeconds));
        throw tooSoon(limit.retryAfterSeconds);
      }
      await spendAllowance(c, deps.rateLimiter, LINK_SEND_RATE, email);
      const user = await unverifiedSeller(db, email);
      if (user) await sendLink(c, user, await issueVerificationLink(db, user.id));
      return { data: { message: SELLER_MESSAGES.resendAnswer, retryAfterSeconds: VERIFICATION_RESEND_SECONDS } };
    }),

    implement(readProfile, async ({ user }) => ({ data: await getSellerProfile(db, user.id) })),

    implement(changeProfile, async ({ user: { id }, body: { phoneNumber, currentPassword, ...changes }, c }) => {
      const user = (await findUserById(db, id))!;
      // A new number is a contact change: the password again, then the code texted to it.
      if (phoneNumber !== undefined && phoneNumber !== user.phone) {
        const ctx = { db, hasher, limiter: deps.rateLimiter, publicUrl: deps.config.publicUrl };
        await spendAllowance(c, deps.rateLimiter, CONTACT_CHANGE_RATE);
        await confirmOwner(ctx, user, { currentPassword });
        await requestContactChange(ctx, user, 'phone', phoneNumber);
      }
      await updateSellerProfile(db, id, changes);
      return { data: await getSellerProfile(db, id), message: SELLER_MESSAGES.profileUpdated };
    }),

    implement(readStats, async ({ user }) => ({ data: await getSellerStats(db, user.id) })),

    implement(listOrders, ({ user, query }) => listSellerOrders(db, user.id, query)),

    implement(markAtWarehouse, ({ user, params }) => answerLine(user.id, params.orderId, params.itemId, markLineAtWarehouse)),

    /** Undo of a mistaken mark, until the order is ready for pickup (409 after). */
    implement(unmarkAtWarehouse, ({ user, params }) => answerLine(user.id, params.orderId, params.itemId, unmarkLineAtWarehouse)),

    implement(readRecord, async ({ user }) => ({ data: await salesRecordOf(db, user.id) })),
    implement(listShares, async ({ user }) => ({ data: await listSharedRecords(db, deps.config.publicUrl, user.id) })),
    implement(share, async ({ user, c }) => {
      await spendAllowance(c, deps.rateLimiter, RECORD_SHARE_RATE, user.id);
      return created({ data: await shareRecord(db, signingKey(), deps.config.publicUrl, user.id) });
    }),
    implement(revoke, async ({ user, params }) => {
      await revokeRecord(db, user.id, params.code);
      return { message: RECORD_MESSAGES.revokedDone };
    }),
    implement(readShared, async ({ params, c }) => {
      await spendAllowance(c, deps.rateLimiter, RECORD_READ_RATE, params.code);
      return { data: await readPublicRecord(db, params.code) };
    }),
  ];
}
