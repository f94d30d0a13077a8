import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { SigningKeys } from './signing-keys';

import type { UserType } from '../../../shared/schemas/accounts';

export type { UserType };

export interface AuthUser {
  id: number;
  userType: UserType;
  email: string;
  /** The sign-in (refresh-token family) the token was issued to; revoking it ends the token too. */
  sid?: string;
}

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/** Whether the sign-in an access token names is still live (modules/accounts/sessions.ts). */
export interface SessionCheck {
  isLive(sid: string): Promise<boolean>;
  /** After this instance revoked sign-ins: ask the database again at once. */
  forget(): void;
}

/** Access tokens signed with the current key and marked with its id (`kid`), so any key still on file verifies what it signed. */
export function createTokenSigner(keys: SigningKeys) {
  async function signAccessToken(user: AuthUser): Promise<{ token: string; expiresAt: string }> {
    const { kid, key } = keys.current();
    const expiresAt = new Date(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000);
    const token = await new SignJWT({ typ: user.userType, email: user.email, ...(user.sid && { sid: user.sid }) })
      .setProtectedHeader({ alg: 'HS256', kid })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(key);
    return { token, expiresAt: expiresAt.toISOString() };
  }

  /** The user a token names, 'expired', or undefined when it is not ours. */
  async function verifyAccessToken(token: string): Promise<AuthUser | 'expired' | undefined> {
    try {
      const { payload } = await jwtVerify(
        token,
        async (header) => {
          const key = await keys.find(header.kid);
          if (!key) throw new joseErrors.JWSSignatureVerificationFailed('unknown key id');
          return key;
        },
        { algorithms: ['HS256'] },
      );
      const id = Number(payload.sub);
      if (!Number.isInteger(id)) return undefined;
      const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
      return { id, userType: payload.typ as UserType, email: String(payload.email), ...(sid && { sid }) };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return 'expired';
      return undefined;
    }
  }

  return { signAccessToken, verifyAccessToken };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
