import { createMiddleware } from 'hono/factory';
import type { Db } from '../platform/db';
import { now } from '../platform/db';
import type { AppEnv } from './context';
import { HttpError, badRequest } from './errors';

const KEY_PATTERN = /^[A-Za-z0-9-]{8,80}$/;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Calls that hand out credentials: their answers (tokens) must never be stored. */
const CREDENTIAL_PATHS = /^\/api\/v1\/(auth|token|otp|logout)(\/|$)/;
export const IDEMPOTENCY_TTL_MS = 48 * 3600 * 1000;

/**
 * Idempotency-Key for every mutating call. The first request with a key runs inside one
 * transaction that also records its answer; a repeat gets the recorded answer without the
 * effect running again. Concurrent repeats are serialised by the (scope, key) primary key.
 * Only successes are recorded: a refused request may be retried with the same key.
 */
export function idempotency(db: Db) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = c.req.header('idempotency-key');
    c.set('tx', undefined);
    if (!key || !MUTATING.has(c.req.method) || CREDENTIAL_PATHS.test(c.req.path)) return next();
    if (!KEY_PATTERN.test(key)) throw badRequest('Idempotency-Key must be 8 to 80 letters, digits or dashes.');
    const scope = c.get('user') ? `user:${c.get('user')!.id}` : 'anonymous';
    const path = new URL(c.req.url).pathname;

    const replay = async () => {
      const stored = await db
        .selectFrom('idempotency_keys')
        .selectAll()
        .where('scope', '=', scope)
        .where('idem_key', '=', key)
        .executeTakeFirst();
      if (!stored) return undefined;
      if (stored.method !== c.req.method || stored.path !== path) {
        throw new HttpError(422, 'This Idempotency-Key was already used for a different request.', 'idempotency_key_reused');
      }
      // 204/205 must go out without a body: a Response with a body and such a status throws.
      if (stored.status === 204 || stored.status === 205) return c.body(null, stored.status, { 'idempotent-replayed': 'true' });
      return c.body(stored.body, stored.status as 200, {
        'content-type': 'application/json; charset=UTF-8',
        'idempotent-replayed': 'true',
      });
    };

    const earlier = await replay();
    if (earlier) return earlier;

    try {
      await db.transaction().execute(async (trx) => {
        c.set('tx', trx);
        await next();
        c.set('tx', undefined);
        if (c.error || c.res.status >= 300) throw new RolledBack();
        const body = await c.res.clone().text();
        await trx
          .insertInto('idempotency_keys')
          .values({ scope, idem_key: key, method: c.req.method, path, status: c.res.status, body, created_at: now() })
          .execute();
      });
    } catch (error) {
      c.set('tx', undefined);
      // A concurrent request with the same key may have committed first; then this one's
      // failure (a unique-key clash, or a conflict its rolled-back effect ran into) is only
      // the shadow of that success: answer as the winner did.
      const winner = await replay();
      if (winner) {
        // This request's own (rolled-back) answer is already set: replace it, headers and all.
        c.res = undefined;
        c.res = winner;
        return;
      }
      if (error instanceof RolledBack) return;
      throw error;
    } finally {
      pruneNowAndThen(db);
    }
  });
}

const PRUNE_EVERY_MS = 3600 * 1000;
let lastPrune = 0;

/** Forgets old answers at most once an hour, after a request, without holding anyone up. */
function pruneNowAndThen(db: Db): void {
  if (Date.now() - lastPrune < PRUNE_EVERY_MS) return;
  lastPrune = Date.now();
  void pruneIdempotencyKeys(db).catch(() => undefined);
}

class RolledBack extends Error {}

/** Forgets recorded answers older than the retention window. */
export async function pruneIdempotencyKeys(db: Db): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(Date.now() - IDEMPOTENCY_TTL_MS).toISOString())
    .execute();
}
