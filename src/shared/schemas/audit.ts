import * as v from 'valibot';
import { pageParam, pageSizeParam } from './parse';

/** What an operator did; one word each, shown in the console's audit tab. */
export const AUDIT_ACTIONS = ['submission.approve', 'submission.reject', 'seller.verify', 'seller.reject', 'order.status', 'order.line', 'payout.run', 'payout.retry', 'ussd.order', 'ussd.listing', 'ussd.seller', 'transport.tariff', 'transport.distance', 'warehouse.staff.assign', 'warehouse.staff.remove', 'transporter.verify', 'transporter.reject', 'transport.reassign', 'order.refusal', 'transport.lost'] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_PAGE_SIZE = 25;

/** GET /admin/audit: newest first, optionally of one action. */
export const auditQuerySchema = v.object({
  action: v.optional(v.picklist(AUDIT_ACTIONS, `action must be one of ${AUDIT_ACTIONS.join(', ')}`)),
  page: pageParam(),
  pageSize: pageSizeParam('pageSize', 100, AUDIT_PAGE_SIZE),
});
export type AuditQuery = v.InferOutput<typeof auditQuerySchema>;

export const AUDIT_TARGETS = ['submission', 'seller', 'order', 'payout', 'payouts', 'tariff', 'warehouse', 'user', 'transporter', 'consignment'] as const;

export const auditEntrySchema = v.object({
  id: v.number(),
  at: v.string(),
  actor: v.object({ id: v.number(), email: v.string() }),
  action: v.picklist(AUDIT_ACTIONS),
  target: v.object({ type: v.picklist(AUDIT_TARGETS), id: v.number() }),
  /** The note, the new status: what the operator chose. */
  detail: v.nullable(v.string()),
});
export type AuditEntry = v.InferOutput<typeof auditEntrySchema>;
