import { requestFor } from '../shared/api/path';
import type { LineToReceive, StaffConsignment } from '../shared/schemas/transport';
import type { ApiClient } from './api';
import { localDb, type AkuafoDb, type OutboxEntry } from './db';
import { defineOutboxKind, enqueue, kindOf } from './outbox';
import { readFirstPage, readNextPage, type KeptList } from './paged';
import { readThrough, type Cached } from './sellers';

/**
 * The warehouse staff's screen on the phone (issue 40 item 2): the lines to count in and the
 * consignments leaving and coming are kept in db.meta per account, like the transporter's board,
 * so the counter opens offline from the last pull. Counting in and the two handovers (against
 * the transporter's code) go through the outbox; the server checks the code when it is sent, so
 * a wrong code is refused after replay and shown on the screen.
 */
export const LINE_RECEIVED_KIND = 'line-received';
export const LINE_CHECKED_KIND = 'line-checked';
export const CHECK_PHOTO_KIND = 'check-photo';
export const LOAD_COLLECTED_KIND = 'load-collected';
export const LOAD_ARRIVED_KIND = 'load-arrived';
const HANDOVER_KINDS: readonly string[] = [LOAD_COLLECTED_KIND, LOAD_ARRIVED_KIND];

export const linesKey = (owner: number) => `warehouse.lines:${owner}`;
export const outgoingKey = (owner: number) => `warehouse.outgoing:${owner}`;
export const incomingKey = (owner: number) => `warehouse.incoming:${owner}`;
export const returnsKey = (owner: number) => `warehouse.returns:${owner}`;

/** The entities of this phone's unsent entries of `kinds`. */
async function queued(db: AkuafoDb, kinds: readonly string[]): Promise<Set<string>> {
  const pending = await db.outbox.where('status').equals('pending').filter((e) => kinds.includes(kindOf(e.entity)!)).toArray();
  return new Set(pending.map((e) => e.entity));
}

const lineEntity = (line: Pick<LineToReceive, 'orderId' | 'itemId'>) => `${LINE_RECEIVED_KIND}:${line.orderId}-${line.itemId}` as const;

/**
 * Paid lines to count in here, 200 a page (moreLinesToReceive for the next, kept with it); lines
 * this phone has counted in and not yet sent are marked `queued`.
 */
export async function refreshLinesToReceive(api: ApiClient, owner: number, db: AkuafoDb = localDb) {
  return markLinesQueued(await readFirstPage(db, owner, linesKey(owner), () => api.call('GET /warehouse/lines')), db);
}

/** The page of lines after what the phone kept; undefined when nothing is kept yet. Offline: the network's ApiError. */
export async function moreLinesToReceive(api: ApiClient, owner: number, db: AkuafoDb = localDb) {
  const read = await readNextPage(db, owner, linesKey(owner), (cursor) => api.call('GET /warehouse/lines', { query: { cursor } }), (l) => l.itemId);
  return read && markLinesQueued(read, db);
}

async function markLinesQueued(read: Cached<KeptList<LineToReceive>> & { fromCache: boolean }, db: AkuafoDb) {
  const mine = await queued(db, [LINE_RECEIVED_KIND, LINE_CHECKED_KIND]);
  return { ...read, value: { ...read.value, items: read.value.items.map((l) => ({ ...l, queued: mine.has(lineEntity(l)) || mine.has(`${LINE_CHECKED_KIND}:${l.orderId}-${l.itemId}`) })) } };
}

/**
 * Consignments in one direction: OUTGOING waiting at this warehouse for their transporter
 * (AT_ORIGIN), INCOMING on the road to it (IN_TRANSIT), newest first, 50 a page: the first page
 * here, the next ones with moreConsignments (kept with it, readable offline). A handover queued
 * here marks it `queued`.
 */
export async function refreshConsignments(api: ApiClient, owner: number, direction: 'OUTGOING' | 'INCOMING', db: AkuafoDb = localDb) {
  const read = await readFirstPage(db, owner, directionKey(owner, direction), () => consignmentsPage(api, direction));
  return markQueued(read, direction, db);
}

/** The page after what the phone kept of this direction; undefined when nothing is kept yet. Offline: the network's ApiError. */
export async function moreConsignments(api: ApiClient, owner: number, direction: 'OUTGOING' | 'INCOMING', db: AkuafoDb = localDb) {
  const read = await readNextPage(db, owner, directionKey(owner, direction), (cursor) => consignmentsPage(api, direction, cursor));
  return read && markQueued(read, direction, db);
}

const directionKey = (owner: number, direction: 'OUTGOING' | 'INCOMING') => (direction === 'OUTGOING' ? outgoingKey(owner) : incomingKey(owner));

async function consignmentsPage(api: ApiClient, direction: 'OUTGOING' | 'INCOMING', cursor?: string) {
  const status = direction === 'OUTGOING' ? 'AT_ORIGIN' : 'IN_TRANSIT';
  const page = await api.call('GET /warehouse/consignments', { query: { status, direction, cursor } });
  return { data: page.data.filter((c) => c.direction !== (direction === 'OUTGOING' ? 'INCOMING' : 'OUTGOING')), nextCursor: page.nextCursor };
}

async function markQueued(read: Cached<KeptList<StaffConsignment>> & { fromCache: boolean }, direction: 'OUTGOING' | 'INCOMING', db: AkuafoDb) {
  const mine = await queued(db, HANDOVER_KINDS);
  const kind = direction === 'OUTGOING' ? LOAD_COLLECTED_KIND : LOAD_ARRIVED_KIND;
  return { ...read, value: { ...read.value, items: read.value.items.map((c) => ({ ...c, queued: mine.has(`${kind}:${c.id}`) })) } };
}

/** "Counted in": this line is here; sent when the network allows. */
export function markLineReceived(line: Pick<LineToReceive, 'orderId' | 'itemId' | 'productName' | 'orderNumber'>, db: AkuafoDb = localDb) {
  return enqueue(
    {
      entity: lineEntity(line),
      ...requestFor('POST /warehouse/orders/:orderId/items/:itemId/received', { params: { orderId: line.orderId, itemId: line.itemId } }),
      message: { id: 'outbox.lineReceived', values: { name: line.productName, number: line.orderNumber } },
    },
    undefined,
    db,
  );
}

/**
 * The check of a line at drop-off (issue 41, docs/quality.md): its result, the readings for
 * grains and legumes, notes. Queued like the count-in (the server counts the line in with it);
 * never superseded: every check sent is kept, the newest is the line's. The grade is the
 * server's, from the readings; a refusal (a reading missing, another warehouse) shows once replayed.
 */
export async function checkLineAtDropOff(
  line: Pick<LineToReceive, 'orderId' | 'itemId' | 'productName' | 'orderNumber'>,
  check: { result: 'PASS' | 'FAIL'; moisturePct?: number; foreignMatterPct?: number; notes?: string; photo?: Blob },
  db: AkuafoDb = localDb,
) {
  // A photo goes first, under a name this phone gives it, so the check queued after it can point at it offline.
  const photo = check.photo ? await queueCheckPhoto(check.photo, line, db) : undefined;
  const body = {
    result: check.result,
    ...(check.moisturePct === undefined ? {} : { moisturePct: check.moisturePct }),
    ...(check.foreignMatterPct === undefined ? {} : { foreignMatterPct: check.foreignMatterPct }),
    ...(check.notes?.trim() ? { notes: check.notes.trim() } : {}),
    ...(photo ? { photo } : {}),
  };
  return enqueue(
    {
      entity: `${LINE_CHECKED_KIND}:${line.orderId}-${line.itemId}`,
      ...requestFor('POST /warehouse/orders/:orderId/items/:itemId/check', { params: { orderId: line.orderId, itemId: line.itemId }, body }),
      message: { id: check.result === 'PASS' ? 'outbox.lineCheckedPass' : 'outbox.lineCheckedFail', values: { name: line.productName, number: line.orderNumber } },
    },
    undefined,
    db,
  );
}

/**
 * Queues a photo of the goods (issue 41: optional on a check), sent like a seller's product
 * photos (multipart, the blob kept in the entry), under a ref this phone makes (a UUID): the
 * server keeps it for this account only, and the check or refusal names it. Answers the ref.
 */
export async function queueCheckPhoto(photo: Blob, line: Pick<LineToReceive, 'productName' | 'orderNumber'>, db: AkuafoDb = localDb): Promise<string> {
  const ref = crypto.randomUUID();
  await enqueue(
    {
      entity: `${CHECK_PHOTO_KIND}:${ref}`,
      ...requestFor('POST /warehouse/photos', { form: new FormData() }),
      body: { ref },
      files: [{ field: 'images', blob: photo, name: 'photo.jpg' }],
      message: { id: 'outbox.checkPhoto', values: { name: line.productName, number: line.orderNumber } },
    },
    undefined,
    db,
  );
  return ref;
}

/** A photo sent straight away (the pickup counter, which needs the network anyway): answers its ref. */
export async function sendCheckPhoto(api: ApiClient, photo: Blob): Promise<string> {
  const ref = crypto.randomUUID();
  const form = new FormData();
  form.append('ref', ref);
  form.append('images', photo, 'photo.jpg');
  await api.call('POST /warehouse/photos', { form }, { headers: { 'Idempotency-Key': crypto.randomUUID() } });
  return ref;
}

/** The transporter took this load (OUTGOING), against the collection code the transporter shows. */
export function markCollected(consignment: Pick<StaffConsignment, 'id' | 'orderNumber'>, code: string, db: AkuafoDb = localDb) {
  return enqueue(
    {
      entity: `${LOAD_COLLECTED_KIND}:${consignment.id}`,
      ...requestFor('POST /warehouse/consignments/:id/collected', { params: { id: consignment.id }, body: { code: code.trim() } }),
      message: { id: 'outbox.loadCollected', values: { number: consignment.orderNumber } },
    },
    undefined,
    db,
  );
}

/** This load reached here (INCOMING), against the delivery code the transporter shows. */
export function markArrived(consignment: Pick<StaffConsignment, 'id' | 'orderNumber'>, code: string, db: AkuafoDb = localDb) {
  return enqueue(
    {
      entity: `${LOAD_ARRIVED_KIND}:${consignment.id}`,
      ...requestFor('POST /warehouse/consignments/:id/arrived', { params: { id: consignment.id }, body: { code: code.trim() } }),
      message: { id: 'outbox.loadArrived', values: { number: consignment.orderNumber } },
    },
    undefined,
    db,
  );
}

/**
 * The buyer's pickup is not queued: the goods leave the counter only once the server has taken
 * the code, so it needs the network (an offline "collected" could hand an order to the wrong person).
 */
export async function handOverPickup(api: ApiClient, orderId: number, code: string) {
  return (await api.call('POST /admin/orders/:id/pickup', { params: { id: orderId }, body: { code: code.trim() } })).data;
}

// Sent or refused, an entry changes the lists: read them again when the network allows.
const reread = (what: (api: ApiClient, owner: number, db: AkuafoDb) => Promise<unknown>) => async (entry: OutboxEntry, { api, db }: { api: ApiClient; db: AkuafoDb }) => {
  const owner = (entry as OutboxEntry & { owner?: number }).owner;
  if (owner === undefined) return;
  await what(api, owner, db).catch(() => undefined);
};
const rereadLines = reread(refreshLinesToReceive);
const rereadOutgoing = reread((api, owner, db) => refreshConsignments(api, owner, 'OUTGOING', db));
const rereadIncoming = reread((api, owner, db) => refreshConsignments(api, owner, 'INCOMING', db));

export const lineReceivedKind = defineOutboxKind({ kind: LINE_RECEIVED_KIND, onSent: (_answer, entry, context) => rereadLines(entry, context), onRefused: rereadLines });
// A photo sent: nothing to keep (the check that names it follows); refused (not an image), the check naming it is refused after it, and both show.
export const checkPhotoKind = defineOutboxKind({ kind: CHECK_PHOTO_KIND });
export const lineCheckedKind = defineOutboxKind({ kind: LINE_CHECKED_KIND, onSent: (_answer, entry, context) => rereadLines(entry, context), onRefused: rereadLines });
export const loadCollectedKind = defineOutboxKind({ kind: LOAD_COLLECTED_KIND, onSent: (_answer, entry, context) => rereadOutgoing(entry, context), onRefused: rereadOutgoing });
export const loadArrivedKind = defineOutboxKind({ kind: LOAD_ARRIVED_KIND, onSent: (_answer, entry, context) => rereadIncoming(entry, context), onRefused: rereadIncoming });

/** The pickup counter's lines of an order (needs the network, like the pickup itself). */
export async function pickupLinesOf(api: ApiClient, orderId: number) {
  return (await api.call('GET /warehouse/orders/:orderId/pickup-lines', { params: { orderId } })).data;
}

/** Refuses a line at the pickup counter: straight to the server, so the buyer sees the answer before leaving. */
export async function refusePickupLine(api: ApiClient, orderId: number, itemId: number, reason: string, photo?: Blob) {
  const ref = photo ? await sendCheckPhoto(api, photo) : undefined;
  return (await api.call('POST /warehouse/orders/:orderId/items/:itemId/refusal', { params: { orderId, itemId }, body: { reason, ...(ref ? { photo: ref } : {}) } })).data;
}

/** Failed lots at this warehouse waiting for their seller (issue 41 item 2): the last pull opens offline. */
export function refreshLotsToReturn(api: ApiClient, owner: number, db: AkuafoDb = localDb) {
  return readThrough(db, owner, returnsKey(owner), async () => (await api.call('GET /warehouse/returns')).data);
}

/**
 * Hands a failed lot back to its seller, against the code texted to the seller. Not queued, like
 * the buyer's pickup: the goods leave the counter only once the server has taken the code, so a
 * wrong code is told while the seller is still standing there (an offline "handed back" could
 * give the goods to whoever claims them).
 */
export async function handBackLot(api: ApiClient, orderId: number, itemId: number, code: string) {
  return (await api.call('POST /warehouse/orders/:orderId/items/:itemId/returned', { params: { orderId, itemId }, body: { code: code.trim() } })).data;
}
