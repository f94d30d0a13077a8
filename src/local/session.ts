import type { Table } from 'dexie';
import { localDb, type AkuafoDb } from './db';
import type { ApiAuth } from './api';
import type { UserType } from '../shared/schemas/accounts';

/** Storage keys of the spec: the session lives in IndexedDB so the service worker can use it. */
export const SESSION_KEYS = { accessToken: 'accessToken', refreshToken: 'refreshToken', user: 'user', expiresAt: 'expiresAt', signInId: 'signInId' } as const;

export interface SessionUser {
  id?: number;
  firstName: string;
  lastName: string;
  email: string;
  userType: UserType;
  /** A WAREHOUSE account's warehouse (issue 40). */
  warehouseId?: number;
  profileImage: string | null;
  passwordChangedAt: string | null;
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  expiresAt?: string;
  user: SessionUser;
  /**
   * Which sign-in this is, made on the phone when the session is first kept and carried through
   * token refreshes and profile updates. Two sign-ins never share it, even of one account.
   */
  signInId?: string;
}

export async function readSession(db: AkuafoDb = localDb): Promise<Session | undefined> {
  const rows = await db.session.bulkGet(Object.values(SESSION_KEYS));
  const [accessToken, refreshToken, user, expiresAt, signInId] = rows.map((r) => r?.value);
  if (typeof accessToken !== 'string' || typeof refreshToken !== 'string' || !user) return undefined;
  return { accessToken, refreshToken, user: user as SessionUser, expiresAt: expiresAt as string | undefined, signInId: typeof signInId === 'string' ? signInId : undefined };
}

/** Keeps the session; one without a signInId (a new sign-in) is given a new one. */
export async function saveSession(session: Session, db: AkuafoDb = localDb): Promise<void> {
  await db.session.bulkPut([
    { key: SESSION_KEYS.accessToken, value: session.accessToken },
    { key: SESSION_KEYS.refreshToken, value: session.refreshToken },
    { key: SESSION_KEYS.user, value: session.user },
    { key: SESSION_KEYS.expiresAt, value: session.expiresAt },
    { key: SESSION_KEYS.signInId, value: session.signInId ?? newSignInId() },
  ]);
}

/**
 * The account the phone's personal data is filed under: its id. Never the e-mail: every
 * phone-only account (made by USSD, signed in by SMS code) has '', and an address can pass
 * from one account to another. A session with no id (none has been kept without one since the
 * first release) files nothing.
 */
export function accountOf(session: Session | undefined): number | undefined {
  const id = session?.user.id;
  return typeof id === 'number' ? id : undefined;
}

/** The signed-in account's id (see accountOf), or undefined when no one is signed in. */
export async function signedInAccount(db: AkuafoDb = localDb): Promise<number | undefined> {
  return accountOf(await readSession(db));
}

export function newSignInId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Whether two sessions are one sign-in: the same account (id) and the same signInId. A session
 * kept before signInIds were is told apart by its refresh token. Not the e-mail: phone-only
 * accounts all have '' and an address can pass to another account; not the id alone: the
 * same person signing out and in again is a new sign-in whose data was wiped in between.
 */
export function sameSignIn(a: Session, b: Session): boolean {
  if (a.user.id !== b.user.id) return false;
  if (a.signInId !== undefined || b.signInId !== undefined) return a.signInId === b.signInId;
  return a.refreshToken === b.refreshToken;
}

/**
 * Keeps what a server answer brought, only while the person it was asked for is still signed
 * in. An answer can land after a sign-out on a shared phone (log out while the profile loads):
 * written blindly it would put the last person's profile, cart, orders or even their session
 * back. The check and the write share one transaction, so a sign-out cannot fall between them.
 * `asked` is the session the request went out with (read before the call); answers undefined
 * when not kept.
 */
export function keepForSession<T>(
  db: AkuafoDb,
  asked: Session | undefined,
  tables: Table[],
  write: (current: Session) => Promise<T>,
): Promise<T | undefined> {
  return db.transaction('rw', [db.session, ...tables], async () => {
    const current = await readSession(db);
    if (!asked || !current || !sameSignIn(asked, current)) return undefined;
    return write(current);
  });
}

/** Sign-out: forget the tokens, the user and the cart (the spec's logout). */
export async function clearSession(db: AkuafoDb = localDb): Promise<void> {
  await db.transaction('rw', db.session, db.cart, async () => {
    await db.session.clear();
    await db.cart.clear();
  });
}

export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please login again.';

/**
 * The ApiAuth the client uses: sends the stored access token and, on a 401, trades the
 * refresh token once for a new pair. One refresh at a time, however many calls failed.
 */
export function createSessionAuth(
  refreshCall: (refreshToken: string) => Promise<{ accessToken: string; expiresAt?: string; refreshToken?: string }>,
  onExpired: (message: string) => void,
  db: AkuafoDb = localDb,
): ApiAuth {
  let inFlight: Promise<boolean> | undefined;
  return {
    async accessToken() {
      return (await readSession(db))?.accessToken;
    },
    refresh() {
      inFlight ??= (async () => {
        const before = await readSession(db);
        if (!before) return false;
        // The page and the service worker may both hit a 401 at once. Refreshing twice with one
        // token looks like token theft to the server (it revokes the family), so take turns.
        return withRefreshLock(async () => {
          const session = await readSession(db);
          if (!session) return false;
          if (session.refreshToken !== before.refreshToken) return true; // someone else just refreshed
          try {
            const next = await refreshCall(session.refreshToken);
            if (!next.accessToken) throw new Error('Failed to refresh token');
            // Only onto the session that was traded: signed out meanwhile, the new pair is dropped
            // (saved, it would sign the person who left back in on a shared phone).
            return db.transaction('rw', db.session, async () => {
              if ((await readSession(db))?.refreshToken !== session.refreshToken) return false;
              await saveSession({ ...session, accessToken: next.accessToken, expiresAt: next.expiresAt, refreshToken: next.refreshToken ?? session.refreshToken }, db);
              return true;
            });
          } catch (error) {
            // A network failure is not an expired session: keep it and let the caller retry later.
            if (error instanceof Error && 'isNetwork' in error && (error as { isNetwork: boolean }).isNetwork) return false;
            await db.session.clear();
            onExpired(SESSION_EXPIRED_MESSAGE);
            return false;
          }
        });
      })().finally(() => (inFlight = undefined));
      return inFlight;
    },
  };
}

/** Runs fn while holding the cross-context refresh lock (Web Locks), or directly where there are none. */
function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request('akuafo-session-refresh', fn) as Promise<T>) : fn();
}
