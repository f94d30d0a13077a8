import { MESSAGES, type Address, type ContactChangeAnswer, type ContactChannel, type LoginAnswer, type OwnerProof, type Profile, type ProfileUpdate, type NewAddress, type RegisterInput } from '../shared/schemas/accounts';
import type { Locale } from '../shared/i18n/locales';
import { requestFor } from '../shared/api/path';
import type { ApiClient } from './api';
import { pullCartAtSignIn } from './cart';
import { localDb, getMeta, setMeta, type AkuafoDb } from './db';
import { defineOutboxKind, enqueue } from './outbox';
import { keepForSession, newSignInId, readSession, saveSession, type Session } from './session';
import { requestPersistentStorage } from './storage';

/**
 * The account's calls and its local copy. The profile (with addresses and recent orders) is
 * kept in meta under PROFILE_KEY so the account page renders offline; profile edits go
 * through the outbox and show at once.
 */
export const PROFILE_KEY = 'profile:me';

/**
 * Signs in and keeps the session; throws ApiError (401, 403 email_not_verified, 429).
 * `language`: the one this device chose before signing in, for an account that has none.
 */
export async function signIn(api: ApiClient, email: string, password: string, db: AkuafoDb = localDb, language?: Locale): Promise<Session> {
  return keepSession(api, (await api.call('POST /auth/login', { body: { email, password, language } }))?.data, db);
}

/** Texts a sign-in code to the number's account, if it has one (the answer is the same either way). */
export async function sendSmsSignInCode(api: ApiClient, phone: string): Promise<void> {
  await api.call('POST /auth/sms/send-code', { body: { phone } });
}

/** Signs in with the code texted to the phone (accounts made by USSD); like signIn after that. */
export async function signInWithSmsCode(api: ApiClient, phone: string, code: string, db: AkuafoDb = localDb, language?: Locale): Promise<Session> {
  return keepSession(api, (await api.call('POST /auth/sms/verify', { body: { phone, code, language } }))?.data, db);
}

async function keepSession(api: ApiClient, data: Partial<LoginAnswer> | undefined, db: AkuafoDb): Promise<Session> {
  if (!data?.accessToken || !data.refreshToken || !data.user) throw new Error(MESSAGES.invalidLoginResponse);
  const session: Session = { accessToken: data.accessToken, refreshToken: data.refreshToken, expiresAt: data.expiresAt, user: data.user, signInId: newSignInId() };
  await saveSession(session, db);
  // The cart the server holds (another phone's, or this one's from before a sign-out) shows at
  // once, with any changes still queued here on top. `api` is the public client: the new
  // token goes along by hand. Not awaited: the cart follows a moment later; checkout waits for
  // it, or pulls again if it failed (ensureSignInCart).
  void pullCartAtSignIn(api, db, { headers: { Authorization: `Bearer ${session.accessToken}` } });
  // A user who signs in means to keep the app: the moment to ask that its storage be kept.
  void requestPersistentStorage(db).catch(() => undefined);
  return session;
}

export async function register(api: ApiClient, input: RegisterInput): Promise<{ email: string }> {
  return (await api.call('POST /shop/customers/register', { body: input })).data;
}

export async function verifyEmailCode(api: ApiClient, email: string, otp: string): Promise<void> {
  await api.call('POST /otp/verify', { body: { contact: email, otp, purpose: 'EMAIL_VERIFICATION' } });
}

export async function resendEmailCode(api: ApiClient, email: string): Promise<void> {
  await api.call('POST /otp/resend', { body: { contact: email, purpose: 'EMAIL_VERIFICATION' } });
}

export async function requestPasswordReset(api: ApiClient, email: string): Promise<void> {
  await api.call('POST /auth/password/reset-request', { body: { email } });
}

export async function verifyResetCode(api: ApiClient, email: string, otp: string): Promise<string> {
  return (await api.call('POST /auth/password/verify-otp', { body: { email, otp } })).data.resetToken;
}

export async function isResetTokenLive(api: ApiClient, token: string): Promise<boolean> {
  return (await api.call('POST /auth/password/reset/check', { body: { token } })).data.valid;
}

export async function resetPassword(api: ApiClient, body: { newPassword: string; token?: string; resetToken?: string }): Promise<void> {
  await api.call('POST /auth/password/reset', { body });
}

/** Changes the password; the session's user learns the new passwordChangedAt. */
export async function changePassword(api: ApiClient, currentPassword: string, newPassword: string, db: AkuafoDb = localDb): Promise<void> {
  const asked = await readSession(db);
  const answer = await api.call('POST /auth/password/change', { body: { currentPassword, newPassword } });
  const { passwordChangedAt } = answer.data;
  await keepForSession(db, asked, [db.meta], async (session) => {
    await saveSession({ ...session, user: { ...session.user, passwordChangedAt } }, db);
    const profile = await getMeta<Profile>(PROFILE_KEY, db);
    if (profile) await setMeta(PROFILE_KEY, { ...profile, user: { ...profile.user, passwordChangedAt } }, db);
  });
}

export async function signOutOtherDevices(api: ApiClient, db: AkuafoDb = localDb): Promise<number> {
  const session = await readSession(db);
  if (!session) return 0;
  return (await api.call('POST /auth/sessions/revoke-others', { body: { refreshToken: session.refreshToken } })).data.revoked;
}

/** Reads the profile from the server into the local copy. */
export async function refreshProfile(api: ApiClient, db: AkuafoDb = localDb): Promise<Profile> {
  const asked = await readSession(db);
  const answer: { data?: Profile } | undefined = await api.call('GET /shop/customers/me');
  if (!answer?.data?.user) throw new Error('Failed to fetch profile: Empty or invalid response');
  await storeProfile(answer.data, asked, db);
  return answer.data;
}

/**
 * Keeps the profile and mirrors the names into the session's user (the navigation bar shows
 * them), only if `asked`, who requested it, is still signed in.
 */
async function storeProfile(profile: Profile, asked: Session | undefined, db: AkuafoDb) {
  await keepForSession(db, asked, [db.meta], async (session) => {
    await setMeta(PROFILE_KEY, profile, db);
    if (session.user.id !== profile.user.id) return;
    const { firstName, lastName, email, profileImage, passwordChangedAt } = profile.user;
    await saveSession({ ...session, user: { ...session.user, firstName, lastName, email, profileImage, passwordChangedAt } }, db);
  });
}

export function readLocalProfile(db: AkuafoDb = localDb): Promise<Profile | undefined> {
  return getMeta<Profile>(PROFILE_KEY, db);
}

/** Edits the names or the language: applied to the local copy now, sent by the outbox (online or later). */
export async function updateProfile(changes: Pick<ProfileUpdate, 'firstName' | 'lastName' | 'language'>, db: AkuafoDb = localDb): Promise<void> {
  await enqueue(
    { entity: PROFILE_KEY, ...requestFor('PATCH /shop/customers/me', { body: changes }), message: { id: 'outbox.profile' } },
    async () => {
      const profile = await getMeta<Profile>(PROFILE_KEY, db);
      if (!profile) return;
      const user = { ...profile.user, ...Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) };
      await setMeta(PROFILE_KEY, { ...profile, user }, db);
    },
    db,
  );
}

/**
 * E-mail and phone changes are online only and never queued: they carry the password, and
 * the new address must answer a code. The server keeps the old value until then.
 */
export async function requestContactChange(api: ApiClient, channel: ContactChannel, value: string, proof: OwnerProof): Promise<ContactChangeAnswer> {
  return (await api.call('POST /auth/contact-change', { body: { channel, value, ...proof } })).data;
}

export async function confirmContactChange(api: ApiClient, channel: ContactChannel, code: string): Promise<void> {
  await api.call('POST /auth/contact-change/verify', { body: { channel, code } });
}

export async function resendContactCode(api: ApiClient, channel: ContactChannel): Promise<void> {
  await api.call('POST /auth/contact-change/resend', { body: { channel } });
}

export async function cancelContactChange(api: ApiClient, channel: ContactChannel): Promise<void> {
  await api.call('POST /auth/contact-change/cancel', { body: { channel } });
}

/** The old address's "this was not me" link; every device is signed out by the server. */
export async function undoContactChange(api: ApiClient, token: string): Promise<string> {
  return (await api.call('POST /auth/contact-change/undo', { body: { token } })).data.message;
}

/** Texts a code to the account's current number (to verify it, or to confirm a change without a password). */
export async function sendPhoneCode(api: ApiClient): Promise<void> {
  await api.call('POST /auth/phone/send-code');
}

export async function verifyPhoneCode(api: ApiClient, code: string): Promise<void> {
  await api.call('POST /auth/phone/verify', { body: { code } });
}

// After the server accepted or refused an edit, what it holds is the truth.
const reread = async ({ api, db }: { api: ApiClient; db: AkuafoDb }) => {
  await refreshProfile(api, db);
};
export const profileKind = defineOutboxKind({
  kind: 'profile',
  onSent: (_answer, _entry, context) => reread(context),
  onRefused: (_entry, context) => reread(context),
});

/** A new address as the server takes it (no postal code: '' or left out, never null). */
export async function addAddress(api: ApiClient, address: NewAddress, db: AkuafoDb = localDb): Promise<Address> {
  const created = (await api.call('POST /shop/customers/me/addresses', { body: address })).data;
  await refreshProfile(api, db).catch(() => undefined);
  return created;
}

export async function makeDefaultAddress(api: ApiClient, id: number, db: AkuafoDb = localDb): Promise<void> {
  await api.call('PATCH /shop/customers/me/addresses/:id', { params: { id }, body: { isDefault: true } });
  await refreshProfile(api, db).catch(() => undefined);
}

export async function deleteAddress(api: ApiClient, id: number, db: AkuafoDb = localDb): Promise<void> {
  await api.call('DELETE /shop/customers/me/addresses/:id', { params: { id } });
  await refreshProfile(api, db).catch(() => undefined);
}
