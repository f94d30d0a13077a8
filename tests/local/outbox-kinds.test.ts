import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../src/local/api';
import { AkuafoDb } from '../../src/local/db';
import { definedKinds, enqueue, loadOutboxKindsWith } from '../../src/local/outbox';
// Only the replayer, as a page's background work loads it: no module of any kind is imported here.
import { replayExclusively } from '../../src/local/replayer';

loadOutboxKindsWith(() => import('../../src/local/outbox-kinds'));

describe('whoever replays the outbox', () => {
  it('reads a product again after sending a review queued by another page, and knows every kind', async () => {
    const db = new AkuafoDb(`outbox-kinds-${Math.random()}`);
    // With nothing queued, a replay loads no kind.
    await replayExclusively(createApiClient({ origin: 'http://test.local' }), db);
    expect(definedKinds()).toEqual([]);
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
    // Every kind the registry names is defined, under the name it is exported as.
    // (Read as plain values: the module's type-only self-import otherwise joins the union.)
    const registry = Object.values(await import('../../src/local/outbox-kinds')) as Array<{ kind: string }>;
    expect(registry.length).toBeGreaterThan(0);
    expect(definedKinds()).toEqual(registry.map((k) => k.kind).sort());
  });
});
