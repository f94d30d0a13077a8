import { randomInt } from 'node:crypto';
import type { Kysely, Migration } from 'kysely';

/**
 * 022_feed_epoch: the phones' feeds answer an epoch beside their cursor (platform/db/feed-epoch.ts), so a
 * phone whose cursor comes from a history the database no longer has (a restore) starts again.
 * The counter's name and a random first epoch are written out here rather than imported from
 * feed-epoch.ts, so this migration stays as it shipped whatever that file becomes.
 */
export const migration = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.insertInto('counters').values({ name: 'feed_epoch', value: randomInt(1, 2_147_483_647) }).execute();
  },
});
