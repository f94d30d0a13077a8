import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectOf, now } from '../../src/server/platform/db';
import { WriteBatch } from '../../src/server/platform/db/write-batch';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/**
 * WriteBatch (a payment's writes nobody reads back): on PostgreSQL one statement for all of
 * them, each write's parameters in their own places; on SQLite one after another; either way
 * inside the caller's transaction, so a failure rolls every one of them back.
 */
describe('WriteBatch', () => {
  const insert = (db: ReturnType<typeof dbOf>, topic: string, body: string) =>
    db.insertInto('messages').values({ user_id: null, push_subscription_id: null, subject: null, html: null, link: null, channel: 'sms', recipient: '+233241000000', topic, body, status: 'SENT', attempts: 0, next_attempt_at: now(), created_at: now(), updated_at: now() });
  const dbOf = () => server.deps.db;

  it('writes every row as given, with values that look like placeholders kept as text, in one round trip on PostgreSQL', async () => {
    const topic = `batch-${Math.random().toString(36).slice(2)}`;
    const bodies = ['first $1 and $2', 'second', "third's $10"];
    let roundTrips = 0;
    const query = pg.Client.prototype.query;
    await dbOf().transaction().execute(async (trx) => {
      const batch = new WriteBatch(trx);
      for (const body of bodies) batch.add(insert(trx, topic, body));
      batch.add(trx.deleteFrom('messages').where('topic', '=', topic).where('body', '=', 'second'));
      pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
        roundTrips += 1;
        return (query as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof query;
      try {
        await batch.flush();
      } finally {
        pg.Client.prototype.query = query;
      }
    });
    // (Within one statement PostgreSQL may run the writes in any order, so the rows are compared sorted.)
    const rows = await dbOf().selectFrom('messages').select('body').where('topic', '=', topic).orderBy('body').execute();
    // Every write sees the rows as they were before the batch: the delete finds no "second" yet on PostgreSQL.
    if (dialectOf(dbOf()) === 'postgres') {
      expect(roundTrips).toBe(1);
      expect(rows.map((r) => r.body)).toEqual([...bodies].sort());
    } else {
      expect(rows.map((r) => r.body)).toEqual(['first $1 and $2', "third's $10"]);
    }
  });

  it('rolls back with the transaction it belongs to', async () => {
    const topic = `batch-${Math.random().toString(36).slice(2)}`;
    await expect(
      dbOf().transaction().execute(async (trx) => {
        const batch = new WriteBatch(trx);
        batch.add(insert(trx, topic, 'a'));
        batch.add(insert(trx, topic, 'b'));
        await batch.flush();
        throw new Error('the change failed after its writes');
      }),
    ).rejects.toThrow('the change failed');
    expect(await dbOf().selectFrom('messages').select('id').where('topic', '=', topic).execute()).toEqual([]);
  });
});
