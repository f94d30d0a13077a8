import { createApiClient, type ApiClient } from '../../src/local/api';
import { AkuafoDb } from '../../src/local/db';
import { saveSession } from '../../src/local/session';
import type { Cart } from '../../src/shared/schemas/cart';
import type { Product } from '../../src/shared/schemas/catalogue';
import type { TestServer } from '../support/server';
import { sessionToken } from '../support/session';

/** Small seeded PRNG (mulberry32): a failing chaos run can be replayed from its seed. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A fresh phone database signed in as a seeded user; returns its bearer token. */
export async function signedInPhone(server: TestServer, email: string): Promise<{ db: AkuafoDb; token: string; userId: number }> {
  const user = await server.deps.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const { token, expiresAt } = await sessionToken(server, user.id);
  const db = new AkuafoDb(`phone-${Math.random().toString(36).slice(2)}`);
  await db.open();
  await saveSession(
    {
      accessToken: token,
      refreshToken: 'not-used-here',
      expiresAt,
      user: { id: user.id, firstName: user.first_name, lastName: user.last_name, email: user.email ?? '', userType: user.user_type, profileImage: null, passwordChangedAt: null },
    },
    db,
  );
  return { db, token, userId: user.id };
}

export function phoneApi(server: TestServer, db: AkuafoDb, fetchImpl: typeof fetch = server.fetch): ApiClient {
  return createApiClient({
    origin: 'http://test.local',
    fetch: fetchImpl,
    auth: {
      accessToken: async () => (await db.session.get('accessToken'))?.value as string | undefined,
      refresh: async () => false,
    },
  });
}

export async function serverCart(server: TestServer, token: string): Promise<Cart> {
  return ((await (await server.call('/shop/cart', { token })).json()) as { data: Cart }).data;
}

export async function apiProducts(server: TestServer, ids: number[]): Promise<Product[]> {
  return Promise.all(ids.map(async (id) => ((await (await server.call(`/products/${id}`)).json()) as { data: Product }).data));
}

/** Active products with plenty of stock, for carts that must never hit a stock limit. */
export async function roomyProducts(server: TestServer, count: number): Promise<Product[]> {
  const rows = await server.deps.db
    .selectFrom('products')
    .select('id')
    .where('is_active', '=', 1)
    .where('stock_quantity', '>=', 30)
    .orderBy('id')
    .limit(count)
    .execute();
  if (rows.length < count) throw new Error('not enough roomy products in the seed');
  return apiProducts(server, rows.map((r) => r.id));
}
