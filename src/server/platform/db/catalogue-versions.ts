import { sql } from 'kysely';
import type { Db } from './index';

/**
 * Every catalogue change takes the next value of one counter, so the local mirror can ask
 * for "everything after version N". Call inside the transaction that makes the change.
 */
export async function nextCatalogueVersion(trx: Db): Promise<number> {
  countCatalogueVersion();
  const row = await trx
    .updateTable('counters')
    .set({ value: sql`value + 1` })
    .where('name', '=', 'catalogue')
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

let versionsTaken = 0;

/** For a statement that takes a version itself (reserveStock on PostgreSQL): counted like nextCatalogueVersion's. */
export function countCatalogueVersion(): void {
  versionsTaken += 1;
}

/**
 * How many versions this process has taken so far: a change here, by a request or by
 * background work, tells the public read caches to look at the head again (modules/catalogue/head.ts).
 */
export const catalogueVersionsTaken = () => versionsTaken;

export async function currentCatalogueVersion(db: Db): Promise<number> {
  const row = await db.selectFrom('counters').select('value').where('name', '=', 'catalogue').executeTakeFirst();
  return Number(row?.value ?? 0);
}
