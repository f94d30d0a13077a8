import type { Kysely, Migration } from 'kysely';
import { FEED_EPOCH, newEpoch } from './feed-epoch';

/**
 * 022_feed_epoch: the phones' feeds answer an epoch beside their cursor (./feed-epoch.ts), so a
 * phone whose cursor comes from a history the database no longer has (a restore) starts again.
 */
export const feedEpochMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.insertInto('counters').values({ name: FEED_EPOCH, value: newEpoch() }).execute();
  },
};
