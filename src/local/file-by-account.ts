import type { Transaction } from 'dexie';

/**
 * Dexie upgrade 3: the phone's personal data moves from the account's e-mail to its id.
 *
 * Orders, seller caches, the "may review" answer and the seller-profile outbox entity were filed
 * under the e-mail, which is '' for every phone-only account (made by USSD, signed in by SMS
 * code): their orders were never kept, and two of them on one phone would share the '' key.
 * Migrated rather than read under both keys: a fallback to the e-mail would keep the flaw for
 * whatever it still matched, in every reader, for ever. The upgrade runs once, inside IndexedDB's
 * version change (all or nothing, before any screen or the service worker reads), and it is exact:
 * sign-out wipes personal data, so what the phone holds belongs to the signed-in account, whose
 * id the kept session tells. What it cannot place (no session, or another e-mail's rows left by
 * an expired session) is dropped: no one could read it any more, and the server has it.
 */

/** The db.meta key prefixes followed by the owner (src/local/sellers.ts, submissions.ts). */
const PER_ACCOUNT_META = ['seller.profile:', 'seller.stats:', 'seller.earnings:', 'seller.orders:', 'seller.submissions:', 'seller.submissions.last:'];
const SELLER_PROFILE_ENTITY = 'seller-profile:';

export async function fileUnderAccountId(tx: Transaction): Promise<void> {
  const user = (await tx.table('session').get('user'))?.value as { id?: unknown; email?: unknown } | undefined;
  const id = typeof user?.id === 'number' ? user.id : undefined;
  const email = typeof user?.email === 'string' ? user.email : undefined;
  const isSignedIn = (owner: unknown) => id !== undefined && owner === email;

  await tx.table('orders').toCollection().modify((row: { data?: { owner?: unknown } }, ref: { value?: unknown }) => {
    const owner = row.data?.owner;
    if (typeof owner !== 'string') return;
    if (isSignedIn(owner)) row.data!.owner = id;
    else delete ref.value;
  });

  const meta = tx.table('meta');
  for (const key of (await meta.toCollection().primaryKeys()) as string[]) {
    const prefix = PER_ACCOUNT_META.find((p) => key.startsWith(p));
    if (!prefix) continue;
    const rest = key.slice(prefix.length);
    const row = await meta.get(key);
    await meta.delete(key);
    // The owner is followed by ':' (orders, lists) or ends the key; '' is a prefix of every rest.
    const owned = id !== undefined && email !== undefined && rest.startsWith(email) && (rest.length === email.length || rest[email.length] === ':');
    if (owned) await meta.put({ key: `${prefix}${id}${rest.slice(email.length)}`, value: row.value });
  }

  // A queued profile edit names its account in its entity; each entry also remembers who made it.
  await tx.table('outbox').toCollection().modify((entry: { entity: string; owner?: unknown }) => {
    if (!entry.entity.startsWith(SELLER_PROFILE_ENTITY)) return;
    const owner = typeof entry.owner === 'number' ? entry.owner : isSignedIn(entry.entity.slice(SELLER_PROFILE_ENTITY.length)) ? id : undefined;
    if (owner !== undefined) entry.entity = `${SELLER_PROFILE_ENTITY}${owner}`;
  });

  await tx.table('productDetails').toCollection().modify((detail: { cachedFor?: unknown; canReview?: boolean }) => {
    if (typeof detail.cachedFor !== 'string') return;
    if (isSignedIn(detail.cachedFor)) {
      detail.cachedFor = id;
    } else {
      delete detail.cachedFor;
      detail.canReview = false;
    }
  });
}
