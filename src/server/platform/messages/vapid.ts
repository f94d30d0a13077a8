import { COMPANY } from '../../../shared/company';
import type { Db } from '../db';
import { loadSecret } from '../secrets';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** Who the push services may contact about our pushes (RFC 8292). */
  subject: string;
}

/**
 * The VAPID key pair: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, otherwise generated once and
 * kept in the database with the other secrets, so every instance of a fleet signs with the key
 * the browsers subscribed with.
 */
export async function loadVapidKeys(db: Db, env: { publicKey?: string; privateKey?: string }): Promise<VapidKeys> {
  const subject = `mailto:${COMPANY.supportEmail}`;
  if (env.publicKey && env.privateKey) return { publicKey: env.publicKey, privateKey: env.privateKey, subject };
  const stored = await loadSecret(db, 'vapid-keys', async () => JSON.stringify((await import('web-push')).default.generateVAPIDKeys()));
  return { ...(JSON.parse(stored) as { publicKey: string; privateKey: string }), subject };
}
