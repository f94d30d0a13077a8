import { ApiError, type ApiClient } from './api';
import { localDb, type AkuafoDb, type OutboxEntry } from './db';

/**
 * The outbox: every write the user makes is applied to IndexedDB at once and queued here in
 * the same transaction; replayOutbox sends the queue in order when it can. An entry's id is
 * its Idempotency-Key, so a resend after a lost answer never applies twice on the server.
 */
export interface EnqueueInput {
  /** "<kind>:<id>", e.g. "cart:12", "review:5", "profile:me". Order is kept per entity. */
  entity: string;
  method: OutboxEntry['method'];
  path: string;
  body?: unknown;
  files?: OutboxEntry['files'];
  label: string;
}

export const OUTBOX_EVENT = 'akuafo:outbox-changed';

type Hook = (entry: OutboxEntry, context: { api: ApiClient; db: AkuafoDb; error?: ApiError }) => Promise<void>;
const failedHooks = new Map<string, Hook>();
const sentHooks = new Map<string, Hook>();

const kindOf = (entity: string) => entity.split(':')[0];

/** What to do when the server refuses an entry of this kind: restore the server's truth. */
export function onOutboxFailure(kind: string, hook: Hook): void {
  failedHooks.set(kind, hook);
}

/** What to do after an entry of this kind was accepted: re-read what the server holds. */
export function onOutboxSent(kind: string, hook: Hook): void {
  sentHooks.set(kind, hook);
}

/**
 * Queues a write. `applyLocally` changes Dexie optimistically; it runs in the same
 * transaction as the append, so either both happen or neither does.
 */
export async function enqueue(
  input: EnqueueInput,
  applyLocally?: () => Promise<unknown>,
  db: AkuafoDb = localDb,
): Promise<OutboxEntry> {
  const entry: OutboxEntry = {
    ...input,
    id: crypto.randomUUID(),
    status: 'pending',
    attempts: 0,
    createdAt: new Date().toISOString(),
  };
  await db.transaction('rw', db.tables, async () => {
    await applyLocally?.();
    entry.seq = await db.outbox.add(entry);
  });
  announce();
  return entry;
}

export interface ReplayResult {
  sent: number;
  failed: number;
  /** The network or server was unavailable: try again later. */
  retryLater: boolean;
  /** The session could not be refreshed: the queue waits for the user to sign in. */
  needsSignIn: boolean;
}

/** Sends pending entries oldest first. Stops at the first one that cannot be sent now. */
export async function replayOutbox(api: ApiClient, db: AkuafoDb = localDb): Promise<ReplayResult> {
  const result: ReplayResult = { sent: 0, failed: 0, retryLater: false, needsSignIn: false };
  for (;;) {
    const queue = await db.outbox.orderBy('seq').toArray();
    // A failed entry holds back later entries for the same entity until it is retried or discarded.
    const blocked = new Set(queue.filter((e) => e.status === 'failed').map((e) => e.entity));
    const entry = queue.find((e) => e.status === 'pending' && !blocked.has(e.entity));
    if (!entry) return result;
    try {
      await send(api, entry);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError(String(error), 0, 'network_error');
      await db.outbox.update(entry.seq!, { attempts: entry.attempts + 1 });
      if (apiError.isNetwork || apiError.status >= 500 || apiError.status === 408 || apiError.status === 429) {
        result.retryLater = true;
        return result;
      }
      if (apiError.status === 401) {
        result.needsSignIn = true;
        return result;
      }
      await db.outbox.update(entry.seq!, { status: 'failed', error: apiError.message });
      result.failed += 1;
      await failedHooks.get(kindOf(entry.entity))?.(entry, { api, db, error: apiError }).catch(() => undefined);
      announce();
      continue;
    }
    await db.outbox.delete(entry.seq!);
    result.sent += 1;
    announce();
    await sentHooks.get(kindOf(entry.entity))?.(entry, { api, db }).catch(() => undefined);
  }
}

function send(api: ApiClient, entry: OutboxEntry): Promise<unknown> {
  const headers = { 'Idempotency-Key': entry.id };
  if (entry.files?.length) {
    const form = new FormData();
    for (const [name, value] of Object.entries((entry.body ?? {}) as Record<string, unknown>)) {
      if (value !== undefined && value !== null) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
    }
    for (const file of entry.files) form.append(file.field, file.blob, file.name);
    return api.form(entry.path, form, { method: entry.method, headers });
  }
  return api.request(entry.path, { method: entry.method, json: entry.body, headers });
}

/** Retry a failed entry: it goes back in the queue where it was. */
export async function retryEntry(seq: number, db: AkuafoDb = localDb): Promise<void> {
  await db.outbox.update(seq, { status: 'pending', error: undefined });
  announce();
}

/** Give up on a failed entry and put back what the server holds. */
export async function discardEntry(seq: number, api: ApiClient, db: AkuafoDb = localDb): Promise<void> {
  const entry = await db.outbox.get(seq);
  if (!entry) return;
  await db.outbox.delete(seq);
  announce();
  await failedHooks.get(kindOf(entry.entity))?.(entry, { api, db }).catch(() => undefined);
}

function announce(): void {
  if (typeof globalThis.dispatchEvent === 'function') globalThis.dispatchEvent(new Event(OUTBOX_EVENT));
}
