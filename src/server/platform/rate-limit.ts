/**
 * Fixed-window counters kept in memory: enough for one server process. Each key (say
 * "login:<ip>") may be hit `limit` times per window.
 */
export interface RateLimiter {
  /** Counts a hit; false when the key is over its limit. */
  hit(key: string, limit: number, windowMs: number): { allowed: boolean; retryAfterSeconds: number };
  /** How many hits a key has in its current window, without counting one. */
  count(key: string): number;
  reset(key: string): void;
}

export function createRateLimiter(now: () => number = Date.now): RateLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const t = now();
    for (const [key, w] of windows) if (w.resetAt <= t) windows.delete(key);
  }, 60_000);
  sweep.unref?.();

  return {
    hit(key, limit, windowMs) {
      const t = now();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        w = { count: 0, resetAt: t + windowMs };
        windows.set(key, w);
      }
      w.count += 1;
      return { allowed: w.count <= limit, retryAfterSeconds: Math.max(1, Math.ceil((w.resetAt - t) / 1000)) };
    },
    count(key) {
      const w = windows.get(key);
      return w && w.resetAt > now() ? w.count : 0;
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
