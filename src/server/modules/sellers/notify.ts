import type { Db } from '../../platform/db';
import { queueEmail } from '../../platform/messages';
import { sellerMailWords } from './seller-mail-words';

/** Tells a seller what the operator decided about their account, in the seller's language, through the message outbox. */
export async function notifySeller(db: Db, publicUrl: string, sellerId: number, decision: 'VERIFIED' | 'REJECTED') {
  const user = await db.selectFrom('users').select(['email', 'first_name', 'language']).where('id', '=', sellerId).executeTakeFirst();
  if (!user?.email) return;
  const say = sellerMailWords(user.language);
  await queueEmail(db, {
    topic: 'sellers',
    userId: sellerId,
    to: user.email,
    subject: say.decision[decision].subject,
    text: [say.hello(user.first_name), '', ...say.decision[decision].lines, '', `${say.dashboard} ${publicUrl}/sellers/me`].join('\n'),
  });
}
