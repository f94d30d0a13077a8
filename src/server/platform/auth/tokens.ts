import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export type UserType = 'CUSTOMER' | 'SELLER' | 'ADMIN';

export interface AuthUser {
  id: number;
  userType: UserType;
  email: string;
}

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

export function createTokenSigner(secret: string) {
  const key = new TextEncoder().encode(secret);

  async function signAccessToken(user: AuthUser): Promise<{ token: string; expiresAt: string }> {
    const expiresAt = new Date(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000);
    const token = await new SignJWT({ typ: user.userType, email: user.email })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(key);
    return { token, expiresAt: expiresAt.toISOString() };
  }

  /** The user a token names, 'expired', or undefined when it is not ours. */
  async function verifyAccessToken(token: string): Promise<AuthUser | 'expired' | undefined> {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
      const id = Number(payload.sub);
      if (!Number.isInteger(id)) return undefined;
      return { id, userType: payload.typ as UserType, email: String(payload.email) };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return 'expired';
      return undefined;
    }
  }

  return { signAccessToken, verifyAccessToken };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
