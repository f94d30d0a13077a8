import type { ReviewInput } from '../shared/schemas/reviews';
import { requestFor } from '../shared/api/path';
import { fetchProductDetail } from './catalogue-detail';
import { localDb, type AkuafoDb, type OutboxEntry } from './db';
import { defineOutboxKind, enqueue, type OutboxContext } from './outbox';

/**
 * Reviews written on the phone. A review is an outbox entry (entity 'review:<productId>'):
 * it shows at once as the user's ('You'), is sent when the network allows, and afterwards
 * the product's detail is read again so the page shows what the server holds.
 */
export const reviewEntity = (productId: number) => `review:${productId}` as const;

/** A review still on the phone: waiting to be sent, or refused by the server (with why). */
export interface PendingReview {
  seq: number;
  productId: number;
  rating: number;
  comment: string;
  createdAt: string;
  status: OutboxEntry['status'];
  error?: string;
}

/** Queues a validated review; the Write a Review form closes because canReview turns false here. */
export async function submitReview(input: ReviewInput, productName: string, db: AkuafoDb = localDb): Promise<OutboxEntry> {
  return enqueue(
    { entity: reviewEntity(input.productId), ...requestFor('POST /reviews', { body: input }), message: { id: 'outbox.review', values: { name: productName } } },
    async () => {
      await db.productDetails.update(input.productId, { canReview: false });
    },
    db,
  );
}

export async function pendingReviews(productId: number, db: AkuafoDb = localDb): Promise<PendingReview[]> {
  const entries = await db.outbox.where('entity').equals(reviewEntity(productId)).sortBy('seq');
  return entries.map((entry) => {
    const body = entry.body as ReviewInput;
    return { seq: entry.seq!, productId, rating: body.rating, comment: body.comment, createdAt: entry.createdAt, status: entry.status, error: entry.error };
  });
}

const productIdOf = (entry: OutboxEntry) => Number(entry.entity.split(':')[1]);

// After a send, or a refusal or discard, show the server's truth: its reviews and canReview.
const reread = async (entry: OutboxEntry, { api, db }: OutboxContext) => {
  await fetchProductDetail(api, productIdOf(entry), db);
};
export const reviewKind = defineOutboxKind({
  kind: 'review',
  onSent: (_answer, entry, context) => reread(entry, context),
  onRefused: reread,
});
