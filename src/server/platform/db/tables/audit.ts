import type { Id } from './columns';

/** The tables modules/audit owns; another module gets their types through its face (index.ts). */

export interface AuditLogTable {
  id: Id;
  actor_id: number;
  actor_email: string;
  action: string;
  target_type: string;
  target_id: number;
  detail: string | null;
  created_at: string;
}

/** Their names, as `Database` (../schema.ts) composes them. */
export interface AuditTables {
  audit_log: AuditLogTable;
}
