import { PROFILE_ROUTES } from '../../../shared/api/accounts';
import type { Context } from 'hono';
import type * as v from 'valibot';
import { ADDRESS_ID_INVALID, type ContactChannel, type profileUpdateSchema } from '../../../shared/schemas/accounts';
import type { AppEnv, Deps } from '../../http/context';
import { created, implement } from '../../http/declared';
import { badRequest } from '../../http/errors';
import { spendAllowance } from '../../http/rate-limit';
import { createCodeHasher } from './codes';
import { confirmOwner, requestContactChange } from './contact-change';
import { CONTACT_CHANGE_RATE } from './contact-routes';
import { addAddress, addressesOf, loadProfile, removeAddress, updateAddress, updateNames } from './profile';
import { findUserById } from './users';

const [read, patch, put, addresses, add, change, remove] = PROFILE_ROUTES;

/** An address id that names no row was always a 400 here, not a 404. */
const addressId = (id: number) => {
  if (Number.isNaN(id)) throw badRequest(ADDRESS_ID_INVALID);
  return id;
};

/** The shopper's own account: profile and collection addresses, customers only (declared in shared/api/accounts.ts). */
export function profileRoutes(deps: Deps) {
  const { db } = deps;
  const hasher = createCodeHasher(deps.codeHmacKey);

  /**
   * Names change at once. A new e-mail or phone needs the current password (or, without one,
   * a code to the current number) and then the code sent to the new address: until then the
   * profile shows it as pending and the old one stays (accounts/contact-change.ts).
   */
  const update = async (userId: number, changes: v.InferOutput<typeof profileUpdateSchema>, c: Context<AppEnv>) => {
    const user = (await findUserById(db, userId))!;
    const set: Partial<{ first_name: string; last_name: string; language: string }> = {};
    if (changes.firstName !== undefined && changes.firstName !== user.first_name) set.first_name = changes.firstName;
    if (changes.lastName !== undefined && changes.lastName !== user.last_name) set.last_name = changes.lastName;
    if (changes.language !== undefined && changes.language !== user.language) set.language = changes.language;
    const contact: [ContactChannel, string | null][] = [];
    if (changes.email !== undefined && changes.email !== user.email) contact.push(['email', changes.email]);
    if (changes.phone !== undefined && (changes.phone || null) !== user.phone) contact.push(['phone', changes.phone || null]);
    const ctx = { db, hasher, limiter: deps.rateLimiter, publicUrl: deps.config.publicUrl };
    if (contact.length > 0) {
      await spendAllowance(c, deps.rateLimiter, CONTACT_CHANGE_RATE);
      await confirmOwner(ctx, user, changes);
    }
    await updateNames(db, user.id, set);
    for (const [channel, value] of contact) await requestContactChange(ctx, user, channel, value);
    return { data: await loadProfile(db, user.id) };
  };

  return [
    implement(read, async ({ user }) => ({ data: await loadProfile(db, user.id) })),
    implement(patch, ({ user, body, c }) => update(user.id, body, c)),
    implement(put, ({ user, body, c }) => update(user.id, body, c)),
    implement(addresses, async ({ user }) => ({ data: await addressesOf(db, user.id) })),
    implement(add, async ({ user, body }) => created({ data: await addAddress(db, user.id, body) })),
    implement(change, async ({ user, params, body }) => ({ data: await updateAddress(db, user.id, addressId(params.id), body) })),
    implement(remove, async ({ user, params }) => {
      await removeAddress(db, user.id, addressId(params.id));
      return { data: { deleted: true as const } };
    }),
  ];
}
