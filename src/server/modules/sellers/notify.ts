import type { Db } from '../../platform/db';
import { queueEmail } from '../../platform/messages';

/** Tells a seller what the operator decided about their account, through the message outbox. */
export async function notifySeller(db: Db, publicUrl: string, sellerId: number, subject: string, lines: string[]) {
  const user = await db.selectFrom('users').select(['email', 'first_name']).where('id', '=', sellerId).executeTakeFirst();
  if (!user?.email) return;
  await queueEmail(db, {
    topic: 'sellers',
    userId: sellerId,
    to: user.email,
    subject,
    text: [`Hello ${user.first_name},`, '', ...lines, '', `Your seller dashboard: ${publicUrl}/sellers/me`].join('\n'),
  });
}
