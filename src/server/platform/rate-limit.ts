import { sql } from 'kysely';
import type { Db } from './db';
import { precompiled } from './db/precompiled';

/**
 * Fixed-window counters: each key (say "login:<ip>") may be hit `limit` times per window.
 * One process on SQLite keeps them in memory; a fleet on PostgreSQL shares them in the
 * rate_limits table, so three instances allow what one would.
 */
export interface RateLimiter {
  /** Counts a hit; not allowed when the key is over its limit. */
  hit(key: string, limit: number, windowMs: number): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
  /** How many hits a key has in its current window, without counting one. */
  count(key: string): Promise<number>;
  /**
   * Gives one hit back, in the current window only. A hit taken before the outcome is known
   * (a sign-in reserves its attempt before the password is weighed) is returned this way when
   * it did not count: the password was right, or the check was never made.
   */
  release(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  stop(): void;
}

const verdict = (hits: number, limit: number, windowEndsAt: number, t: number) => ({
  allowed: hits <= limit,
  retryAfterSeconds: Math.max(1, Math.ceil((windowEndsAt - t) / 1000)),
});

/** Swept every minute, so stale windows do not pile up. */
const SWEEP_MS = 60_000;

export function createRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const t = now();
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key);
  }, SWEEP_MS);
  sweep.unref?.();

  return {
    async hit(key, limit, windowMs) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return verdict(w.count, limit, w.resetAt, t);
    },
    async count(key) {
      const w = windows.get(key);
      return w && w.resetAt > now() ? w.count : 0;
    },
    async release(key) {
      const w = windows.get(key);
      if (w && w.resetAt > now() && w.count > 0) w.count -= 1;
    },
    async reset(key) {
      windows.delete(key);
    },
    stop: () => clearInterval(sweep),
  };
}

/**
 * The same counters in the database. One upsert counts a hit and starts a new window when the
 * old one is over, atomically on the row, so concurrent hits from any instance are all
 * counted. `db` must not be a request's transaction: a hit must outlive a rolled-back request.
 */
/** One hit on a bucket (every request that is limited runs it): compiled once (precompiled.ts). */
const hitBucket = precompiled<'bucket' | 'current' | 'windowEnd', { hits: number; window_ends_at: string }>((db, p) => {
  const expired = sql<boolean>`rate_limits.window_ends_at <= ${p('current')}`;
  return db
    .insertInto('rate_limits')
    .values({ bucket: p('bucket'), hits: 1, window_ends_at: p('windowEnd') })
    .onConflict((oc) =>
      oc.column('bucket').doUpdateSet({
        hits: sql<number>`case when ${expired} then 1 else rate_limits.hits + 1 end`,
        window_ends_at: sql<string>`case when ${expired} then ${p('windowEnd')} else rate_limits.window_ends_at end`,
      }),
    )
    .returning(['hits', 'window_ends_at']);
});

export function createSharedRateLimiter(db: Db, now: () => number = Date.now): RateLimiter {
  const iso = (ms: number) => new Date(ms).toISOString();
  const sweep = setInterval(() => {
    db.deleteFrom('rate_limits').where('window_ends_at', '<=', iso(now())).execute().catch(() => undefined);
  }, SWEEP_MS);
  sweep.unref?.();

  return {
    async hit(key, limit, windowMs) {
      const t = now();
      const current = iso(t);
      const windowEnd = iso(t + windowMs);
      const row = (await hitBucket(db, { bucket: key, current, windowEnd })).rows[0]!;
      return verdict(row.hits, limit, Date.parse(row.window_ends_at), t);
    },
    async count(key) {
      const row = await db
        .selectFrom('rate_limits')
        .select('hits')
        .where('bucket', '=', key)
        .where('window_ends_at', '>', iso(now()))
        .executeTakeFirst();
      return row?.hits ?? 0;
    },
    async release(key) {
      await db
        .updateTable('rate_limits')
        .set({ hits: sql<number>`hits - 1` })
        .where('bucket', '=', key)
        .where('hits', '>', 0)
        .where('window_ends_at', '>', iso(now()))
        .execute();
    },
    async reset(key) {
      await db.deleteFrom('rate_limits').where('bucket', '=', key).execute();
    },
    stop: () => clearInterval(sweep),
  };
}
