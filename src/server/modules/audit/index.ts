/** The record of operators' actions: written in the action's own transaction. */
export { auditRow, listAudit, recordAudit } from './service';
