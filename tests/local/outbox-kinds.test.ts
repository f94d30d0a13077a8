import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/local/api';
import { AkuafoDb } from '../../src/local/db';
import { enqueue, kindsWithHooks } from '../../src/local/outbox';
// Only the replayer, as the service worker loads it: no page module of any kind is imported here.
import { replayExclusively } from '../../src/local/replayer';

describe('whoever replays the outbox', () => {
  it('knows what to do after every kind of queued change', () => {
    expect(kindsWithHooks()).toEqual(['cart', 'notifications', 'order', 'profile', 'review', 'seller-profile', 'submission', 'wishlist']);
  });

  it('reads a product again after sending a review queued by another page', async () => {
    const db = new AkuafoDb(`outbox-kinds-${Math.random()}`);
    const calls: string[] = [];
    const detail = { id: 12, name: 'Gari', reviews: [{ id: 1, rating: 4, comment: 'Dry and clean.' }], canReview: false };
    const api = createApiClient({
      origin: 'http://test.local',
      fetch: async (input, init) => {
        const request = input instanceof Request ? input : new Request(input, init);
        calls.push(`${request.method} ${new URL(request.url).pathname}`);
        if (request.method === 'POST') return Response.json({ data: { id: 1 } }, { status: 201 });
        return Response.json({ data: detail });
      },
    });
    await enqueue({ entity: 'review:12', method: 'POST', path: 'products/12/reviews', body: { rating: 4, comment: 'Dry and clean.' }, label: 'Review of Gari' }, undefined, db);

    const result = await replayExclusively(api, db);

    expect(result.sent).toBe(1);
    expect(calls).toEqual(['POST /api/v1/products/12/reviews', 'GET /api/v1/products/12']);
    expect(await db.productDetails.get(12)).toMatchObject({ reviews: [{ comment: 'Dry and clean.' }] });
  });
});
