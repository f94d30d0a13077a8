import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Db } from '../platform/db';
import { now } from '../platform/db';
import type { AppEnv } from './context';
import { HttpError, badRequest } from './errors';

const KEY_PATTERN = /^[A-Za-z0-9-]{8,80}$/;
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Calls that hand out credentials: their answers (tokens) must never be stored. */
export const CREDENTIAL_PATHS = /^\/api\/v1\/(auth|token|otp|logout)(\/|$)/;
export const IDEMPOTENCY_TTL_MS = 48 * 3600 * 1000;
/** The status of a claimed key whose request is still running; its body is the claim's token. */
const IN_PROGRESS = 0;

export interface IdempotencyTimings {
  /** How long a repeat waits for the first request with its key to finish before it answers 503. */
  waitMs: number;
  /** A claim this old belongs to a request that died (a crash): a repeat may take it over. */
  leaseMs: number;
}

const DEFAULT_TIMINGS: IdempotencyTimings = { waitMs: 30_000, leaseMs: 10 * 60_000 };

type Claim = { kind: 'claimed'; token: string } | { kind: 'answered'; status: number; body: string } | { kind: 'busy' };

/**
 * Idempotency-Key for every mutating call. The first request with a key claims it (one
 * INSERT), runs with no transaction held (it may call a payment provider: a transaction open
 * meanwhile would hold up everyone's queries on SQLite and rows on PostgreSQL), and then
 * stores its answer on the claim. A repeat gets the stored answer without the effect running
 * again; a repeat that arrives while the first is still running waits for that answer. Only
 * successes are stored: a refused request gives its claim back and may be retried with the
 * same key. A handler must therefore keep its own effect atomic, as it must without a key.
 */
export function idempotency(db: Db, timings: IdempotencyTimings = DEFAULT_TIMINGS) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (!key || !MUTATING.has(c.req.method) || CREDENTIAL_PATHS.test(c.req.path)) return next();
    if (!KEY_PATTERN.test(key)) throw badRequest('Idempotency-Key must be 8 to 80 letters, digits or dashes.');
    const request = {
      scope: c.get('user') ? `user:${c.get('user')!.id}` : 'anonymous',
      idem_key: key,
      method: c.req.method,
      path: new URL(c.req.url).pathname,
    };

    const claim = await claimKey(db, request, timings);
    if (claim.kind === 'answered') return replay(c, claim.status, claim.body);
    if (claim.kind === 'busy') {
      // 503, not 409: our clients' outboxes retry a 5xx later with the same key, and a 409 is final for them.
      c.header('Retry-After', '5');
      throw new HttpError(503, 'This request is still being processed. Please try again in a moment.', 'idempotency_key_in_progress');
    }

    const mine = { scope: request.scope, idem_key: key, token: claim.token };
    try {
      await next();
    } catch (error) {
      await releaseClaim(db, mine);
      throw error;
    } finally {
      pruneNowAndThen(db);
    }
    if (c.error || c.res.status >= 300) return releaseClaim(db, mine);
    // Read the body and answer with a fresh Response of it, never `c.res.clone()`: undici
    // cancels a clone's sibling stream when the cloned Response is garbage collected, and
    // Hono re-wraps c.res whenever a later middleware sets a header, so a GC at the wrong
    // moment left the buyer's answer unreadable ("Body is unusable"; CI saw it once).
    const body = await c.res.text();
    c.res = new Response(c.res.status === 204 || c.res.status === 205 ? null : body, c.res);
    await db
      .updateTable('idempotency_keys')
      .set({ status: c.res.status, body, created_at: now() })
      .where('scope', '=', request.scope)
      .where('idem_key', '=', key)
      .where('status', '=', IN_PROGRESS)
      .where('body', '=', mine.token)
      .execute();
  });
}

/**
 * Claims (scope, key) for this request, or finds the answer an earlier request stored. While
 * another request holds the claim this waits (polling: the claim may be held by another
 * instance of a fleet) until it stores its answer or gives the claim back.
 */
async function claimKey(db: Db, request: { scope: string; idem_key: string; method: string; path: string }, timings: IdempotencyTimings): Promise<Claim> {
  const deadline = Date.now() + timings.waitMs;
  for (let pause = 25; ; pause = Math.min(pause * 2, 500)) {
    const token = randomUUID();
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({ ...request, status: IN_PROGRESS, body: token, created_at: now() })
      .onConflict((oc) => oc.columns(['scope', 'idem_key']).doNothing())
      .returning('idem_key')
      .executeTakeFirst();
    if (inserted) return { kind: 'claimed', token };

    const stored = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('scope', '=', request.scope)
      .where('idem_key', '=', request.idem_key)
      .executeTakeFirst();
    if (!stored) continue; // given back a moment ago: claim it now
    if (stored.method !== request.method || stored.path !== request.path) {
      throw new HttpError(422, 'This Idempotency-Key was already used for a different request.', 'idempotency_key_reused');
    }
    if (stored.status !== IN_PROGRESS) return { kind: 'answered', status: stored.status, body: stored.body };
    if (Date.parse(stored.created_at) < Date.now() - timings.leaseMs) {
      const taken = await db
        .updateTable('idempotency_keys')
        .set({ body: token, created_at: now() })
        .where('scope', '=', request.scope)
        .where('idem_key', '=', request.idem_key)
        .where('status', '=', IN_PROGRESS)
        .where('body', '=', stored.body)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 1) return { kind: 'claimed', token };
      continue;
    }
    if (Date.now() >= deadline) return { kind: 'busy' };
    await sleep(pause);
  }
}

/** Gives a claim back (only this request's own), so the same key may be tried again. */
async function releaseClaim(db: Db, claim: { scope: string; idem_key: string; token: string }): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('scope', '=', claim.scope)
    .where('idem_key', '=', claim.idem_key)
    .where('status', '=', IN_PROGRESS)
    .where('body', '=', claim.token)
    .execute();
}

function replay(c: Context<AppEnv>, status: number, body: string) {
  // 204/205 must go out without a body: a Response with a body and such a status throws.
  if (status === 204 || status === 205) return c.body(null, status, { 'idempotent-replayed': 'true' });
  return c.body(body, status as 200, { 'content-type': 'application/json; charset=UTF-8', 'idempotent-replayed': 'true' });
}

const PRUNE_EVERY_MS = 3600 * 1000;
/** Per database, not per process: an app over another database (a test's) prunes its own. */
const lastPrune = new WeakMap<Db, number>();

/** Forgets old answers at most once an hour, after a request, without holding anyone up. */
function pruneNowAndThen(db: Db): void {
  if (Date.now() - (lastPrune.get(db) ?? 0) < PRUNE_EVERY_MS) return;
  lastPrune.set(db, Date.now());
  void pruneIdempotencyKeys(db).catch(() => undefined);
}

/** Forgets recorded answers older than the retention window. */
export async function pruneIdempotencyKeys(db: Db): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', new Date(Date.now() - IDEMPOTENCY_TTL_MS).toISOString())
    .execute();
}
