import { Hono, type Context } from 'hono';
import { MAX_ADDRESSES, addressPatchSchema, type ContactChannel, newAddressSchema, profileUpdateSchema } from '../../../shared/schemas/accounts';
import { idParamSchema } from '../../../shared/schemas/catalogue';
import { currentUser, requireUser } from '../../http/auth';
import { dbOf, type AppEnv, type Deps } from '../../http/context';
import { badRequest, notFound } from '../../http/errors';
import { spendAllowance } from '../../http/rate-limit';
import { parseBody, parseOrThrow } from '../../http/validate';
import { now, type Db } from '../../platform/db';
import { createCodeHasher } from './codes';
import { confirmOwner, requestContactChange } from './contact-change';
import { CONTACT_CHANGE_RATE } from './contact-routes';
import { addressesOf, loadProfile, toAddress } from './profile';
import { findUserById } from './users';

/** The shopper's own account: profile and collection addresses. Customers only. */
export function profileRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const hasher = createCodeHasher(deps.codeHmacKey);
  // Per route, not app.use('/shop/customers/me/*'): routers are merged into one, and a
  // wildcard here would also guard other modules' paths under /shop/customers/me.
  const customer = requireUser('CUSTOMER');

  app.get('/shop/customers/me', customer, async (c) => c.json({ data: await loadProfile(dbOf(c, deps), currentUser(c).id) }));

  /**
   * Names change at once. A new e-mail or phone needs the current password (or, without one,
   * a code to the current number) and then the code sent to the new address: until then the
   * profile shows it as pending and the old one stays (accounts/contact-change.ts).
   */
  const update = async (c: Context<AppEnv>) => {
    const changes = await parseBody(c, profileUpdateSchema);
    const db = dbOf(c, deps);
    const user = (await findUserById(db, currentUser(c).id))!;
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
    if (Object.keys(set).length > 0) {
      await db.updateTable('users').set({ ...set, updated_at: now() }).where('id', '=', user.id).execute();
    }
    for (const [channel, value] of contact) await requestContactChange(ctx, user, channel, value);
    return c.json({ data: await loadProfile(db, user.id) });
  };
  app.patch('/shop/customers/me', customer, update);
  app.put('/shop/customers/me', customer, update);

  app.get('/shop/customers/me/addresses', customer, async (c) => c.json({ data: await addressesOf(dbOf(c, deps), currentUser(c).id) }));

  const ownAddress = async (db: Db, c: Context<AppEnv>) => {
    const id = parseOrThrow(idParamSchema, c.req.param('id'));
    const row = await db.selectFrom('customer_addresses').selectAll().where('id', '=', id).where('user_id', '=', currentUser(c).id).executeTakeFirst();
    if (!row) throw notFound('Address not found');
    return row;
  };
  const clearDefault = (db: Db, userId: number) =>
    db.updateTable('customer_addresses').set({ is_default: 0 }).where('user_id', '=', userId).where('is_default', '=', 1).execute();

  app.post('/shop/customers/me/addresses', customer, async (c) => {
    const input = await parseBody(c, newAddressSchema);
    const db = dbOf(c, deps);
    const userId = currentUser(c).id;
    const count = Number((await db.selectFrom('customer_addresses').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirst())?.n ?? 0);
    if (count >= MAX_ADDRESSES) throw badRequest(`You can keep at most ${MAX_ADDRESSES} addresses.`);
    const isDefault = count === 0 || input.isDefault === true;
    if (isDefault) await clearDefault(db, userId);
    const row = await db
      .insertInto('customer_addresses')
      .values({ user_id: userId, street: input.street, city: input.city, region: input.region, postal_code: input.postalCode || null, country: input.country, is_default: isDefault ? 1 : 0, created_at: now() })
      .returningAll()
      .executeTakeFirstOrThrow();
    return c.json({ data: toAddress(row) }, 201);
  });

  app.patch('/shop/customers/me/addresses/:id', customer, async (c) => {
    const db = dbOf(c, deps);
    const row = await ownAddress(db, c);
    const input = await parseBody(c, addressPatchSchema);
    if (input.isDefault === false && row.is_default === 1) throw badRequest('Choose another default address first.');
    if (input.isDefault === true) await clearDefault(db, row.user_id);
    const set = {
      ...(input.street !== undefined && { street: input.street }),
      ...(input.city !== undefined && { city: input.city }),
      ...(input.region !== undefined && { region: input.region }),
      ...(input.postalCode !== undefined && { postal_code: input.postalCode || null }),
      ...(input.country !== undefined && { country: input.country }),
      ...(input.isDefault === true && { is_default: 1 }),
    };
    if (Object.keys(set).length > 0) await db.updateTable('customer_addresses').set(set).where('id', '=', row.id).execute();
    const updated = await db.selectFrom('customer_addresses').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
    return c.json({ data: toAddress(updated) });
  });

  app.delete('/shop/customers/me/addresses/:id', customer, async (c) => {
    const db = dbOf(c, deps);
    const row = await ownAddress(db, c);
    await db.deleteFrom('customer_addresses').where('id', '=', row.id).execute();
    if (row.is_default === 1) {
      // Keep exactly one default while any address is left: the newest takes over.
      const next = await db.selectFrom('customer_addresses').select('id').where('user_id', '=', row.user_id).orderBy('id', 'desc').executeTakeFirst();
      if (next) await db.updateTable('customer_addresses').set({ is_default: 1 }).where('id', '=', next.id).execute();
    }
    return c.json({ data: { deleted: true } });
  });

  return app;
}
