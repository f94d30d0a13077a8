import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { LoginAnswer } from '../../../shared/schemas/accounts';
import type { Db } from '../../platform/db';
import { now } from '../../platform/db';
import { ACCESS_TOKEN_TTL_SECONDS, type SessionCheck, type TokenSigner } from '../../platform/auth/tokens';
import { HttpError } from '../../http/errors';
import { toAccountUser, type UserRow } from './users';

/**
 * Refresh tokens: random, stored only as a SHA-256 hash, valid 30 days, and rotated on every
 * use. All tokens descended from one sign-in share a family id; presenting a token that was
 * already rotated means someone holds a copy, so the whole family is revoked.
 */
export const REFRESH_TTL_DAYS = 30;
const INVALID_REFRESH = 'Invalid or expired refresh token';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function insertRefreshToken(db: Db, userId: number, familyId: string, userAgent: string | undefined) {
  const token = randomBytes(32).toString('base64url');
  const row = await db
    .insertInto('refresh_tokens')
    .values({
      user_id: userId,
      family_id: familyId,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + REFRESH_TTL_DAYS * 86_400_000).toISOString(),
      revoked_at: null,
      replaced_by: null,
      user_agent: userAgent?.slice(0, 300) ?? null,
      created_at: now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, id: row.id };
}

/** A new signed-in session (new family) for a user who just proved who they are. */
export async function issueSession(db: Db, tokens: TokenSigner, user: UserRow, userAgent?: string): Promise<LoginAnswer> {
  // Housekeeping at each sign-in: expired tokens can never be used or replayed, so they go.
  // Revoked but unexpired ones stay: they are what reveals a replayed token.
  await db.deleteFrom('refresh_tokens').where('user_id', '=', user.id).where('expires_at', '<=', now()).execute();
  const familyId = randomUUID();
  const { token: refreshToken } = await insertRefreshToken(db, user.id, familyId, userAgent);
  const access = await tokens.signAccessToken({ id: user.id, userType: user.user_type, email: user.email ?? '', sid: familyId });
  return { accessToken: access.token, refreshToken, expiresAt: access.expiresAt, user: toAccountUser(user) };
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  await db.updateTable('refresh_tokens').set({ revoked_at: now() }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
}

/** Trades a refresh token for a new pair. The old token is spent whether or not it was reused. */
export async function rotateRefreshToken(db: Db, tokens: TokenSigner, refreshToken: string, userAgent?: string): Promise<LoginAnswer> {
  const row = await db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hashToken(refreshToken)).executeTakeFirst();
  if (!row) throw new HttpError(401, INVALID_REFRESH, 'invalid_refresh_token');
  if (row.revoked_at !== null) {
    // A spent token came back: the thief or the owner holds a copy. End that sign-in everywhere.
    if (row.replaced_by !== null) await revokeFamily(db, row.family_id);
    throw new HttpError(401, INVALID_REFRESH, 'invalid_refresh_token');
  }
  if (row.expires_at <= now()) throw new HttpError(401, INVALID_REFRESH, 'invalid_refresh_token');
  const user = await db.selectFrom('users').selectAll().where('id', '=', row.user_id).executeTakeFirst();
  if (!user) throw new HttpError(401, INVALID_REFRESH, 'invalid_refresh_token');

  const next = await insertRefreshToken(db, user.id, row.family_id, userAgent ?? row.user_agent ?? undefined);
  // Conditional on still being unrevoked: of two racing refreshes with one token, one wins.
  const spent = await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now(), replaced_by: next.id })
    .where('id', '=', row.id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) {
    await revokeFamily(db, row.family_id);
    throw new HttpError(401, INVALID_REFRESH, 'invalid_refresh_token');
  }
  const access = await tokens.signAccessToken({ id: user.id, userType: user.user_type, email: user.email ?? '', sid: row.family_id });
  return { accessToken: access.token, refreshToken: next.token, expiresAt: access.expiresAt, user: toAccountUser(user) };
}

/** The family a live refresh token belongs to, if it is one of this user's. */
export async function familyOf(db: Db, refreshToken: string, userId?: number): Promise<string | undefined> {
  let query = db.selectFrom('refresh_tokens').select('family_id').where('token_hash', '=', hashToken(refreshToken));
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return (await query.executeTakeFirst())?.family_id;
}

/** Ends every sign-in of the user except (optionally) one family. */
export async function revokeUserSessions(db: Db, userId: number, keepFamily?: string): Promise<number> {
  let query = db.updateTable('refresh_tokens').set({ revoked_at: now() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepFamily) query = query.where('family_id', '!=', keepFamily);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Signed-in devices: families with a live token. */
export async function activeSessionCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select((eb) => eb.fn.count<number>('family_id').distinct().as('n'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now())
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** How long an instance believes a sign-in is still live before asking the database again. */
export const SESSION_CHECK_SECONDS = 2;

/**
 * Whether the sign-in an access token names is still live: it has an unrevoked, unexpired
 * refresh token. Asked on every authenticated request, answered from a per-instance cache
 * for at most SESSION_CHECK_SECONDS, so a sign-out, reset or "sign out other devices" on any
 * instance ends the access tokens of those sign-ins everywhere within that time, not 15
 * minutes later. A revoked sign-in never comes back, so that answer is kept.
 */
export function createSessionCheck(db: Db, nowMs: () => number = Date.now): SessionCheck {
  const known = new Map<string, { live: boolean; until: number }>();
  return {
    async isLive(familyId: string): Promise<boolean> {
      const t = nowMs();
      const cached = known.get(familyId);
      if (cached && cached.until > t) return cached.live;
      const row = await db
        .selectFrom('refresh_tokens')
        .select('id')
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now())
        .executeTakeFirst();
      if (known.size > 50_000) known.clear();
      const live = row !== undefined;
      known.set(familyId, { live, until: t + (live ? SESSION_CHECK_SECONDS * 1000 : ACCESS_TOKEN_TTL_SECONDS * 1000) });
      return live;
    },
    forget() {
      for (const [familyId, entry] of known) if (entry.live) known.delete(familyId);
    },
  };
}
