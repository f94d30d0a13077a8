import { randomBytes } from 'node:crypto';
import { now, type Db } from './db';

/**
 * Secrets the server generates for itself (signing keys, HMAC keys, VAPID keys), kept in the
 * database so every instance of a fleet uses the same ones with no configuration.
 */

/** 48 random bytes, base64url: the default for HMAC keys. */
export const randomSecret = () => randomBytes(48).toString('base64url');

async function readSecret(db: Db, name: string): Promise<string | undefined> {
  const row = await db.selectFrom('secrets').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value;
}

/**
 * The secret called `name`, generated and stored on first use. Instances racing on an empty
 * table each try to insert their own candidate; the primary key lets exactly one win, and
 * everyone then reads the winner's value.
 */
export async function loadSecret(db: Db, name: string, generate: () => string | Promise<string> = randomSecret): Promise<string> {
  const existing = await readSecret(db, name);
  if (existing !== undefined) return existing;
  const candidate = await generate();
  await db
    .insertInto('secrets')
    .values({ name, value: candidate, created_at: now() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await readSecret(db, name);
  if (stored === undefined) throw new Error(`Secret ${name} could not be stored`);
  return stored;
}
