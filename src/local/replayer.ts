import type { ApiClient } from './api';
import { localDb, type AkuafoDb } from './db';
import { OUTBOX_EVENT, replayOutbox, type ReplayResult } from './outbox';

export const OUTBOX_SYNC_TAG = 'outbox';
const LOCK_NAME = 'akuafo-outbox';
const MIN_DELAY_MS = 1_000;
const MAX_DELAY_MS = 5 * 60_000;

/** 1 s doubling to 5 min, with ±25 % jitter so many phones do not retry in step. */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, MIN_DELAY_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.75 + random() * 0.5));
}

/**
 * One replay at a time across tabs and the service worker (Web Locks); where the browser
 * has no Web Locks, one at a time within this context.
 */
export async function replayExclusively(api: ApiClient, db: AkuafoDb = localDb): Promise<ReplayResult | undefined> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks) return locks.request(LOCK_NAME, { ifAvailable: true }, (lock) => (lock ? replayOutbox(api, db) : undefined));
  return replayOutbox(api, db);
}

export interface ReplayerHandle {
  /** Ask for a replay now (it is skipped if one is running). */
  kick(): void;
  stop(): void;
}

/**
 * Runs the outbox on start, when the network returns, when the tab becomes visible, after
 * each enqueue, and on a backoff timer after failures. `onResult` lets the UI show state.
 */
export function startOutboxReplayer(
  api: ApiClient,
  options: { db?: AkuafoDb; onResult?: (r: ReplayResult) => void } = {},
): ReplayerHandle {
  const db = options.db ?? localDb;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let again = false;

  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(kick, backoffDelay(failures));
  };

  async function kick() {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      const result = await replayExclusively(api, db);
      if (!result) return; // another tab or the service worker holds the lock
      options.onResult?.(result);
      if (result.retryLater) {
        failures += 1;
        schedule();
      } else {
        failures = 0;
      }
    } finally {
      running = false;
      if (again) {
        again = false;
        void kick();
      }
    }
  }

  const onEnqueue = () => void kick();
  const onVisible = () => document.visibilityState === 'visible' && void kick();
  globalThis.addEventListener?.(OUTBOX_EVENT, onEnqueue);
  globalThis.addEventListener?.('online', onEnqueue);
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible);
  void kick();

  return {
    kick: () => void kick(),
    stop() {
      clearTimeout(timer);
      globalThis.removeEventListener?.(OUTBOX_EVENT, onEnqueue);
      globalThis.removeEventListener?.('online', onEnqueue);
      if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible);
    },
  };
}
