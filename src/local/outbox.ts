import { ApiError, type ApiClient } from './api';
import { localDb, type AkuafoDb, type OutboxEntry, type OutboxMessage } from './db';
import type { OutboxKindName } from './outbox-kinds';

/**
 * The outbox: every write the user makes is applied to IndexedDB at once and queued here in
 * the same transaction; replayOutbox sends the queue in order when it can. An entry's id is
 * its Idempotency-Key, so a resend after a lost answer never applies twice on the server.
 */
export type EnqueueInput = EnqueueFields & ({ message: OutboxMessage; label?: undefined } | { label: string; message?: undefined });

interface EnqueueFields {
  /** "<kind>:<id>" or "<kind>", e.g. "cart", "review:5", "profile:me". Order is kept per entity. */
  entity: OutboxKindName | `${OutboxKindName}:${string}`;
  method: OutboxEntry['method'];
  path: string;
  body?: unknown;
  files?: OutboxEntry['files'];
}

export const OUTBOX_EVENT = 'akuafo:outbox-changed';

export interface OutboxContext {
  api: ApiClient;
  db: AkuafoDb;
}

/**
 * One kind of queued change (the part of its entity before ':'), defined once in its own file
 * with defineOutboxKind and named in outbox-kinds.ts. docs/outbox.md shows the recipe.
 */
export interface OutboxKind<K extends string = string, Answer = unknown> {
  kind: K;
  /** How an entry goes out and what the server answered; by default its method, path and body (a form when it has files). */
  send?: (api: ApiClient, entry: OutboxEntry, headers: Record<string, string>) => Promise<Answer>;
  /**
   * After the server accepted an entry, with its answer. `drained`: no pending entry of this
   * kind is left, so the answer (where it holds the new state) is the truth to show; with
   * entries still waiting it would undo what they already show.
   */
  onSent?: (answer: Answer, entry: OutboxEntry, context: OutboxContext & { drained: boolean }) => Promise<void>;
  /** After the server refused an entry (`error`), or the user discarded it (no error): restore the server's truth. */
  onRefused?: (entry: OutboxEntry, context: OutboxContext & { error?: ApiError }) => Promise<void>;
  /**
   * For "set to" intents: a later queued entry of the same entity makes an earlier one moot
   * (e.g. "set P to 5" after "set P to 3"). Moot entries that never left the phone are dropped
   * before sending, so a long offline session costs a few requests, not hundreds.
   */
  supersedes?: (earlier: OutboxEntry, later: OutboxEntry) => boolean;
}

const kinds = new Map<string, OutboxKind>();

/** Registers a kind (the module that defines it is imported by outbox-kinds.ts) and returns it, typed by its name. */
export function defineOutboxKind<const K extends string, Answer = unknown>(definition: OutboxKind<K, Answer>): OutboxKind<K, Answer> {
  kinds.set(definition.kind, definition as OutboxKind);
  return definition;
}

export const kindOf = (entity: string) => entity.split(':')[0];

let loadEveryKind: () => Promise<unknown> = async () => undefined;

/**
 * How to bring in every kind (outbox-kinds.ts) before an entry is sent or discarded,
 * whichever page queued it. The page loads them only when the outbox holds something, so a
 * first visit does not pay for them; the service worker imports them outright (a dynamic
 * import cannot run there).
 */
export function loadOutboxKindsWith(loader: () => Promise<unknown>): void {
  loadEveryKind = loader;
}

/** The kinds defined so far in this context (all of outbox-kinds.ts once it is loaded). */
export const definedKinds = (): string[] => [...kinds.keys()].sort();

/**
 * Queues a write. `applyLocally` changes Dexie optimistically; it runs in the same
 * transaction as the append, so either both happen or neither does.
 */
export async function enqueue(
  input: EnqueueInput,
  applyLocally?: () => Promise<unknown>,
  db: AkuafoDb = localDb,
): Promise<OutboxEntry> {
  const entry = await enqueueWith(async () => {
    await applyLocally?.();
    return input;
  }, db);
  return entry!;
}

/**
 * Like enqueue, for writes whose request depends on what Dexie holds (e.g. "add one more"
 * becomes "set quantity to 4"): `build` runs inside the transaction, makes the local change
 * and returns the entry to queue, or undefined to queue nothing. Throwing aborts both.
 */
export async function enqueueWith(
  build: () => Promise<EnqueueInput | undefined>,
  db: AkuafoDb = localDb,
): Promise<OutboxEntry | undefined> {
  const entry = await db.transaction('rw', db.tables, async () => {
    const input = await build();
    if (!input) return undefined;
    const queued: OwnedEntry = { ...input, id: newKey(), status: 'pending', attempts: 0, createdAt: new Date().toISOString(), owner: await signedInUserId(db) };
    queued.seq = await db.outbox.add(queued);
    return queued;
  });
  if (entry) announce();
  return entry;
}

export interface ReplayResult {
  sent: number;
  /** Never sent because a later queued change made them moot (a kind's supersedes). */
  coalesced: number;
  failed: number;
  /** The network or server was unavailable: try again later. */
  retryLater: boolean;
  /** The session could not be refreshed: the queue waits for the user to sign in. */
  needsSignIn: boolean;
}

/**
 * Sends pending entries oldest first. Stops at the first one that cannot be sent now (so the
 * order holds across entities too), or between entries when `signal` is aborted.
 */
export async function replayOutbox(
  api: ApiClient,
  db: AkuafoDb = localDb,
  options: { signal?: AbortSignal } = {},
): Promise<ReplayResult> {
  if ((await db.outbox.count()) > 0) await loadEveryKind();
  const result: ReplayResult = { sent: 0, coalesced: await coalesce(db), failed: 0, retryLater: false, needsSignIn: false };
  const userId = await signedInUserId(db);
  while (!options.signal?.aborted) {
    const entry: OwnedEntry | undefined = await nextSendable(db);
    if (!entry) return result;
    if (entry.owner !== undefined && userId !== undefined && entry.owner !== userId) {
      // A change made by someone else on this phone must never land in this account.
      await db.outbox.update(entry.seq!, { status: 'failed', error: OTHER_ACCOUNT_MESSAGE });
      result.failed += 1;
      announce();
      await refused(entry, { api, db });
      continue;
    }
    // Counted before it leaves, so "attempts 0" always means "no copy of it is on the network".
    await db.outbox.update(entry.seq!, { attempts: entry.attempts + 1 });
    let answer: unknown;
    try {
      answer = await send(api, entry);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : new ApiError(String(error), 0, 'network_error');
      if (isTransient(apiError)) {
        await db.outbox.update(entry.seq!, { error: apiError.message });
        result.retryLater = true;
        return result;
      }
      if (apiError.status === 401) {
        result.needsSignIn = true;
        return result;
      }
      await db.outbox.update(entry.seq!, { status: 'failed', error: apiError.message });
      result.failed += 1;
      announce();
      await refused(entry, { api, db, error: apiError });
      continue;
    }
    await db.outbox.delete(entry.seq!);
    result.sent += 1;
    announce();
    await sent(answer, entry, { api, db });
  }
  return result;
}

/** Entries remember who made them (an extra field IndexedDB keeps; no schema change). */
type OwnedEntry = OutboxEntry & { owner?: number };

export const OTHER_ACCOUNT_MESSAGE = 'Made while another account was signed in on this phone; not sent. Sign in as that account to send it, or discard it.';

async function signedInUserId(db: AkuafoDb): Promise<number | undefined> {
  const user = (await db.session.get('user'))?.value as { id?: number } | undefined;
  return typeof user?.id === 'number' ? user.id : undefined;
}

/**
 * One pass over the queue, newest to oldest, dropping never-sent pending entries that a later
 * pending entry of the same entity supersedes. Entries that were ever attempted stay: a copy
 * may still be on its way to the server, and only resending it with its own key keeps order.
 */
async function coalesce(db: AkuafoDb): Promise<number> {
  if (![...kinds.values()].some((k) => k.supersedes)) return 0;
  const dropped = await db.transaction('rw', db.outbox, async () => {
    const queue = await db.outbox.orderBy('seq').toArray();
    const laterByEntity = new Map<string, OutboxEntry[]>();
    const drop: number[] = [];
    for (let i = queue.length - 1; i >= 0; i--) {
      const entry = queue[i];
      const rule = kinds.get(kindOf(entry.entity))?.supersedes;
      const later = laterByEntity.get(entry.entity) ?? [];
      const moot = rule && entry.status === 'pending' && entry.attempts === 0 && later.some((l) => l.status === 'pending' && rule(entry, l));
      if (moot) drop.push(entry.seq!);
      else laterByEntity.set(entry.entity, [...later, entry]);
    }
    await db.outbox.bulkDelete(drop);
    return drop.length;
  });
  if (dropped) announce();
  return dropped;
}

/**
 * The oldest pending entry whose entity has no failed entry: a failed entry holds back later
 * entries for the same entity until it is retried or discarded. Walks the queue with a cursor
 * and stops at the first hit, so a long queue costs little per step.
 */
async function nextSendable(db: AkuafoDb): Promise<OutboxEntry | undefined> {
  return db.transaction('r', db.outbox, async () => {
    const failed = await db.outbox.where('status').equals('failed').toArray();
    const blocked = new Set(failed.map((e) => e.entity));
    return db.outbox.orderBy('seq').filter((e) => e.status === 'pending' && !blocked.has(e.entity)).first();
  });
}

/** Network errors, time-outs, 5xx and rate limits: the request may succeed later as it is. */
export function isTransient(error: ApiError): boolean {
  return error.isNetwork || error.status >= 500 || error.status === 408 || error.status === 429;
}

// A hook only refreshes the local copy; the queue must go on without it.
const hookFailed = (entry: OutboxEntry) => (error: unknown) => console.warn(`Outbox ${kindOf(entry.entity)} hook failed`, error);

async function sent(answer: unknown, entry: OutboxEntry, context: OutboxContext): Promise<void> {
  const onSent = kinds.get(kindOf(entry.entity))?.onSent;
  if (!onSent) return;
  try {
    // Stops at the first waiting entry of the kind: cheap however long the queue is.
    const waiting = await context.db.outbox.where('status').equals('pending').filter((e) => kindOf(e.entity) === kindOf(entry.entity)).first();
    await onSent(answer, entry, { ...context, drained: !waiting });
  } catch (error) {
    hookFailed(entry)(error);
  }
}

async function refused(entry: OutboxEntry, context: OutboxContext & { error?: ApiError }): Promise<void> {
  try {
    await kinds.get(kindOf(entry.entity))?.onRefused?.(entry, context);
  } catch (error) {
    hookFailed(entry)(error);
  }
}

function send(api: ApiClient, entry: OutboxEntry): Promise<unknown> {
  const headers = { 'Idempotency-Key': entry.id };
  const own = kinds.get(kindOf(entry.entity))?.send;
  if (own) return own(api, entry, headers);
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
  await loadEveryKind();
  await refused(entry, { api, db });
}

/** A UUID; pages served over plain http on a LAN address have no crypto.randomUUID. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Tells open pages the queue changed (also for changes made outside enqueue, e.g. a dropped unsent entry). */
export function announce(): void {
  if (typeof globalThis.dispatchEvent === 'function') globalThis.dispatchEvent(new Event(OUTBOX_EVENT));
}
