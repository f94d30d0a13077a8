import { sql } from 'kysely';
import type { Deps } from '../../http/context';
import { now, type Db } from '../../platform/db';
import { inTransaction } from '../../platform/db/transactions';
import { inLanes, repeatEvery } from '../../platform/jobs';
import { queueWhatsApp } from '../../platform/messages';
import { retryDelayMs } from '../../platform/messages/worker';
import { parseGhanaMobile } from '../../../shared/phone';
import { answerWhatsApp } from './conversation';
import type { WhatsAppInbound } from './messages';
import type { SentStatus } from './webhook';

/**
 * The queue between the webhook and the conversation (docs/whatsapp.md): the webhook writes each
 * message once (its wamid the key, so Meta's repeats are dropped) and answers at once; this
 * answers them afterwards, one number's messages one at a time and in the order they came, and
 * puts each reply in the message outbox, which sends it (channels/whatsapp.ts).
 */

/** A claimed message comes back to the queue if its answer has not been written by then (an instance died). */
const LEASE_MS = 60_000;
const BATCH = 50;
/** Numbers answered at once: each answer is a few queries; more lanes only queue on the database. */
const LANES = 4;
/** A message whose answer failed this many times is given up (the chat's next message starts afresh). */
const MAX_ATTEMPTS = 5;

/** Queues the delivery's messages; the number newly queued (a message seen before is not queued again). */
export async function queueInbound(db: Db, messages: WhatsAppInbound[]): Promise<number> {
  if (messages.length === 0) return 0;
  const at = now();
  const rows = messages.map((m) => ({
    message_id: m.id,
    phone: parseGhanaMobile(m.from)?.national ?? m.from,
    inbound: JSON.stringify(m),
    status: 'QUEUED' as const,
    attempts: 0,
    next_attempt_at: at,
    last_error: null,
    received_at: at,
    answered_at: null,
  }));
  const queued = await db.insertInto('whatsapp_inbound').values(rows).onConflict((oc) => oc.column('message_id').doNothing()).returning('message_id').execute();
  return queued.length;
}

const RANK = { sent: 1, delivered: 2, read: 3, failed: 4 } as const;

/**
 * Applies Meta's statuses to what we sent. Statuses can arrive out of order (read before
 * delivered): one only moves a part forward, never back. The number applied.
 */
export async function applyStatuses(db: Db, statuses: SentStatus[]): Promise<number> {
  let applied = 0;
  for (const s of statuses) {
    const lower = (Object.keys(RANK) as SentStatus['status'][]).filter((k) => RANK[k] < RANK[s.status]);
    if (lower.length === 0) continue;
    const result = await db
      .updateTable('whatsapp_sent')
      .set({ status: s.status, status_at: s.at, error: s.error ?? null })
      .where('provider_message_id', '=', s.id)
      .where('status', 'in', lower)
      .executeTakeFirst();
    applied += Number(result.numUpdatedRows);
  }
  return applied;
}

/**
 * Claims due messages with a lease, leaving out numbers with a message being answered now (so
 * one number's answers keep their order across instances), answers them and puts the replies in
 * the outbox. Returns how many it claimed.
 */
export async function answerQueuedOnce(deps: Deps): Promise<number> {
  const db = deps.db;
  const at = new Date();
  const answering = db.selectFrom('whatsapp_inbound as busy').select('busy.phone').where('busy.status', '=', 'ANSWERING').where('busy.next_attempt_at', '>', at.toISOString());
  let due = db
    .selectFrom('whatsapp_inbound')
    .select('message_id')
    .where('status', 'in', ['QUEUED', 'ANSWERING'])
    .where('next_attempt_at', '<=', at.toISOString())
    .where('phone', 'not in', answering)
    .orderBy('received_at')
    .orderBy('message_id')
    .limit(BATCH);
  if (deps.dialect === 'postgres') due = due.forUpdate().skipLocked();
  const claimed = await db
    .updateTable('whatsapp_inbound')
    .set({ status: 'ANSWERING', attempts: sql`attempts + 1`, next_attempt_at: new Date(at.getTime() + LEASE_MS).toISOString() })
    .where('message_id', 'in', due)
    .returningAll()
    .execute();
  const byNumber = new Map<string, typeof claimed>();
  for (const row of claimed.sort((a, b) => a.received_at.localeCompare(b.received_at) || a.message_id.localeCompare(b.message_id))) {
    byNumber.set(row.phone, [...(byNumber.get(row.phone) ?? []), row]);
  }
  await inLanes([...byNumber.values()], LANES, async (rows) => {
    for (const row of rows) {
      // Each answer on a turn of the event loop of its own: on SQLite the queries run without
      // yielding, so a pass would otherwise hold back every webhook answer until it ended.
      await nextTurn();
      await answerOne(deps, row);
    }
  });
  if (claimed.length > 0) deps.messages.wake();
  return claimed.length;
}

async function answerOne(deps: Deps, row: { message_id: string; inbound: string; attempts: number }): Promise<void> {
  const inbound = JSON.parse(row.inbound) as WhatsAppInbound;
  const mine = (db: Db) => db.updateTable('whatsapp_inbound').where('message_id', '=', row.message_id).where('status', '=', 'ANSWERING').where('attempts', '=', row.attempts);
  try {
    const parts = await answerWhatsApp(deps, inbound);
    await inTransaction(deps.db, async (trx) => {
      const marked = await mine(trx).set({ status: 'ANSWERED', answered_at: now(), last_error: null }).executeTakeFirst();
      // Another instance took it over after our lease ran out, and answers it itself.
      if (Number(marked.numUpdatedRows) === 0) return;
      if (parts.length > 0) await queueWhatsApp(trx, { to: inbound.from, parts, topic: 'whatsapp' });
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const giveUp = row.attempts >= MAX_ATTEMPTS;
    await mine(deps.db)
      .set({ status: giveUp ? 'FAILED' : 'QUEUED', next_attempt_at: new Date(Date.now() + (giveUp ? 0 : retryDelayMs(row.attempts))).toISOString(), last_error: reason.slice(0, 500) })
      .execute();
    deps.logger[giveUp ? 'error' : 'warn']({ err: reason, messageId: row.message_id, attempts: row.attempts }, giveUp ? 'whatsapp message not answered' : 'whatsapp answer will be retried');
  }
}

async function answerDue(deps: Deps): Promise<void> {
  while ((await answerQueuedOnce(deps)) > 0);
}

/** Answers until nothing is due, after the pass a webhook started (tests, the job). */
export async function answerQueued(deps: Deps): Promise<void> {
  await passes.get(deps)?.current;
  await answerDue(deps);
}

/**
 * Answers now, in the background, what a webhook just queued (the reply leaves within a second),
 * one pass at a time per process: a delivery arriving during a pass gets another pass after it.
 */
export function answerSoon(deps: Deps): void {
  const state = passes.get(deps) ?? { current: undefined, again: false };
  passes.set(deps, state);
  if (state.current) {
    state.again = true;
    return;
  }
  state.current = (async () => {
    // After this request's answer is written (its response is flushed on the next turns).
    await nextTurn();
    try {
      do {
        state.again = false;
        await answerDue(deps);
      } while (state.again);
    } catch (error) {
      deps.logger.warn({ err: error }, 'whatsapp answering pass failed; the job tries again');
    } finally {
      state.current = undefined;
    }
  })();
}
const passes = new WeakMap<Deps, { current: Promise<void> | undefined; again: boolean }>();
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The job that answers what an instance's pass left (a crash, a retry, another instance's delivery): every 2 s. */
export function startWhatsAppJob(deps: Deps, everyMs = 2_000): { stop(): Promise<void> } {
  return repeatEvery('whatsapp answers', everyMs, () => answerQueued(deps), deps.logger);
}
