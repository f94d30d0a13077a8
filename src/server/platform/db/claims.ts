import { sql } from 'kysely';
import type { Db, Dialect } from './index';
import { inTransaction } from './transactions';

/** The tables of work that a job sends to a provider: a status, a due time, a lease and a count of attempts. */
export type ClaimableTable = 'payouts' | 'refunds';

export interface Claim {
  /** The rows this instance now holds, with their attempt counted. */
  rows: { id: number; attempts: number }[];
  /** Some due rows were seen but another instance took them first: there may be more to take. */
  raced: boolean;
}

/**
 * Takes up to `limit` due rows of a job's table for this instance, in one short transaction.
 * On PostgreSQL the rows are locked with FOR UPDATE SKIP LOCKED, so instances racing for them
 * each get different ones; the lease (claimed_until) then keeps them this instance's while it
 * calls the provider outside the transaction. SQLite has one writer at a time, and the UPDATE
 * re-checks the lease, so a row is never claimed twice.
 */
export async function claimDue(db: Db, dialect: Dialect, table: ClaimableTable, options: { statuses: string[]; at: Date; leaseMs: number; limit: number }): Promise<Claim> {
  const moment = options.at.toISOString();
  // The lease runs from now: `at` is when the run began (what is due), and a batch claimed
  // minutes into a long run would otherwise hold a lease already over, free to a second instance.
  const until = new Date(Math.max(options.at.getTime(), Date.now()) + options.leaseMs).toISOString();
  // Both tables have these columns; Kysely is told one of them so it can type the query.
  const t = table as 'refunds';
  return inTransaction(db, async (trx) => {
    let due = trx
      .selectFrom(t)
      .select('id')
      .where('status', 'in', options.statuses)
      .where('next_attempt_at', '<=', moment)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', moment)]))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(options.limit);
    if (dialect === 'postgres') due = due.forUpdate().skipLocked();
    const ids = (await due.execute()).map((r) => r.id);
    if (ids.length === 0) return { rows: [], raced: false };
    const rows = await trx
      .updateTable(t)
      .set({ claimed_until: until, attempts: sql`attempts + 1` })
      .where('id', 'in', ids)
      .where('status', 'in', options.statuses)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', moment)]))
      .returning(['id', 'attempts'])
      .execute();
    return { rows: rows.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id)), raced: rows.length < ids.length };
  });
}
