import type { Page } from '../shared/pagination';
import type {
  SellerOrder,
  SellerProfile,
  SellerProfileUpdateInput,
  SellerRegistrationInput,
  SellerStats,
} from '../shared/schemas/sellers';
import { ApiError, type ApiClient } from './api';
import { getMeta, localDb, setMeta, type AkuafoDb } from './db';
import { enqueue, onOutboxFailure, onOutboxSent } from './outbox';

/**
 * The seller's own data on the phone: profile, analytics and orders are kept in db.meta
 * (per account) so the dashboard opens offline with the last known figures; profile edits
 * go through the outbox like every other write.
 */
export const SELLER_PROFILE_KIND = 'seller-profile';

export const profileKey = (owner: string) => `seller.profile:${owner}`;
export const statsKey = (owner: string) => `seller.stats:${owner}`;
const ordersKey = (owner: string, page: number) => `seller.orders:${owner}:${page}`;

export interface Cached<T> {
  value: T;
  fetchedAt: string;
}

async function readThrough<T>(db: AkuafoDb, key: string, load: () => Promise<T>): Promise<Cached<T> & { fromCache: boolean }> {
  try {
    const value = await load();
    const cached = { value, fetchedAt: new Date().toISOString() };
    await setMeta(key, cached, db);
    return { ...cached, fromCache: false };
  } catch (error) {
    if (error instanceof ApiError && error.isNetwork) {
      const cached = await getMeta<Cached<T>>(key, db);
      if (cached) return { ...cached, fromCache: true };
    }
    throw error;
  }
}

export function refreshSellerProfile(api: ApiClient, owner: string, db: AkuafoDb = localDb) {
  return readThrough(db, profileKey(owner), async () => (await api.get<{ data: SellerProfile }>('sellers/me')).data);
}

export function refreshSellerStats(api: ApiClient, owner: string, db: AkuafoDb = localDb) {
  return readThrough(db, statsKey(owner), async () => (await api.get<{ data: SellerStats }>('sellers/me/stats')).data);
}

export function refreshSellerOrders(api: ApiClient, owner: string, page: number, db: AkuafoDb = localDb) {
  return readThrough(db, ordersKey(owner, page), () => api.get<Page<SellerOrder>>('sellers/me/orders', { searchParams: { page } }));
}

/** Saves profile fields: at once on the phone, and on the server through the outbox. */
export async function saveSellerProfile(owner: string, changes: SellerProfileUpdateInput, db: AkuafoDb = localDb) {
  return enqueue(
    { entity: `${SELLER_PROFILE_KIND}:${owner}`, method: 'PUT', path: 'sellers/me', body: changes, label: 'Update business profile' },
    async () => {
      const cached = await getMeta<Cached<SellerProfile>>(profileKey(owner), db);
      if (!cached) return;
      const value = { ...cached.value };
      for (const [field, text] of Object.entries(changes)) {
        if (text !== undefined) (value as unknown as Record<string, unknown>)[field] = text === '' ? null : text;
      }
      await setMeta(profileKey(owner), { ...cached, value }, db);
    },
    db,
  );
}

// After the server answered either way, show what it holds.
const reread = async (entry: { entity: string }, { api, db }: { api: ApiClient; db: AkuafoDb }) => {
  await refreshSellerProfile(api, entry.entity.slice(SELLER_PROFILE_KIND.length + 1), db);
};
onOutboxSent(SELLER_PROFILE_KIND, reread);
onOutboxFailure(SELLER_PROFILE_KIND, reread);

// ---- Registration and e-mail verification (online by nature: the mail must go out) ----

export async function registerSeller(api: ApiClient, input: SellerRegistrationInput): Promise<{ message: string; email: string }> {
  return (await api.post<{ data: { message: string; email: string } }>('sellers/register', input)).data;
}

export async function verifySellerEmail(api: ApiClient, token: string): Promise<{ message: string; email: string }> {
  return (await api.post<{ data: { message: string; email: string } }>('sellers/verify-email', { token })).data;
}

export async function resendSellerVerification(api: ApiClient, email: string): Promise<{ message: string }> {
  return (await api.post<{ data: { message: string } }>('sellers/resend-verification', { email })).data;
}
