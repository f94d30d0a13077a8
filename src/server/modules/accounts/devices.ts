import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { UserRow } from './users';

/**
 * Known devices: a successful sign-in leaves an HttpOnly cookie that names the account and a
 * random device id, signed with the server's code key over the account's password epoch. While
 * strangers' wrong guesses lock an account (or an address) out, a device holding that cookie
 * keeps its own allowance of tries, so the owner can still sign in. The cookie grants nothing
 * else: the password is still checked, and a password change or reset makes it worthless.
 */
const DEVICE_DAYS = 180;
const cookieName = (userId: number) => `akuafo_device_${userId}`;

function sign(key: string, user: UserRow, deviceId: string): string {
  return createHmac('sha256', key).update(`device:${user.id}:${deviceId}:${user.password_changed_at ?? ''}`).digest('base64url');
}

/** The device id when the request carries a valid device cookie for this account. */
export function knownDevice(c: Context, key: string, user: UserRow | undefined): string | undefined {
  if (!user) return undefined;
  const value = getCookie(c, cookieName(user.id));
  const match = value ? /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!match) return undefined;
  const expected = Buffer.from(sign(key, user, match[1]!));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? match[1] : undefined;
}

/** Marks this device as one the account signed in from (keeping its id if it had one). */
export function rememberDevice(c: Context, key: string, user: UserRow, deviceId = randomBytes(16).toString('base64url'), secure = false) {
  setCookie(c, cookieName(user.id), `${deviceId}.${sign(key, user, deviceId)}`, {
    httpOnly: true,
    sameSite: 'Strict',
    secure,
    path: '/api/v1/auth/login',
    maxAge: DEVICE_DAYS * 86_400,
  });
}
