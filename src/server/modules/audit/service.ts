import { paginate, type Page } from '../../../shared/pagination';
import type { AuditAction, AuditEntry, AuditQuery } from '../../../shared/schemas/audit';
import type { AuthUser } from '../../platform/auth/tokens';
import { now, type Db } from '../../platform/db';
import { countRows } from '../../platform/db/paging';

/**
 * Records an operator's action. Call it with the transaction of the action itself, so the
 * record and the change commit together or not at all.
 */
export async function recordAudit(trx: Db, actor: AuthUser, action: AuditAction, target: AuditEntry['target'], detail?: string | null) {
  await auditRow(trx, actor, action, target, detail).execute();
}

/** The audit row as an insert not yet run, for a caller that writes it with other rows (a WriteBatch). */
export function auditRow(trx: Db, actor: AuthUser, action: AuditAction, target: AuditEntry['target'], detail?: string | null) {
  return trx
    .insertInto('audit_log')
    .values({ actor_id: actor.id, actor_email: actor.email, action, target_type: target.type, target_id: target.id, detail: detail ?? null, created_at: now() });
}

export async function listAudit(db: Db, query: AuditQuery): Promise<Page<AuditEntry>> {
  let base = db.selectFrom('audit_log');
  if (query.action) base = base.where('action', '=', query.action);
  const count = await countRows(base);
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  const data = rows.map((r): AuditEntry => ({
    id: r.id,
    at: r.created_at,
    actor: { id: r.actor_id, email: r.actor_email },
    action: r.action as AuditAction,
    target: { type: r.target_type as AuditEntry['target']['type'], id: r.target_id },
    detail: r.detail,
  }));
  return { data, pagination: paginate(query.page, query.pageSize, Number(count)) };
}
