import type { ApiClient } from './api';
import { localDb, type AkuafoDb } from './db';
import { onBackOnline } from './network';
import { OUTBOX_EVENT, replayOutbox, type ReplayResult } from './outbox';

export const OUTBOX_SYNC_TAG = 'outbox';
const LOCK_NAME = 'akuafo-outbox';
export const MIN_DELAY_MS = 1_000;
export const MAX_DELAY_MS = 5 * 60_000;

/**
 * Wait before retry number `failures` (1, 2, …): 1 s doubling to 5 min, then 5 min. Jitter
 * takes up to a quarter off, so many phones coming back online together do not retry in step,
 * and no wait is ever longer than 5 min.
 */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, MIN_DELAY_MS * 2 ** Math.min(30, Math.max(0, failures - 1)));
  return Math.round(base * (1 - 0.25 * random()));
}

/** Where the browser has no Web Locks (tests, old browsers): one replay at a time per database in this context. */
const localChains = new Map<string, Promise<unknown>>();

/**
 * One replay at a time across tabs and the service worker (Web Locks). A caller waits for
 * the lock rather than skipping: the holder may have read the queue before our entry was
 * added, so skipping could leave it unsent until the next trigger.
 */
export async function replayExclusively(
  api: ApiClient,
  db: AkuafoDb = localDb,
  options: { signal?: AbortSignal } = {},
): Promise<ReplayResult> {
  const run = () => replayOutbox(api, db, options);
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks) return locks.request(`${LOCK_NAME}:${db.name}`, run);
  const previous = localChains.get(db.name) ?? Promise.resolve();
  const mine = previous.catch(() => undefined).then(run);
  localChains.set(db.name, mine);
  try {
    return await mine;
  } finally {
    if (localChains.get(db.name) === mine) localChains.delete(db.name);
  }
}

export interface ReplayerHandle {
  /** Ask for a replay now (it follows the running one if there is one). */
  kick(): void;
  /** Stops triggers and timers; a running replay ends after the entry it is sending. */
  stop(): void;
}

/**
 * Runs the outbox on start, when the network returns (the browser's 'online', or the server
 * answering again after failed requests: src/local/network.ts), when the tab becomes visible, after
 * each enqueue, and on a backoff timer after failures. `onResult` lets the UI show state.
 */
export function startOutboxReplayer(
  api: ApiClient,
  options: { db?: AkuafoDb; onResult?: (r: ReplayResult) => void; random?: () => number } = {},
): ReplayerHandle {
  const db = options.db ?? localDb;
  const stopping = new AbortController();
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let again = false;

  const schedule = () => {
    clearTimeout(timer);
    if (!stopping.signal.aborted) timer = setTimeout(kick, backoffDelay(failures, options.random));
  };

  async function kick() {
    if (stopping.signal.aborted) return;
    if (running) {
      again = true;
      return;
    }
    // The browser knows it has no network: do not spend requests (or battery); 'online' will
    // call us, and a slow timer covers a browser that is wrong about it.
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      failures += 1;
      schedule();
      return;
    }
    running = true;
    try {
      const result = await replayExclusively(api, db, { signal: stopping.signal });
      options.onResult?.(result);
      // Offline, server trouble, or a session to renew: try again later, waiting longer each time.
      if (result.retryLater || result.needsSignIn) {
        failures += 1;
        schedule();
      } else {
        failures = 0;
      }
    } catch (error) {
      console.warn('Outbox replay failed; will try again.', error);
      failures += 1;
      schedule();
    } finally {
      running = false;
      if (again) {
        again = false;
        void kick();
      }
    }
  }

  // A new trigger (network back, enqueue, tab shown) means "try now", not "wait out the backoff".
  const onTrigger = () => {
    clearTimeout(timer);
    void kick();
  };
  const onVisible = () => document.visibilityState === 'visible' && onTrigger();
  globalThis.addEventListener?.(OUTBOX_EVENT, onTrigger);
  globalThis.addEventListener?.('online', onTrigger);
  // Signal with no data does not fire 'online': an answer to any request (or the probe) does this.
  const stopFollowing = onBackOnline(onTrigger);
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);
  void kick();

  return {
    kick: onTrigger,
    stop() {
      stopping.abort();
      clearTimeout(timer);
      globalThis.removeEventListener?.(OUTBOX_EVENT, onTrigger);
      globalThis.removeEventListener?.('online', onTrigger);
      stopFollowing();
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible);
    },
  };
}
