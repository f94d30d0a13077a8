import type { Page } from '../shared/pagination';
import {
  SELLER_PRODUCTS_PAGE_SIZE,
  type SellerSubmission,
  type SubmissionListQueryInput,
  type SubmissionUpdateInput,
} from '../shared/schemas/submissions';
import { ApiError, type ApiClient } from './api';
import { getMeta, localDb, setMeta, type AkuafoDb, type Draft } from './db';
import { accountOf, keepForSession, readSession } from './session';
import { defineOutboxKind, enqueueWith } from './outbox';
import { requestFor } from '../shared/api/path';

/**
 * A seller's products on the phone. A new product is a draft (fields and image Blobs in
 * db.drafts) plus an outbox entry that sends it as multipart; it works the same online and
 * offline, and the draft goes away once the server has the product. Edits and deletes of
 * existing products need the network (the operator reviews against the server's copy).
 */
export const SUBMISSION_KIND = 'submission';

export interface SubmissionDraftFields {
  name: string;
  description: string;
  category: string;
  /** Drafts saved before these existed have none: the server then uses `standard` and the seller's region. */
  condition?: string;
  region?: string;
  /** The market price commodity ('' = none). */
  commodityId?: string;
  /** kg per unit for transport fees ('' = the default from name and category, docs/transport.md). */
  unitWeightKg?: string;
  price: string;
  stockQuantity: string;
  currency: 'GHS';
}

interface DraftData {
  fields: SubmissionDraftFields;
  imageNames: string[];
  /** The server's reason, once it refused the draft. */
  error?: string;
}

export interface PendingSubmission {
  localId: number;
  fields: SubmissionDraftFields;
  images: Blob[];
  state: 'waiting' | 'failed';
  error?: string;
  /** The outbox entry, for Retry and Discard. */
  seq?: number;
  createdAt: string;
}

const entityOf = (localId: number) => `${SUBMISSION_KIND}:${localId}` as const;
const localIdOf = (entity: string) => Number(entity.split(':')[1]);

/** Keeps the product as a draft and queues it; the replayer sends it when it can. */
export async function queueSubmission(
  fields: SubmissionDraftFields,
  images: { blob: Blob; name: string }[],
  db: AkuafoDb = localDb,
) {
  return enqueueWith(async () => {
    const draft: Draft = {
      kind: SUBMISSION_KIND,
      data: { fields, imageNames: images.map((i) => i.name) } satisfies DraftData,
      images: images.map((i) => i.blob),
      updatedAt: new Date().toISOString(),
    };
    const localId = (await db.drafts.add(draft)) as number;
    return {
      entity: entityOf(localId),
      // Sent as multipart: the fields beside the photos (outbox.ts builds the form from both).
      ...requestFor('POST /product-submissions', { form: new FormData() }),
      body: { ...fields },
      files: images.map((i) => ({ field: 'images', blob: i.blob, name: i.name })),
      message: { id: 'outbox.submission', values: { name: fields.name } },
    };
  }, db);
}

export const submissionKind = defineOutboxKind({
  kind: SUBMISSION_KIND,
  onSent: async (_answer, entry, { db }) => {
    await db.drafts.delete(localIdOf(entry.entity));
  },
  onRefused: async (entry, { db, error }) => {
    const localId = localIdOf(entry.entity);
    // Discarded (no error): the seller gave up on it. Refused: keep it, with the reason.
    if (!error) {
      await db.drafts.delete(localId);
      return;
    }
    const draft = await db.drafts.get(localId);
    if (draft) await db.drafts.update(localId, { data: { ...(draft.data as DraftData), error: error.message } });
  },
});

/** Drafts still on their way (or refused), newest first. Read-only: safe in a live query. */
export async function pendingSubmissions(db: AkuafoDb = localDb): Promise<PendingSubmission[]> {
  const [drafts, entries] = await Promise.all([
    db.drafts.where('kind').equals(SUBMISSION_KIND).toArray(),
    db.outbox.toArray(),
  ]);
  const entryByEntity = new Map(entries.filter((e) => e.entity.startsWith(`${SUBMISSION_KIND}:`)).map((e) => [e.entity, e]));
  const pending: PendingSubmission[] = [];
  for (const draft of drafts) {
    const entry = entryByEntity.get(entityOf(draft.localId!));
    if (!entry) continue;
    const data = draft.data as DraftData;
    pending.push({
      localId: draft.localId!,
      fields: data.fields,
      images: draft.images,
      state: entry.status === 'failed' ? 'failed' : 'waiting',
      error: entry.error ?? data.error,
      seq: entry.seq,
      createdAt: draft.updatedAt,
    });
  }
  return pending.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/**
 * Removes drafts whose outbox entry is gone: they were sent (or discarded) while no hook was
 * listening, e.g. by the service worker or before this module loaded.
 */
export async function dropSentDrafts(db: AkuafoDb = localDb): Promise<number> {
  return db.transaction('rw', db.drafts, db.outbox, async () => {
    const entities = new Set((await db.outbox.toArray()).map((e) => e.entity));
    const drafts = await db.drafts.where('kind').equals(SUBMISSION_KIND).toArray();
    const sent = drafts.filter((d) => !entities.has(entityOf(d.localId!))).map((d) => d.localId!);
    await db.drafts.bulkDelete(sent);
    return sent.length;
  });
}

export type Delivery = { state: 'sent' } | { state: 'waiting' } | { state: 'failed'; error: string; seq: number };

/** Where a queued entry stands now. */
export async function deliveryOf(entryId: string, db: AkuafoDb = localDb): Promise<Delivery> {
  const entry = await db.outbox.where('id').equals(entryId).first();
  if (!entry) return { state: 'sent' };
  if (entry.status === 'failed') return { state: 'failed', error: entry.error ?? 'The product could not be sent.', seq: entry.seq! };
  return { state: 'waiting' };
}

/** Waits (online) for the replayer to send an entry, up to `timeoutMs`; then says where it stands. */
export async function awaitDelivery(entryId: string, timeoutMs: number, db: AkuafoDb = localDb): Promise<Delivery> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const delivery = await deliveryOf(entryId, db);
    if (delivery.state !== 'waiting' || Date.now() >= deadline) return delivery;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

// ---- Online operations on the server's copy ----

/** fromCache: the copy kept on the phone (offline); otherQuery: a copy of another search or filter, the last list the phone saw. */
export type SubmissionPage = Page<SellerSubmission> & { fromCache?: boolean; otherQuery?: boolean };

/** The list as My Products first shows it (newest first, page 1): the copy the dashboard keeps fresh. */
export const FIRST_PAGE_QUERY: SubmissionListQueryInput = { sortBy: 'createdAt', sortDir: 'desc', page: '1', limit: String(SELLER_PRODUCTS_PAGE_SIZE) };

const listCacheKey = (owner: number, query: SubmissionListQueryInput) =>
  `seller.submissions:${owner}:${JSON.stringify(Object.entries(query).filter(([, v]) => v !== undefined && v !== '').sort())}`;
const lastListKey = (owner: number) => `seller.submissions.last:${owner}`;

/**
 * One page of the seller's products. Offline: the last copy of that same page, or else the
 * last list the phone saw of this seller's (marked otherQuery), so a seller who adds a product
 * offline still sees their products below it.
 */
export async function fetchMySubmissions(
  api: ApiClient,
  owner: number,
  query: SubmissionListQueryInput,
  db: AkuafoDb = localDb,
): Promise<SubmissionPage> {
  // An empty field (no search, any status) is not asked for.
  const wanted = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== '')) as SubmissionListQueryInput;
  const key = listCacheKey(owner, query);
  try {
    const asked = await readSession(db);
    const page = await api.call('GET /product-submissions/seller/me', { query: wanted });
    if (accountOf(asked) === owner) await keepForSession(db, asked, [db.meta], async () => {
      await setMeta(key, page, db);
      await setMeta(lastListKey(owner), page, db);
    });
    return page;
  } catch (error) {
    if (error instanceof ApiError && error.isNetwork) {
      const cached = await getMeta<Page<SellerSubmission>>(key, db);
      if (cached) return { ...cached, fromCache: true };
      const last = await getMeta<Page<SellerSubmission>>(lastListKey(owner), db);
      if (last) return { ...last, fromCache: true, otherQuery: true };
    }
    throw error;
  }
}

/**
 * Makes sure the phone holds a copy of the seller's product list (its first page), so My
 * Products has something to show offline even if never opened online. Costs one request, once.
 */
export async function keepMySubmissionsCopy(api: ApiClient, owner: number, db: AkuafoDb = localDb): Promise<void> {
  if (await getMeta(lastListKey(owner), db)) return;
  await fetchMySubmissions(api, owner, FIRST_PAGE_QUERY, db);
}

export async function updateMySubmission(api: ApiClient, id: number, patch: SubmissionUpdateInput): Promise<SellerSubmission> {
  return (await api.call('PATCH /product-submissions/my-submissions/:id', { params: { id }, body: patch }, { headers: { 'Idempotency-Key': crypto.randomUUID() } })).data;
}

export async function deleteMySubmission(api: ApiClient, id: number): Promise<void> {
  await api.call('DELETE /product-submissions/my-submissions/:id', { params: { id } }, { headers: { 'Idempotency-Key': crypto.randomUUID() } });
}

export async function addMySubmissionImages(api: ApiClient, id: number, files: File[]): Promise<SellerSubmission> {
  const form = new FormData();
  for (const file of files) form.append('images', file, file.name);
  return (await api.call('POST /product-submissions/my-submissions/:id/images', { params: { id }, form }, { headers: { 'Idempotency-Key': crypto.randomUUID() } })).data;
}

export async function deleteMySubmissionImage(api: ApiClient, id: number, imageId: number): Promise<SellerSubmission> {
  return (await api.call('DELETE /product-submissions/my-submissions/:id/images/:imageId', { params: { id, imageId } }, { headers: { 'Idempotency-Key': crypto.randomUUID() } })).data;
}
