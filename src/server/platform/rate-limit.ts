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
  hit(key: string, limit: number, windowMs: number): Promise<Verdict>;
  /**
   * Counts one hit on each bucket, as if hit() were called for each in turn, and gives their
   * verdicts in the same order; in the database all of them are one statement (a step that
   * hits several buckets, say a USSD confirm's checkout and prompt allowances, pays one round trip).
   */
  hitMany(hits: readonly Hit[]): Promise<Verdict[]>;
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

export interface Hit {
  key: string;
  limit: number;
  windowMs: number;
}
export interface Verdict {
  allowed: boolean;
  retryAfterSeconds: number;
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

  const hitNow = ({ key, limit, windowMs }: Hit, t: number) => {
    let w = windows.get(key);
    if (!w || w.resetAt <= t) {
      w = { count: 0, resetAt: t + windowMs };
      windows.set(key, w);
    }
    w.count += 1;
    return verdict(w.count, limit, w.resetAt, t);
  };

  return {
    async hit(key, limit, windowMs) {
      return hitNow({ key, limit, windowMs }, now());
    },
    async hitMany(hits) {
      const t = now();
      return hits.map((h) => hitNow(h, t));
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
 * Hits on `n` buckets in one upsert, compiled once per dialect and count (precompiled.ts): each
 * row adds its hits to its bucket and starts a new window when the old one is over, atomically on
 * the row, so concurrent hits from any instance are all counted.
 */
const hitBuckets = new Map<number, ReturnType<typeof upsertOf>>();
function upsertOf(n: number) {
  return precompiled<string, { bucket: string; hits: number; window_ends_at: string }>((db, p) => {
    const expired = sql<boolean>`rate_limits.window_ends_at <= ${p('current')}`;
    return db
      .insertInto('rate_limits')
      .values(Array.from({ length: n }, (_, i) => ({ bucket: p(`bucket${i}`), hits: p(`hits${i}`), window_ends_at: p(`windowEnd${i}`) })))
      .onConflict((oc) =>
        oc.column('bucket').doUpdateSet({
          hits: sql<number>`case when ${expired} then excluded.hits else rate_limits.hits + excluded.hits end`,
          window_ends_at: sql<string>`case when ${expired} then excluded.window_ends_at else rate_limits.window_ends_at end`,
        }),
      )
      .returning(['bucket', 'hits', 'window_ends_at']);
  });
}
const hitBucketsOf = (n: number) => hitBuckets.get(n) ?? hitBuckets.set(n, upsertOf(n)).get(n)!;

/**
 * The same counters in the database. `db` must not be a request's transaction: a hit must
 * outlive a rolled-back request.
 */
export function createSharedRateLimiter(db: Db, now: () => number = Date.now): RateLimiter {
  const iso = (ms: number) => new Date(ms).toISOString();
  const sweep = setInterval(() => {
    db.deleteFrom('rate_limits').where('window_ends_at', '<=', iso(now())).execute().catch(() => undefined);
  }, SWEEP_MS);
  sweep.unref?.();

  async function hitMany(hits: readonly Hit[]): Promise<Verdict[]> {
    if (hits.length === 0) return [];
    const t = now();
    // A bucket named twice is one row counting both (an upsert may not touch a row twice), and
    // the rows go in the order of their names, so two calls lock shared buckets in one order.
    const buckets = new Map<string, { hits: number; windowMs: number }>();
    for (const h of hits) {
      const b = buckets.get(h.key);
      if (b) b.hits += 1;
      else buckets.set(h.key, { hits: 1, windowMs: h.windowMs });
    }
    const keys = [...buckets.keys()].sort();
    const values: Record<string, unknown> = { current: iso(t) };
    keys.forEach((key, i) => {
      const b = buckets.get(key)!;
      Object.assign(values, { [`bucket${i}`]: key, [`hits${i}`]: b.hits, [`windowEnd${i}`]: iso(t + b.windowMs) });
    });
    const rows = new Map((await hitBucketsOf(keys.length)(db, values)).rows.map((r) => [r.bucket, r]));
    // The k-th of a bucket's hits in this call saw the count its earlier ones left.
    const left = new Map(keys.map((key) => [key, buckets.get(key)!.hits]));
    return hits.map((h) => {
      const row = rows.get(h.key)!;
      const after = left.get(h.key)! - 1;
      left.set(h.key, after);
      return verdict(Number(row.hits) - after, h.limit, Date.parse(row.window_ends_at), t);
    });
  }

  return {
    async hit(key, limit, windowMs) {
      return (await hitMany([{ key, limit, windowMs }]))[0]!;
    },
    hitMany,
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
