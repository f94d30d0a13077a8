import { localDb, type AkuafoDb } from './db';

/** What the app fetched, by kind: product pictures, and everything else it asked the API for. */
export type UsageKind = 'pictures' | 'data';

export interface MonthUsage {
  /** YYYY-MM in the phone's own calendar. */
  month: string;
  pictures: number;
  data: number;
}

export function monthOf(date: Date = new Date()): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

const keyOf = (month: string) => `usage.${month}`;

/**
 * Adds fetched bytes to this month's count (in Dexie meta, one row a month). The page and
 * the service worker both count, each in its own transaction, so nothing is lost between them.
 */
export async function recordUsage(kind: UsageKind, bytes: number, db: AkuafoDb = localDb, at: Date = new Date()): Promise<void> {
  if (!(bytes > 0)) return;
  const month = monthOf(at);
  await db.transaction('rw', db.meta, async () => {
    const current = ((await db.meta.get(keyOf(month)))?.value as MonthUsage | undefined) ?? { month, pictures: 0, data: 0 };
    await db.meta.put({ key: keyOf(month), value: { ...current, [kind]: current[kind] + bytes } });
  });
}

export async function usageForMonth(month: string = monthOf(), db: AkuafoDb = localDb): Promise<MonthUsage> {
  return ((await db.meta.get(keyOf(month)))?.value as MonthUsage | undefined) ?? { month, pictures: 0, data: 0 };
}

/**
 * The bytes a response brought: its Content-Length when the server sent one (what crossed
 * the wire), else the length of its body as read.
 */
export async function responseBytes(response: Response): Promise<number> {
  const declared = Number(response.headers.get('content-length'));
  if (declared > 0) return declared;
  if (response.status === 204 || response.status === 304 || !response.body) return 0;
  return (await response.clone().arrayBuffer()).byteLength;
}
