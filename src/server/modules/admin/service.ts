import type { AdminMessage } from '../../../shared/schemas/notifications';
import type { AdminSeller, VerificationStatus } from '../../../shared/schemas/sellers';
import { conflict, notFound } from '../../http/errors';
import { now, type Db } from '../../platform/db';

/** Sellers for the verification desk, oldest first, optionally of one status (at most 200). */
export async function listSellersForReview(db: Db, status: VerificationStatus | undefined): Promise<AdminSeller[]> {
  let query = db
    .selectFrom('seller_profiles')
    .innerJoin('users', 'users.id', 'seller_profiles.user_id')
    .select([
      'users.id as userId',
      'users.email',
      'users.phone',
      'users.first_name as firstName',
      'users.last_name as lastName',
      'users.is_email_verified as isEmailVerified',
      'seller_profiles.business_name as businessName',
      'seller_profiles.business_region as businessRegion',
      'seller_profiles.ghana_card_number as ghanaCardNumber',
      'seller_profiles.verification_status as verificationStatus',
      'seller_profiles.created_at as joinedDate',
    ])
    .orderBy('seller_profiles.created_at', 'asc');
  if (status) query = query.where('seller_profiles.verification_status', '=', status);
  const rows = await query.limit(200).execute();
  return rows.map((r) => ({ ...r, isEmailVerified: r.isEmailVerified === 1 }));
}

/** The message outbox as the operator sees it: one status (QUEUED includes those being sent), newest first. */
export async function listOutboxMessages(db: Db, status: 'QUEUED' | 'FAILED' | 'SENT'): Promise<AdminMessage[]> {
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

/** A failed message queued again from its first attempt; any other is refused (409). */
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
