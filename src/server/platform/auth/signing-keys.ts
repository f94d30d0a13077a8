import { createHash } from 'node:crypto';
import { now, type Db } from '../db';
import { loadSecret, randomSecret } from '../secrets';
import { ACCESS_TOKEN_TTL_SECONDS } from './tokens';

/**
 * Token signing keys. JWT_SECRET, when set, is the signing key; otherwise the keys are
 * secrets in the database named `token-signing-key:<kid>`, the newest one signing. Rotation
 * adds a newer key; the older ones stay on file, verifying what they signed, until every
 * token they could have signed has expired.
 */
const PREFIX = 'token-signing-key:';
/** How often an instance looks for a rotated key. */
export const KEY_REFRESH_MS = 60_000;
/** A retired key is kept this long after its successor appeared: the tokens it signed have expired by then. */
const RETIRED_KEY_KEPT_MS = ACCESS_TOKEN_TTL_SECONDS * 1000 + 2 * KEY_REFRESH_MS;

export interface SigningKeys {
  /** The key new tokens are signed with (no database call: signing may run inside a request's transaction). */
  current(): { kid: string; key: Uint8Array };
  /** The key a token's `kid` names, if it is still on file. */
  find(kid: string | undefined): Promise<Uint8Array | undefined>;
  stop(): void;
}

const encode = (secret: string) => new TextEncoder().encode(secret);

async function newestKey(db: Db) {
  const row = await db
    .selectFrom('secrets')
    .select(['name', 'value'])
    .where('name', 'like', `${PREFIX}%`)
    .orderBy('created_at', 'desc')
    .orderBy('name', 'desc')
    .executeTakeFirst();
  return row && { kid: row.name.slice(PREFIX.length), key: encode(row.value) };
}

export async function loadSigningKeys(db: Db, jwtSecret: string | undefined): Promise<SigningKeys> {
  const known = new Map<string, Uint8Array>();
  const lookUp = async (kid: string) => {
    const cached = known.get(kid);
    if (cached) return cached;
    const row = await db.selectFrom('secrets').select('value').where('name', '=', PREFIX + kid).executeTakeFirst();
    if (row) known.set(kid, encode(row.value));
    return row && encode(row.value);
  };

  if (jwtSecret) {
    // Tokens signed before keys had ids (no kid) were signed with JWT_SECRET too.
    const configured = { kid: `env-${createHash('sha256').update(jwtSecret).digest('hex').slice(0, 12)}`, key: encode(jwtSecret) };
    return {
      current: () => configured,
      find: async (kid) => (kid === undefined || kid === configured.kid ? configured.key : lookUp(kid)),
      stop() {},
    };
  }

  let signing = (await newestKey(db)) ?? { kid: '1', key: encode(await loadSecret(db, `${PREFIX}1`, randomSecret)) };
  const refresh = setInterval(() => {
    newestKey(db).then(
      (key) => {
        if (key) signing = key;
      },
      () => undefined, // the database is briefly away: keep signing with the key we have
    );
  }, KEY_REFRESH_MS);
  refresh.unref();
  return {
    current: () => signing,
    find: async (kid) => (kid === undefined ? undefined : kid === signing.kid ? signing.key : lookUp(kid)),
    stop: () => clearInterval(refresh),
  };
}

/** Adds a new signing key and drops the ones retired long enough ago; returns the new key id. */
export async function rotateSigningKey(db: Db): Promise<string> {
  const kid = Date.now().toString(36);
  await db.insertInto('secrets').values({ name: PREFIX + kid, value: randomSecret(), created_at: now() }).execute();
  const keys = await db
    .selectFrom('secrets')
    .select(['name', 'created_at'])
    .where('name', 'like', `${PREFIX}%`)
    .orderBy('created_at', 'desc')
    .orderBy('name', 'desc')
    .execute();
  const cutoff = new Date(Date.now() - RETIRED_KEY_KEPT_MS).toISOString();
  const expired = keys.filter((key, i) => i > 0 && keys[i - 1]!.created_at < cutoff).map((key) => key.name);
  if (expired.length > 0) await db.deleteFrom('secrets').where('name', 'in', expired).execute();
  return kid;
}
