import { sql } from 'kysely';
import type { Db, Dialect } from '../db';
import type { Logger } from '../logging';
import { PermanentFailure, type Channels, type OutboxMessage } from './channels/types';

/** How the outbox retries (docs/messages.md): 15 s doubling to 30 min, failed after 12 attempts (about 3 hours). */
export const RETRY = { firstDelayMs: 15_000, maxDelayMs: 30 * 60_000, maxAttempts: 12 } as const;

/** A claimed row comes back to the queue if its worker has not finished with it by then (a crash). */
const LEASE_MS = 5 * 60_000;
const BATCH = 20;
/**
 * A wake waits this long for the next one (at most WAKE_MAX_MS after the first): a burst of
 * requests (fifty USSD approvals at once) is answered before its messages are rendered and sent,
 * which took a sixth of the burst's CPU when it ran in between. A message leaves a moment later.
 */
const WAKE_QUIET_MS = 20;
const WAKE_MAX_MS = 500;

export function retryDelayMs(attempts: number, random = Math.random): number {
  const base = Math.min(RETRY.firstDelayMs * 2 ** (attempts - 1), RETRY.maxDelayMs);
  return Math.round(base * (0.8 + 0.4 * random())); // jitter: a fleet's retries do not arrive together
}

export interface MessageWorker {
  /** Claims one batch of due messages and sends it; the number claimed. */
  runOnce(): Promise<number>;
  /** Sends everything due now (tests call it after each request). */
  drain(): Promise<void>;
  /** Runs in the background: every pollMs, and at once when woken. */
  start(): void;
  /** Sends what is due soon: called after each request, once its transaction committed. */
  wake(): void;
  /** Finishes the batch in hand and stops. */
  stop(): Promise<void>;
}

export interface WorkerOptions {
  db: Db;
  dialect: Dialect;
  channels: Channels;
  logger: Logger;
  pollMs?: number;
  /** The worker's idea of now (tests move it to simulate hours of outage). */
  clock?: () => Date;
}

/**
 * The sender in every instance. It claims due rows in one statement, marking them SENDING
 * with a lease: on PostgreSQL the inner SELECT takes `FOR UPDATE SKIP LOCKED`, so workers of a
 * fleet claim disjoint rows; on SQLite the single UPDATE is atomic. Each row is sent, then
 * marked SENT, or put back with an exponential delay, or FAILED after RETRY.maxAttempts.
 */
export function createMessageWorker(options: WorkerOptions): MessageWorker {
  const { db, dialect, channels, logger, pollMs = 5_000, clock = () => new Date() } = options;
  let running: Promise<void> | undefined;
  let stopped = true;
  let wakeUp: (() => void) | undefined;
  let woken = false;

  async function claim(): Promise<OutboxMessage[]> {
    const at = clock();
    let due = db
      .selectFrom('messages')
      .select('id')
      .where('status', 'in', ['QUEUED', 'SENDING'])
      .where('next_attempt_at', '<=', at.toISOString())
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(BATCH);
    if (dialect === 'postgres') due = due.forUpdate().skipLocked();
    return db
      .updateTable('messages')
      .set({ status: 'SENDING', attempts: sql`attempts + 1`, next_attempt_at: new Date(at.getTime() + LEASE_MS).toISOString(), updated_at: at.toISOString() })
      .where('id', 'in', due)
      .returningAll()
      .execute();
  }

  async function deliver(message: OutboxMessage): Promise<void> {
    const mine = (q: ReturnType<typeof finish>) => q.where('id', '=', message.id).where('status', '=', 'SENDING').where('attempts', '=', message.attempts);
    const finish = () => db.updateTable('messages');
    try {
      await channels[message.channel].send(message);
      const at = clock().toISOString();
      await mine(finish().set({ status: 'SENT', sent_at: at, last_error: null, updated_at: at })).execute();
    } catch (error) {
      const at = clock();
      const reason = error instanceof Error ? error.message : String(error);
      const give_up = error instanceof PermanentFailure || message.attempts >= RETRY.maxAttempts;
      const next = give_up ? at : new Date(at.getTime() + retryDelayMs(message.attempts));
      await mine(finish().set({ status: give_up ? 'FAILED' : 'QUEUED', next_attempt_at: next.toISOString(), last_error: reason.slice(0, 500), updated_at: at.toISOString() })).execute();
      logger[give_up ? 'error' : 'warn']({ messageId: message.id, channel: message.channel, attempts: message.attempts, err: reason }, give_up ? 'message failed' : 'message will be retried');
    }
  }

  async function runOnce(): Promise<number> {
    const batch = await claim();
    // Each send starts on its own turn of the event loop (rendering an e-mail is CPU work), so
    // requests that arrived meanwhile are answered between them; the sends still overlap.
    const sending: Promise<void>[] = [];
    for (const message of batch) {
      sending.push(deliver(message));
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    await Promise.all(sending);
    return batch.length;
  }

  async function drain(): Promise<void> {
    while ((await runOnce()) === BATCH);
  }

  async function loop(): Promise<void> {
    while (!stopped) {
      woken = false;
      try {
        await drain();
      } catch (error) {
        logger.warn({ err: error }, 'message worker pass failed; trying again shortly');
      }
      if (stopped) break;
      if (woken) continue; // a request committed messages while this pass ran
      await new Promise<void>((resolve) => {
        let timer = setTimeout(resolve, pollMs);
        timer.unref?.();
        let firstWake: number | undefined;
        wakeUp = () => {
          clearTimeout(timer);
          firstWake ??= Date.now();
          const wait = stopped ? 0 : Math.min(WAKE_QUIET_MS, Math.max(0, firstWake + WAKE_MAX_MS - Date.now()));
          timer = setTimeout(resolve, wait);
        };
      });
      wakeUp = undefined;
    }
  }

  return {
    runOnce,
    drain,
    start() {
      if (!stopped) return;
      stopped = false;
      running = loop();
    },
    wake() {
      woken = true;
      wakeUp?.();
    },
    async stop() {
      stopped = true;
      wakeUp?.();
      await running;
    },
  };
}
