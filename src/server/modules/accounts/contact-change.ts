import * as v from 'valibot';
import { MESSAGES, OTP_RESEND_SECONDS, OTP_TTL_MINUTES, UNDO_CHANGE_DAYS, emailSchema, phoneSchema, type ContactChangeAnswer, type ContactChannel, type OwnerProof } from '../../../shared/schemas/accounts';
import { normalizeSellerPhone } from '../../../shared/schemas/sellers';
import { HttpError, badRequest, conflict } from '../../http/errors';
import { parseOrThrow } from '../../http/validate';
import { verifyPassword } from '../../platform/auth/passwords';
import { now, type Db } from '../../platform/db';
import { smsNumber } from '../../platform/messages/render';
import type { RateLimiter } from '../../platform/rate-limit';
import { inTransaction } from '../../platform/db/transactions';
import { checkCode, consumeAll, consumeToken, issueCode, issueToken, type CodeHasher } from './codes';
import { sendEmailChangeCode, tellOldAddress, textCode } from './mail';
import { revokeUserSessions } from './sessions';
import { findUserByEmail, hasPassword, type UserRow } from './users';

/**
 * Changing the e-mail or phone of an account: the owner proves who they are again (password,
 * or a code to the current number for an account without one), the new address proves itself
 * with a code before it replaces the old one, and the old address is told, with a link that
 * puts it back and signs every device out. A stolen session alone changes nothing.
 */
export interface ContactContext {
  db: Db;
  hasher: CodeHasher;
  limiter: RateLimiter;
  publicUrl: string;
}

const customerPhone = v.object({ phone: v.union([v.literal(''), phoneSchema], 'Please enter a valid phone number') });
const newEmail = v.object({ email: emailSchema() });

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

/** POST /auth/contact-change's value, checked as the channel's own field (400 naming email or phone). */
export function newContactValue(user: UserRow, channel: ContactChannel, raw: string): string | null {
  return channel === 'email' ? parseOrThrow(newEmail, { email: raw }).email : parsePhone(user, raw);
}

const CODE_PURPOSE = { email: 'EMAIL_CHANGE', phone: 'PHONE_CHANGE' } as const;
const undoPurpose = (changeId: number) => `CONTACT_UNDO:${changeId}` as const;
const currentValue = (user: UserRow, channel: ContactChannel) => (channel === 'email' ? user.email : user.phone);

/** The password, or for an account without one a code sent to its current number. */
export async function confirmOwner(ctx: ContactContext, user: UserRow, proof: OwnerProof): Promise<void> {
  if (hasPassword(user)) {
    if (!proof.currentPassword) throw badRequest(MESSAGES.confirmWithPassword, { currentPassword: MESSAGES.confirmWithPassword });
    if (!(await verifyPassword(user.password_hash, proof.currentPassword))) {
      throw badRequest(MESSAGES.wrongCurrentPassword, { currentPassword: MESSAGES.wrongCurrentPassword });
    }
    return;
  }
  if (!proof.code) throw badRequest(MESSAGES.confirmWithCode, { code: MESSAGES.confirmWithCode });
  await checkCode(ctx.db, ctx.hasher, ctx.limiter, user, '', 'PHONE_VERIFICATION', proof.code);
}

async function pendingChange(db: Db, userId: number, channel: ContactChannel) {
  return db.selectFrom('contact_changes').selectAll().where('user_id', '=', userId).where('channel', '=', channel).where('status', '=', 'PENDING').orderBy('id', 'desc').executeTakeFirst();
}

export async function cancelPending(db: Db, userId: number, channel?: ContactChannel): Promise<void> {
  let query = db.updateTable('contact_changes').set({ status: 'CANCELLED' }).where('user_id', '=', userId).where('status', '=', 'PENDING');
  if (channel) query = query.where('channel', '=', channel);
  await query.execute();
  for (const c of channel ? [channel] : (['email', 'phone'] as const)) await consumeAll(db, userId, CODE_PURPOSE[c]);
}

/** What the profile shows as waiting for a code. */
export async function pendingValues(db: Db, userId: number): Promise<{ pendingEmail: string | null; pendingPhone: string | null }> {
  const [email, phone] = await Promise.all([pendingChange(db, userId, 'email'), pendingChange(db, userId, 'phone')]);
  return { pendingEmail: email?.new_value ?? null, pendingPhone: phone?.new_value ?? null };
}

/** One code per address per 30 s, whoever asks. */
async function cooldown(limiter: RateLimiter, address: string) {
  const hit = await limiter.hit(`otp-send:${address}`, 1, OTP_RESEND_SECONDS * 1000);
  if (!hit.allowed) throw new HttpError(429, `Please wait ${hit.retryAfterSeconds} seconds before asking for a new code.`);
}

const addressOf = (channel: ContactChannel, value: string) => (channel === 'email' ? value : smsNumber(value)!);

async function sendChangeCode(ctx: ContactContext, user: UserRow, channel: ContactChannel, value: string) {
  const to = addressOf(channel, value);
  const code = await issueCode(ctx.db, ctx.hasher, ctx.limiter, user.id, CODE_PURPOSE[channel], OTP_TTL_MINUTES);
  if (channel === 'email') await sendEmailChangeCode(ctx.db, to, user.first_name, code, user.language);
  else await textCode(ctx.db, to, code, 'new-number', user.language);
}

/**
 * Starts a change the owner has confirmed (confirmOwner): a new address waits for its code;
 * removing the phone (value null) has nothing to prove and applies at once.
 */
export async function requestContactChange(ctx: ContactContext, user: UserRow, channel: ContactChannel, value: string | null): Promise<ContactChangeAnswer> {
  if (value === currentValue(user, channel)) {
    await cancelPending(ctx.db, user.id, channel);
    return { channel, status: 'unchanged', pendingValue: null };
  }
  if (channel === 'email' && value && (await findUserByEmail(ctx.db, value))) throw conflict(MESSAGES.duplicateEmail);
  if (channel === 'phone' && value && !smsNumber(value)) throw badRequest(MESSAGES.phoneNotTextable, { phone: MESSAGES.phoneNotTextable });
  if (channel === 'email' && !value) throw badRequest('Email is required', { email: 'Email is required' });
  if (value) await cooldown(ctx.limiter, addressOf(channel, value));
  const row = await inTransaction(ctx.db, async (trx) => {
    await cancelPending(trx, user.id, channel);
    return trx
      .insertInto('contact_changes')
      .values({ user_id: user.id, channel, old_value: currentValue(user, channel), old_verified: channel === 'email' ? user.is_email_verified : user.is_phone_verified, new_value: value, status: 'PENDING', created_at: now(), applied_at: null })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
  if (!value) {
    await applyChange(ctx, user, row.id);
    return { channel, status: 'applied', pendingValue: null };
  }
  await sendChangeCode(ctx, user, channel, value);
  return { channel, status: 'pending', pendingValue: value };
}

export async function resendChangeCode(ctx: ContactContext, user: UserRow, channel: ContactChannel): Promise<ContactChangeAnswer> {
  const row = await pendingChange(ctx.db, user.id, channel);
  if (!row?.new_value) throw badRequest(MESSAGES.noPendingChange);
  await cooldown(ctx.limiter, addressOf(channel, row.new_value));
  await sendChangeCode(ctx, user, channel, row.new_value);
  return { channel, status: 'pending', pendingValue: row.new_value };
}

/** The new address's code: the change takes effect, proved, and the old address hears of it. */
export async function verifyContactChange(ctx: ContactContext, user: UserRow, channel: ContactChannel, code: string): Promise<ContactChangeAnswer> {
  const row = await pendingChange(ctx.db, user.id, channel);
  if (!row) throw badRequest(MESSAGES.noPendingChange);
  await checkCode(ctx.db, ctx.hasher, ctx.limiter, user, '', CODE_PURPOSE[channel], code);
  await applyChange(ctx, user, row.id);
  return { channel, status: 'applied', pendingValue: null };
}

async function applyChange(ctx: ContactContext, user: UserRow, changeId: number): Promise<void> {
  try {
    await inTransaction(ctx.db, async (trx) => {
      const row = await trx.selectFrom('contact_changes').selectAll().where('id', '=', changeId).where('status', '=', 'PENDING').executeTakeFirst();
      if (!row) throw badRequest(MESSAGES.noPendingChange);
      const at = now();
      if (row.channel === 'email') {
        if (await findUserByEmail(trx, row.new_value!)) throw conflict(MESSAGES.duplicateEmail);
        await trx.updateTable('users').set({ email: row.new_value!, is_email_verified: 1, updated_at: at }).where('id', '=', user.id).execute();
      } else {
        await trx.updateTable('users').set({ phone: row.new_value, is_phone_verified: row.new_value ? 1 : 0, updated_at: at }).where('id', '=', user.id).execute();
      }
      await trx.updateTable('contact_changes').set({ status: 'APPLIED', applied_at: at }).where('id', '=', row.id).execute();
      const token = await issueToken(trx, ctx.hasher, user.id, undoPurpose(row.id), UNDO_CHANGE_DAYS * 24 * 60);
      const undoLink = `${ctx.publicUrl}/undo-change?token=${encodeURIComponent(`${row.id}-${token}`)}`;
      // The e-mail change is told to the old address; a phone change to the account's e-mail and the old number.
      const oldPhone = row.channel === 'phone' && row.old_value ? smsNumber(row.old_value) : undefined;
      await tellOldAddress(trx, { email: row.channel === 'email' ? row.old_value! : (user.email ?? undefined), sms: oldPhone, firstName: user.first_name, channel: row.channel, newValue: row.new_value, undoLink, language: user.language });
    });
  } catch (error) {
    if (error instanceof HttpError) throw error;
    // Two accounts verifying one new address at once: the unique index decides.
    const row = await ctx.db.selectFrom('contact_changes').select(['channel', 'new_value']).where('id', '=', changeId).executeTakeFirst().catch(() => undefined);
    const holder = row?.channel === 'email' && row.new_value ? await findUserByEmail(ctx.db, row.new_value).catch(() => undefined) : undefined;
    if (holder && holder.id !== user.id) throw conflict(MESSAGES.duplicateEmail);
    throw error;
  }
}

/**
 * The old address's link: that change and every later one of its kind are undone, the old
 * value comes back, and every sign-in of the account ends (whoever changed it is out), with
 * any password reset or change code that was sent to the new address.
 */
export async function undoContactChange(db: Db, hasher: CodeHasher, link: string): Promise<{ channel: ContactChannel }> {
  const match = /^(\d{1,12})-(.+)$/.exec(link);
  const changeId = match ? Number(match[1]) : undefined;
  const userId = changeId === undefined ? undefined : await consumeToken(db, hasher, undoPurpose(changeId), match![2]!);
  if (userId === undefined) throw badRequest(MESSAGES.undoInvalid);
  const row = await db.selectFrom('contact_changes').selectAll().where('id', '=', changeId!).where('user_id', '=', userId).executeTakeFirst();
  if (!row || row.status !== 'APPLIED') throw badRequest(MESSAGES.undoInvalid);
  await inTransaction(db, async (trx) => {
    if (row.channel === 'email') {
      const holder = await findUserByEmail(trx, row.old_value!);
      if (holder && holder.id !== userId) throw conflict(MESSAGES.oldAddressTaken);
      // Whoever opened the mailed link reads that mailbox: the address is proved.
      await trx.updateTable('users').set({ email: row.old_value!, is_email_verified: 1, updated_at: now() }).where('id', '=', userId).execute();
    } else {
      await trx.updateTable('users').set({ phone: row.old_value, is_phone_verified: row.old_verified, updated_at: now() }).where('id', '=', userId).execute();
    }
    await trx.updateTable('contact_changes').set({ status: 'UNDONE' }).where('user_id', '=', userId).where('channel', '=', row.channel).where('status', '=', 'APPLIED').where('id', '>=', row.id).execute();
    await cancelPending(trx, userId);
    await trx.updateTable('one_time_codes').set({ consumed_at: now() }).where('user_id', '=', userId).where('consumed_at', 'is', null)
      .where((eb) => eb.or([eb('purpose', 'in', ['PASSWORD_RESET_CODE', 'PASSWORD_RESET_TOKEN']), eb('purpose', 'like', 'CONTACT_UNDO:%')]))
      .execute();
    await revokeUserSessions(trx, userId);
  });
  return { channel: row.channel };
}

/** Sends a code to the account's current number (to verify it, or to confirm a change without a password). */
export async function sendPhoneCode(ctx: ContactContext, user: UserRow): Promise<void> {
  if (!user.phone) throw badRequest(MESSAGES.noPhone);
  const to = smsNumber(user.phone);
  if (!to) throw badRequest(MESSAGES.phoneNotTextable);
  await cooldown(ctx.limiter, to);
  const code = await issueCode(ctx.db, ctx.hasher, ctx.limiter, user.id, 'PHONE_VERIFICATION', OTP_TTL_MINUTES);
  await textCode(ctx.db, to, code, 'verify', user.language);
}

export async function verifyPhone(ctx: ContactContext, user: UserRow, code: string): Promise<void> {
  if (!user.phone) throw badRequest(MESSAGES.noPhone);
  await checkCode(ctx.db, ctx.hasher, ctx.limiter, user, '', 'PHONE_VERIFICATION', code);
  await ctx.db.updateTable('users').set({ is_phone_verified: 1, updated_at: now() }).where('id', '=', user.id).execute();
}
