import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { MESSAGES, OTP_MAX_ATTEMPTS } from '../../../shared/schemas/accounts';
import type { Db } from '../../platform/db';
import { now } from '../../platform/db';
import { badRequest } from '../../http/errors';
import type { RateLimiter } from '../../platform/rate-limit';

/**
 * One-time secrets in one_time_codes: 6-digit codes (e-mail verification, password reset,
 * a new e-mail or phone, the current phone) and long tokens (password reset, the undo link
 * of one contact change: its purpose names the change, so a later change leaves it working). Only an HMAC keyed by the server secret is stored, so a copy of the
 * database alone does not let anyone brute-force the short codes offline.
 */
export type CodePurpose =
  | 'EMAIL_VERIFICATION'
  | 'PASSWORD_RESET_CODE'
  | 'PASSWORD_RESET_TOKEN'
  | 'EMAIL_CHANGE'
  | 'PHONE_CHANGE'
  | 'PHONE_VERIFICATION'
  | 'SMS_SIGN_IN'
  | `CONTACT_UNDO:${number}`;

export function createCodeHasher(secret: string) {
  return (userId: number, purpose: CodePurpose, value: string) =>
    createHmac('sha256', secret).update(`${userId}:${purpose}:${value}`).digest('hex');
}
export type CodeHasher = ReturnType<typeof createCodeHasher>;

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** Replaces any earlier unused secret of that purpose, so only the newest one works. */
async function store(db: Db, hasher: CodeHasher, userId: number, purpose: CodePurpose, value: string, ttlMinutes: number) {
  await consumeAll(db, userId, purpose);
  // Spent and expired secrets of this user are of no further use.
  await db.deleteFrom('one_time_codes').where('user_id', '=', userId).where('expires_at', '<=', new Date(Date.now() - 86_400_000).toISOString()).execute();
  await db
    .insertInto('one_time_codes')
    .values({ user_id: userId, purpose, code_hash: hasher(userId, purpose, value), expires_at: minutesFromNow(ttlMinutes), attempts: 0, consumed_at: null, created_at: now() })
    .execute();
}

export async function consumeAll(db: Db, userId: number, purpose: CodePurpose): Promise<void> {
  await db.updateTable('one_time_codes').set({ consumed_at: now() }).where('user_id', '=', userId).where('purpose', '=', purpose).where('consumed_at', 'is', null).execute();
}

/**
 * Wrong tries of a code are counted per account, or per e-mail when no account has it, so an
 * unknown address dies after as many tries as a real one: the answers do not tell them apart.
 */
export const codeTriesKey = (purpose: CodePurpose, userId: number | undefined, email: string) =>
  userId !== undefined ? `code-attempts:${purpose}:${userId}` : `code-attempts:${purpose}:${email.toLowerCase()}`;
const attemptsKey = (userId: number, purpose: CodePurpose) => codeTriesKey(purpose, userId, '');
const DAY_MS = 24 * 3600_000;

export async function issueCode(db: Db, hasher: CodeHasher, limiter: RateLimiter, userId: number, purpose: CodePurpose, ttlMinutes: number): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await store(db, hasher, userId, purpose, code, ttlMinutes);
  await limiter.reset(attemptsKey(userId, purpose));
  return code;
}

/** A token that names its user ("<id>.<random>") so it is found by the user index. */
export async function issueToken(db: Db, hasher: CodeHasher, userId: number, purpose: CodePurpose, ttlMinutes: number): Promise<string> {
  const secret = randomBytes(32).toString('base64url');
  await store(db, hasher, userId, purpose, secret, ttlMinutes);
  return `${userId}.${secret}`;
}

const sameHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The newest secret of that purpose, or nothing if it is spent (unless includeSpent). Only the
 * newest ever counts: codes issued at the same moment can each miss the other's replacement,
 * and an older one left unspent must not come to life when the newest is used.
 */
async function latest(db: Db, userId: number, purpose: CodePurpose, includeSpent = false) {
  const row = await db.selectFrom('one_time_codes').selectAll().where('user_id', '=', userId).where('purpose', '=', purpose).orderBy('id', 'desc').executeTakeFirst();
  return row && (includeSpent || row.consumed_at === null) ? row : undefined;
}

/**
 * Checks a 6-digit code for an e-mail: at most OTP_MAX_ATTEMPTS tries, then it is dead. Each
 * try takes its place in the count before the code is compared, so parallel guesses get no
 * more; the count lives in the rate limiter too, because a request sent with an Idempotency-Key
 * runs in a transaction that a failure rolls back. A right code is consumed.
 *
 * Every failure reads the same whether the account exists, is already verified, has no code or
 * a different one: "Invalid OTP code". Only the right code, too late, hears that it expired.
 * `includeSpent` also accepts the last code already used (a verified account repeating the
 * code that verified it, say after a lost answer).
 */
export async function checkCode(db: Db, hasher: CodeHasher, limiter: RateLimiter, user: { id: number } | undefined, email: string, purpose: CodePurpose, code: string, includeSpent = false): Promise<void> {
  const tries = await limiter.hit(codeTriesKey(purpose, user?.id, email), OTP_MAX_ATTEMPTS, DAY_MS);
  const row = user ? await latest(db, user.id, purpose, includeSpent) : undefined;
  if (!tries.allowed || (row && row.attempts >= OTP_MAX_ATTEMPTS)) throw badRequest(MESSAGES.otpTooManyTries);
  if (!row || !sameHex(row.code_hash, hasher(row.user_id, purpose, code))) {
    if (row) await db.updateTable('one_time_codes').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', row.id).execute();
    throw badRequest(MESSAGES.invalidOtp);
  }
  if (row.expires_at <= now()) throw badRequest(MESSAGES.otpExpired);
  // Spent here or not at all: of the same right code sent at once, one request wins and the
  // others read as a used code (each would otherwise sign in, or reset, with it). includeSpent
  // accepts a used code on purpose.
  const spent = await db.updateTable('one_time_codes').set({ consumed_at: now() }).where('id', '=', row.id).where('consumed_at', 'is', null).executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1 && !includeSpent) throw badRequest(MESSAGES.invalidOtp);
}

/** The live row a token names, if it is known, unused and unexpired. */
async function liveToken(db: Db, hasher: CodeHasher, purpose: CodePurpose, token: string) {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{20,100})$/.exec(token);
  if (!match) return undefined;
  const userId = Number(match[1]);
  const row = await latest(db, userId, purpose);
  if (!row || row.expires_at <= now() || !sameHex(row.code_hash, hasher(userId, purpose, match[2]!))) return undefined;
  return row;
}

/** Whether a token would be accepted now, without spending it (the reset page asks first). */
export async function tokenIsLive(db: Db, hasher: CodeHasher, purpose: CodePurpose, token: string): Promise<boolean> {
  return (await liveToken(db, hasher, purpose, token)) !== undefined;
}

/** Spends a reset token; undefined when it is unknown, used or expired. */
export async function consumeToken(db: Db, hasher: CodeHasher, purpose: CodePurpose, token: string): Promise<number | undefined> {
  const row = await liveToken(db, hasher, purpose, token);
  if (!row) return undefined;
  const userId = row.user_id;
  const spent = await db.updateTable('one_time_codes').set({ consumed_at: now() }).where('id', '=', row.id).where('consumed_at', 'is', null).executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1 ? userId : undefined;
}
