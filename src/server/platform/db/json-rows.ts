import { sql, type OperationNode, type RawBuilder } from 'kysely';

/**
 * PostgreSQL: a read's rows as one JSON array value (`[]` when none), to carry several reads in
 * one statement: as columns of one row (readAllOffLoop) or of each row a statement reads
 * (a search's page, catalogue/serialize.ts). Each read keeps its own parameters, numbered by
 * Kysely across the whole statement.
 */
export function jsonRows(read: { toOperationNode(): OperationNode } | OperationNode): RawBuilder<unknown[]> {
  const node = 'toOperationNode' in read ? read : { toOperationNode: () => read };
  return sql<unknown[]>`(select coalesce(json_agg(r), '[]'::json) from (${node}) as r)`;
}
