import type { AdminMessage } from '../../../shared/schemas/notifications';
import { conflict, notFound } from '../../http/errors';
import { now, type Db } from '../../platform/db';

/** The operator's view of the message outbox: the newest 200 of one status (QUEUED includes SENDING). */
export async function listMessages(db: Db, status: 'QUEUED' | 'FAILED' | 'SENT'): Promise<AdminMessage[]> {
  const rows = await db
    .selectFrom('messages')
    .selectAll()
    .where('status', 'in', status === 'QUEUED' ? ['QUEUED', 'SENDING'] : [status])
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
  return rows.map((r) => ({
    id: r.id, channel: r.channel, recipient: r.recipient, subject: r.subject, body: r.body, status: r.status, attempts: r.attempts,
    nextAttemptAt: r.next_attempt_at, lastError: r.last_error, createdAt: r.created_at, sentAt: r.sent_at,
  }));
}

/** Queues a failed message again, its attempts from zero; any other status is a 409. */
export async function retryMessage(db: Db, id: number): Promise<void> {
  const row = await db.selectFrom('messages').select('status').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Message not found');
  const at = now();
  const retried = await db
    .updateTable('messages')
    .set({ status: 'QUEUED', attempts: 0, next_attempt_at: at, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'FAILED')
    .executeTakeFirst();
  if (Number(retried.numUpdatedRows) !== 1) throw conflict(`Only a failed message can be retried; this one is ${row.status}.`);
}
