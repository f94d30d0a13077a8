/** The platform's own tables (the catalogue counter, idempotency keys, secrets, rate limits). */

export interface CountersTable {
  name: string;
  value: number;
}

export interface IdempotencyKeysTable {
  scope: string;
  idem_key: string;
  method: string;
  path: string;
  status: number;
  body: string;
  created_at: string;
}

export interface SecretsTable {
  name: string;
  value: string;
  created_at: string;
}

export interface RateLimitsTable {
  bucket: string;
  hits: number;
  window_ends_at: string;
}

/** Their names, as `Database` (../schema.ts) composes them. */
export interface PlatformTables {
  counters: CountersTable;
  idempotency_keys: IdempotencyKeysTable;
  secrets: SecretsTable;
  rate_limits: RateLimitsTable;
}
