import { sql, type CompiledQuery, type Kysely, type SelectQueryBuilder } from 'kysely';
import { paginate, type Pagination } from '../../../shared/pagination';

/** How many rows a filtered list has before its page is cut (for the page's pagination). */
export async function countRows<DB, TB extends keyof DB, O>(base: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  // Generic over the table, Kysely cannot name the selection: the shape is ours.
  const row = (await base.clearSelect().select(sql<number | string>`count(*)`.as('count')).executeTakeFirstOrThrow()) as { count: number | string };
  return Number(row.count);
}

/**
 * countRows, stopping at `bound` + 1: the count of a broad search at a million listings is
 * the costly part of its page, and past the bound nobody reads the exact figure.
 */
export async function countRowsUpTo<DB, TB extends keyof DB, O>(
  db: Kysely<DB>,
  base: SelectQueryBuilder<DB, TB, O>,
  bound: number,
  read: <T>(query: CompiledQuery) => Promise<T[]> = async (query) => (await db.executeQuery(query)).rows as never,
): Promise<number> {
  const capped = base.clearSelect().select(sql<number>`1`.as('one')).limit(bound + 1);
  const [row] = await read<{ count: number | string }>(sql`select count(*) as count from (${capped}) as hits`.compile(db));
  return Number(row.count);
}

interface Windowed<R> {
  limit(n: number): Windowed<R>;
  offset(n: number): Windowed<R>;
  execute(): Promise<R[]>;
}

/**
 * One page of a filtered list: `base` is counted, then `ordered(base)` (its selection and sort
 * order) is cut to the page the query asks for.
 */
export async function pageRows<DB, TB extends keyof DB, O, R>(
  base: SelectQueryBuilder<DB, TB, O>,
  query: { page: number; pageSize: number },
  ordered: (base: SelectQueryBuilder<DB, TB, O>) => Windowed<R>,
): Promise<{ rows: R[]; pagination: Pagination }> {
  const count = await countRows(base);
  const rows = await ordered(base).limit(query.pageSize).offset((query.page - 1) * query.pageSize).execute();
  return { rows, pagination: paginate(query.page, query.pageSize, count) };
}
