import { isLocale, type Locale } from '../../../shared/i18n/locales';
import { sql } from 'kysely';
import { dialectOf, now, type Db } from '../../platform/db';
import { inTransaction } from '../../platform/db/transactions';
import type { GhanaRegion } from '../../../shared/catalogue';
import { conflict } from '../../http/errors';
import { insertSellerProfile } from '../../platform/db/seller-profiles';

/**
 * The account a phone number buys and sells as (phone_accounts). A number's first order makes
 * a phone-only customer account: no e-mail, no password (it signs in on the web with an SMS
 * code), identified by the number the gateway reports. A seller links their number instead.
 */
export async function phoneAccount(db: Db, phone: string) {
  return db
    .selectFrom('phone_accounts')
    .leftJoin('users', 'users.id', 'phone_accounts.user_id')
    .select(['phone_accounts.user_id', 'phone_accounts.ussd_region', 'users.user_type'])
    .where('phone_accounts.phone', '=', phone)
    .executeTakeFirst();
}

/** Remembers the region a caller chose, so "near me" is asked once per number. */
export async function rememberRegion(db: Db, phone: string, region: string): Promise<void> {
  const at = now();
  await db
    .insertInto('phone_accounts')
    .values({ phone, user_id: null, ussd_region: region, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('phone').doUpdateSet({ ussd_region: region, updated_at: at }))
    .execute();
}

/** "Password" of an account that has none: no hash function ever produces it. */
const NO_PASSWORD = '!phone-only';

/**
 * The buyer account of a number, made at its first order. Two first orders at once make one
 * account: the phone row decides (on SQLite the loser's new user is removed in its own transaction;
 * on PostgreSQL the loser inserts none).
 */
export async function buyerAccount(db: Db, phone: string, /** The number's account when the caller has just read it (null: none yet). */ read?: number | null): Promise<number> {
  const known = read !== undefined ? read : (await phoneAccount(db, phone))?.user_id;
  if (known) return known;
  if (dialectOf(db) === 'postgres') return newBuyerAccountInOneStatement(db, phone);
  return inTransaction(db, async (trx) => {
    const at = now();
    const newUser = trx.insertInto('users').values({
      email: null, password_hash: NO_PASSWORD, first_name: 'Phone customer', last_name: phone, phone, user_type: 'CUSTOMER',
      profile_image: null, is_email_verified: 0, is_phone_verified: 1, password_changed_at: null, created_at: at, updated_at: at,
    });
    // The number's row takes this account unless it has one (a region may be remembered already).
    const claim = (userId: number) =>
      trx
        .insertInto('phone_accounts')
        .values({ phone, user_id: userId, ussd_region: null, created_at: at, updated_at: at })
        .onConflict((oc) => oc.column('phone').doUpdateSet({ user_id: (eb) => eb.ref('excluded.user_id'), updated_at: at }).where('phone_accounts.user_id', 'is', null))
        .returning('user_id');
    const id = (await newUser.returning('id').executeTakeFirstOrThrow()).id;
    const claimed = (await claim(id).executeTakeFirst()) !== undefined;
    if (claimed) return id;
    const owner = await trx.selectFrom('phone_accounts').select('user_id').where('phone', '=', phone).executeTakeFirstOrThrow();
    await trx.deleteFrom('users').where('id', '=', id).execute();
    return owner.user_id!;
  });
}

/**
 * PostgreSQL: a first order's account in one statement, with no transaction around it (no
 * begin and commit: two round trips fewer). The account's id is taken from the users' sequence
 * first; the number's row is claimed with it, and the user is inserted only if the claim held,
 * so a caller who lost the race to another first order from the same number leaves nothing
 * behind (the foreign key is checked at the statement's end, when both rows are in). The loser
 * then reads the winner's account.
 */
async function newBuyerAccountInOneStatement(db: Db, phone: string): Promise<number> {
  const at = now();
  const { rows } = await sql<{ id: number | null }>`
    with next as (select nextval(pg_get_serial_sequence('users', 'id'))::integer as id),
    claimed as (
      insert into phone_accounts (phone, user_id, ussd_region, created_at, updated_at)
      select ${phone}, id, null, ${at}, ${at} from next
      on conflict (phone) do update set user_id = excluded.user_id, updated_at = excluded.updated_at
      where phone_accounts.user_id is null
      returning user_id),
    new_user as (
      insert into users (id, email, password_hash, first_name, last_name, phone, user_type, profile_image, is_email_verified, is_phone_verified, password_changed_at, created_at, updated_at)
      select user_id, null, ${NO_PASSWORD}, 'Phone customer', ${phone}, ${phone}, 'CUSTOMER', null, 0, 1, null, ${at}, ${at} from claimed
      returning id)
    select (select id from new_user) as id`.execute(db);
  const id = rows[0]?.id;
  if (id !== null && id !== undefined) return Number(id);
  const owner = await db.selectFrom('phone_accounts').select('user_id').where('phone', '=', phone).executeTakeFirstOrThrow();
  return owner.user_id!;
}

/** What a farmer registering by USSD gives: their name, their farm's, its region and their Ghana Card. */
export interface PhoneSellerFields {
  name: string;
  farm: string;
  region: GhanaRegion;
  /** GHA-123456789-0: the operator verifies no seller without one. */
  ghanaCard: string;
}

/**
 * Registers the number's account as a seller waiting for the operator's verification (the
 * web's sign-up makes the same seller_profiles row, PENDING; the operator's Verify clears it).
 * A number with no account gets its phone-only account first; a phone-only buyer's account
 * becomes the seller (one account a number). An account with a password is refused: it is
 * someone's web account, and a call from the number is not its password. Two registrations at
 * once make one seller: only the one that turns the account into a seller adds the profile.
 */
export async function registerPhoneSeller(db: Db, phone: string, fields: PhoneSellerFields): Promise<number> {
  const userId = await buyerAccount(db, phone);
  const [firstName, ...rest] = fields.name.split(' ');
  return inTransaction(db, async (trx) => {
    const at = now();
    const turned = await trx
      .updateTable('users')
      .set({ user_type: 'SELLER', first_name: firstName!, last_name: rest.join(' '), updated_at: at })
      .where('id', '=', userId)
      .where('user_type', '=', 'CUSTOMER')
      .where('password_hash', '=', NO_PASSWORD)
      .executeTakeFirst();
    if (Number(turned.numUpdatedRows) === 1) {
      await insertSellerProfile(trx, userId, { businessName: fields.farm, businessType: 'FARM', businessRegion: fields.region, businessAddress: `${fields.region} Region`, ghanaCardNumber: fields.ghanaCard }, at);
      return userId;
    }
    const user = await trx.selectFrom('users').select('user_type').where('id', '=', userId).executeTakeFirstOrThrow();
    if (user.user_type !== 'SELLER') throw conflict(PHONE_SELLER_REFUSED);
    return userId;
  });
}

/** The refusal's words (the USSD shows its own, texts.sellWebAccount). */
export const PHONE_SELLER_REFUSED = 'This number has an account with a password: register as a seller in the app.';

/**
 * Links a number to a signed-in account (a seller, for Sell); the number must be its verified
 * phone. A number another account holds (a phone-only buyer's orders and language) is not
 * taken: false, and nothing changes. A row with no account yet (a remembered region) is.
 */
export async function linkPhone(db: Db, phone: string, userId: number): Promise<boolean> {
  const at = now();
  const linked = await db
    .insertInto('phone_accounts')
    .values({ phone, user_id: userId, ussd_region: null, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column('phone').doUpdateSet({ user_id: userId, updated_at: at }).where((eb) => eb.or([eb('phone_accounts.user_id', 'is', null), eb('phone_accounts.user_id', '=', userId)])))
    .returning('user_id')
    .executeTakeFirst();
  return linked !== undefined;
}

/** Who a number is at a session's start: its account's language, and the transporter it is, if any. */
export interface PhoneCaller {
  language: Locale | undefined;
  /** A TRANSPORTER account the number acts for: the session gets the transporter's menu. */
  transporterId: number | undefined;
  /** A SELLER account the number is: the session's menu adds My sales record. */
  sellerId: number | undefined;
}

/**
 * The number's account (phone_accounts), or a transporter's whose payout wallet the number is
 * (transporter_profiles.payout_number): a transporter registers with the wallet their fees are
 * paid to, the one number every profile has, and on a feature phone the wallet is the SIM in the
 * hand (users.phone is optional and never checked). A verified transporter's wallet outranks a
 * buyer's account of the same number (the operator verified that transporter); a transporter
 * waiting for verification does not take over a number that already buys or sells, so nobody
 * registering someone else's number as their wallet changes that caller's menu. One query, once a
 * session (its state keeps the answer).
 */
export async function phoneCaller(db: Db, phone: string): Promise<PhoneCaller> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('transporter_profiles as tp', 'tp.user_id', 'users.id')
    .leftJoin('phone_accounts as pa', (join) => join.onRef('pa.user_id', '=', 'users.id').on('pa.phone', '=', phone))
    .select(['users.id', 'users.user_type', 'users.language', 'tp.status', 'tp.payout_number', 'pa.phone'])
    // The two lookups by the number in one list, so the users are found by id (an OR of two
    // subqueries would have PostgreSQL scan every user). transporter_profiles is read whole: it
    // has no index on the wallet, and is small beside the users (an index when it is not).
    .where(
      'users.id',
      'in',
      db
        .selectFrom('phone_accounts')
        .select('user_id')
        .where('phone', '=', phone)
        .where('user_id', 'is not', null)
        .unionAll(db.selectFrom('transporter_profiles').select('user_id').where('payout_number', '=', phone)),
    )
    .orderBy('users.id')
    .limit(10)
    .execute();
  const own = rows.find((r) => r.phone === phone);
  const wallets = rows.filter((r) => r.user_type === 'TRANSPORTER' && r.payout_number === phone);
  const verified = wallets.find((r) => r.status === 'VERIFIED');
  const chosen = own?.user_type === 'TRANSPORTER' ? own : (verified ?? own ?? wallets[0]);
  return {
    language: isLocale(chosen?.language) ? chosen.language : undefined,
    transporterId: chosen?.user_type === 'TRANSPORTER' ? chosen.id : undefined,
    sellerId: chosen?.user_type === 'SELLER' ? chosen.id : undefined,
  };
}

/** The language of a number's account (users.language), if it has one and chose one. */
export async function phoneLanguage(db: Db, phone: string): Promise<Locale | undefined> {
  return (await phoneCaller(db, phone)).language;
}

/**
 * A caller's language, kept on the number's account like the app's choice (so its SMS follow).
 * A number with no account yet gets its phone-only buyer account now rather than at its first
 * order: one place for the language, the same account the first order would make.
 */
export async function chooseLanguage(db: Db, phone: string, language: Locale): Promise<void> {
  const userId = await buyerAccount(db, phone);
  await db.updateTable('users').set({ language, updated_at: now() }).where('id', '=', userId).execute();
}
