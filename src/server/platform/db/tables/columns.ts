import type { Generated } from 'kysely';

/**
 * Column types every table file uses. Times are ISO-8601 UTC text and flags are 0/1 integers
 * on both SQLite and PostgreSQL, so one set of queries serves both. Money is integer pesewas.
 */
export type Id = Generated<number>;
export type Flag = number;
