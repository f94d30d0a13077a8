import { randomInt } from 'node:crypto';
import type { Db } from './index';

/**
 * The feeds' epoch: one number per database history, answered beside the cursor by the phones'
 * feeds (the catalogue's and the price index's). A database restored from a backup goes back
 * in versions, and a phone's cursor from the lost history would skip every new version up to
 * it; a phone that sees another epoch than it pulled under, or a head below its cursor, starts
 * its mirror again (src/local/feed-epoch.ts). A restore starts a new epoch with
 * `npm run feeds:restart` (docs/deployment.md); the head check covers a restore without it
 * until the new history passes the phone's cursor.
 */
export const FEED_EPOCH = 'feed_epoch';

/** A new epoch: random, so a second restore from the same backup gets another one too. */
export const newEpoch = () => randomInt(1, 2_147_483_647);

export async function feedEpoch(db: Db): Promise<number> {
  const row = await db.selectFrom('counters').select('value').where('name', '=', FEED_EPOCH).executeTakeFirst();
  return Number(row?.value ?? 0);
}

/** Every phone's mirrors start again at their next pull; returns the new epoch. */
export async function startNewFeedEpoch(db: Db): Promise<number> {
  const epoch = newEpoch();
  await db.updateTable('counters').set({ value: epoch }).where('name', '=', FEED_EPOCH).execute();
  return epoch;
}
