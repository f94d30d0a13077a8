import { requestFor } from '../shared/api/path';
import type { GhanaRegion } from '../shared/catalogue';
import type { Load, LoadEvent } from '../shared/schemas/transport';
import type { TransporterRegistrationInput } from '../shared/schemas/transporters';
import type { ApiClient } from './api';
import { localDb, type AkuafoDb, type OutboxEntry } from './db';
import { announce, defineOutboxKind, enqueue, enqueueWith, kindOf } from './outbox';
import { readFirstPage, readNextPage, type KeptList } from './paged';
import { readThrough, type Cached } from './sellers';

/**
 * The transporter's screens on the phone (issue 40 item 4): the loads board and the
 * transporter's own loads are kept in db.meta per account, like the seller's dashboard, so the
 * board opens offline from the last pull; accepting and progress reports go through the
 * outbox, and the server decides (a load another transporter took first is refused after replay).
 */
export const LOAD_ACCEPT_KIND = 'load-accept';
export const LOAD_EVENTS_KIND = 'load-events';

export interface BoardFilter {
  region?: GhanaRegion;
  capacityKg?: number;
}

export const boardKey = (owner: number, filter: BoardFilter = {}) => `transporter.board:${owner}:${filter.region ?? 'all'}:${filter.capacityKg ?? 'any'}`;
export const myLoadsKey = (owner: number) => `transporter.mine:${owner}`;
export const transporterEarningsKey = (owner: number) => `transporter.earnings:${owner}`;

/** Ids of loads this phone has queued an accept for and not yet sent. */
async function queuedAccepts(db: AkuafoDb): Promise<Set<number>> {
  const queued = await db.outbox.where('status').equals('pending').filter((e) => kindOf(e.entity) === LOAD_ACCEPT_KIND).toArray();
  return new Set(queued.map((e) => Number(e.entity.slice(LOAD_ACCEPT_KIND.length + 1))));
}

/**
 * The OPEN board (filtered), oldest first, 50 a page: the first page here, the next ones with
 * moreLoads (kept with it, readable offline); loads this phone has queued an accept for are
 * marked `acceptQueued`.
 */
export async function refreshLoadsBoard(api: ApiClient, owner: number, filter: BoardFilter = {}, db: AkuafoDb = localDb) {
  return markAccepts(await readFirstPage(db, owner, boardKey(owner, filter), () => boardPage(api, filter)), db);
}

/** The board's page after what the phone kept for this filter; undefined when nothing is kept yet. Offline: the network's ApiError. */
export async function moreLoads(api: ApiClient, owner: number, filter: BoardFilter = {}, db: AkuafoDb = localDb) {
  const read = await readNextPage(db, owner, boardKey(owner, filter), (cursor) => boardPage(api, filter, cursor));
  return read && markAccepts(read, db);
}

const boardPage = (api: ApiClient, filter: BoardFilter, cursor?: string) =>
  api.call('GET /transporters/me/loads', { query: { status: 'OPEN', region: filter.region, capacityKg: filter.capacityKg === undefined ? undefined : String(filter.capacityKg), cursor } });

async function markAccepts(read: Cached<KeptList<Load>> & { fromCache: boolean }, db: AkuafoDb) {
  const queued = await queuedAccepts(db);
  return { ...read, value: { ...read.value, items: read.value.items.map((l) => ({ ...l, acceptQueued: queued.has(l.id) })) } };
}

/** The transporter's own loads with their codes (first page; moreMyLoads for the next). */
export function refreshMyLoads(api: ApiClient, owner: number, db: AkuafoDb = localDb) {
  return readFirstPage(db, owner, myLoadsKey(owner), () => api.call('GET /transporters/me/loads', { query: { status: 'MINE' } }));
}

/** The page of one's own loads after what the phone kept. */
export function moreMyLoads(api: ApiClient, owner: number, db: AkuafoDb = localDb) {
  return readNextPage(db, owner, myLoadsKey(owner), (cursor) => api.call('GET /transporters/me/loads', { query: { status: 'MINE', cursor } }));
}

/** The transporter's money, shown by the seller's earnings component. */
export function refreshTransporterEarnings(api: ApiClient, owner: number, db: AkuafoDb = localDb) {
  return readThrough(db, owner, transporterEarningsKey(owner), async () => (await api.call('GET /transporters/me/earnings')).data);
}

/** "I take this load": queued, sent when the network allows; the server says who won. */
export function acceptLoad(load: Pick<Load, 'id' | 'fromWarehouse' | 'toWarehouse'>, db: AkuafoDb = localDb) {
  return enqueue(
    {
      entity: `${LOAD_ACCEPT_KIND}:${load.id}`,
      ...requestFor('POST /transporters/me/loads/:id/accept', { params: { id: load.id } }),
      message: { id: 'outbox.loadAccept', values: { from: load.fromWarehouse.name, to: load.toWarehouse.name } },
    },
    undefined,
    db,
  );
}

// An accept once sent (won or lost) changes both lists: read them again when the network allows.
const rereadLoads = async (entry: OutboxEntry, { api, db }: { api: ApiClient; db: AkuafoDb }) => {
  const owner = (entry as OutboxEntry & { owner?: number }).owner;
  if (owner === undefined) return;
  await refreshMyLoads(api, owner, db).catch(() => undefined);
};
export const loadAcceptKind = defineOutboxKind({
  kind: LOAD_ACCEPT_KIND,
  onSent: (_answer, entry, context) => rereadLoads(entry, context),
  onRefused: rereadLoads,
});

interface EventsBatch {
  events: LoadEvent[];
}

/**
 * A progress report (a milestone with a note, or a position). Reports made while an earlier
 * one for the same load is still unsent join its batch, so a day offline goes out as one request.
 */
export async function reportLoadEvent(load: Pick<Load, 'id' | 'fromWarehouse' | 'toWarehouse'>, event: LoadEvent, db: AkuafoDb = localDb) {
  const entity = `${LOAD_EVENTS_KIND}:${load.id}` as const;
  const entry = await enqueueWith(async () => {
    const unsent = await db.outbox.where('entity').equals(entity).filter((e) => e.status === 'pending' && e.attempts === 0).sortBy('seq');
    const batch = unsent.at(-1);
    const events = (batch?.body as EventsBatch | undefined)?.events;
    if (batch && events && events.length < 500) {
      const body: EventsBatch = { events: [...events, event] };
      await db.outbox.update(batch.seq!, { body, message: { id: 'outbox.loadEvents', values: { n: body.events.length, from: load.fromWarehouse.name, to: load.toWarehouse.name } } });
      return undefined;
    }
    const body: EventsBatch = { events: [event] };
    return {
      entity,
      ...requestFor('POST /transporters/me/loads/:id/events', { params: { id: load.id }, body }),
      message: { id: 'outbox.loadEvents', values: { n: 1, from: load.fromWarehouse.name, to: load.toWarehouse.name } },
    };
  }, db);
  if (!entry) announce();
  return entry;
}

export const loadEventsKind = defineOutboxKind({ kind: LOAD_EVENTS_KIND });


/** POST /transporters/register: the account and its vehicle, checked by the operator before it may accept loads. */
export async function registerTransporter(api: ApiClient, input: TransporterRegistrationInput): Promise<{ message: string; email: string }> {
  return (await api.call('POST /transporters/register', { body: input })).data;
}
