import { sql, type SelectQueryBuilder } from 'kysely';

/** How many rows a filtered list has before its page is cut (for the page's pagination). */
export async function countRows<DB, TB extends keyof DB, O>(base: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  // Generic over the table, Kysely cannot name the selection: the shape is ours.
  const row = (await base.clearSelect().select(sql<number | string>`count(*)`.as('count')).executeTakeFirstOrThrow()) as { count: number | string };
  return Number(row.count);
}
