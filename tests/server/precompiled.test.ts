import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompiled } from '../../src/server/platform/db/precompiled';
import { WriteBatch } from '../../src/server/platform/db/write-batch';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(() => server.close());

/** precompiled(): a hot statement built and compiled once, run with each call's values, on either database. */
describe('precompiled statements', () => {
  it('are built once and run with each call’s values, a value used twice in both places, fixed values kept', async () => {
    let builds = 0;
    const bump = precompiled<'bucket' | 'end', { hits: number; window_ends_at: string }>((db, p) => {
      builds += 1;
      return db
        .insertInto('rate_limits')
        .values({ bucket: p('bucket'), hits: 1, window_ends_at: p('end') })
        .onConflict((oc) => oc.column('bucket').doUpdateSet({ hits: sql<number>`rate_limits.hits + 1`, window_ends_at: sql<string>`case when ${p('end')} > rate_limits.window_ends_at then ${p('end')} else rate_limits.window_ends_at end` }))
        .returning(['hits', 'window_ends_at']);
    });
    const db = server.deps.db;
    const a = `precompiled-a-${Math.random()}`;
    const b = `precompiled-b-${Math.random()}`;
    expect((await bump(db, { bucket: a, end: '2030-01-01' })).rows).toEqual([{ hits: 1, window_ends_at: '2030-01-01' }]);
    expect((await bump(db, { bucket: a, end: '2031-01-01' })).rows).toEqual([{ hits: 2, window_ends_at: '2031-01-01' }]);
    expect((await bump(db, { bucket: b, end: '2029-01-01' })).rows).toEqual([{ hits: 1, window_ends_at: '2029-01-01' }]);
    // In a transaction too (the same dialect, so the same compiled statement).
    await db.transaction().execute(async (trx) => {
      expect((await bump(trx, { bucket: b, end: '2028-01-01' })).rows).toEqual([{ hits: 2, window_ends_at: '2029-01-01' }]);
    });
    expect(builds).toBe(1);
  });

  it('hand a WriteBatch the statement with each call’s values (query), not run until the batch flushes', async () => {
    const db = server.deps.db;
    const touch = precompiled((d, p: (name: 'bucket' | 'end') => never) => d.insertInto('rate_limits').values({ bucket: p('bucket'), hits: 7, window_ends_at: p('end') }));
    const keys = [`precompiled-q1-${Math.random()}`, `precompiled-q2-${Math.random()}`];
    const batch = new WriteBatch(db);
    for (const key of keys) batch.add(touch.query(db, { bucket: key, end: '2032-01-01' }));
    expect(await db.selectFrom('rate_limits').select('bucket').where('bucket', 'in', keys).execute()).toEqual([]);
    await batch.flush();
    const rows = await db.selectFrom('rate_limits').select(['bucket', 'hits', 'window_ends_at']).where('bucket', 'in', keys).orderBy('bucket').execute();
    expect(rows).toEqual(keys.toSorted().map((bucket) => ({ bucket, hits: 7, window_ends_at: '2032-01-01' })));
  });
});
