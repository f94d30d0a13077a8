import type { Generated } from 'kysely';

/**
 * Column types every table file uses. Times are ISO-8601 UTC text and flags are 0/1 integers
 * on both SQLite and PostgreSQL, so one set of queries serves both. Money is integer pesewas.
 */
export type Id = Generated<number>;
export type Flag = number;

/** The columns of a row a background job works through and retries (a refund, a payout). */
export interface RetriedWork {
  attempts: Generated<number>;
  next_attempt_at: string;
  /** A job instance working on this row until then; another instance leaves it alone. */
  claimed_until: string | null;
  last_error: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}
