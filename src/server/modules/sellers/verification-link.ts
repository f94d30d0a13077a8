import { createHash, randomBytes } from 'node:crypto';
import { VERIFICATION_LINK_HOURS } from '../../../shared/schemas/sellers';
import { now, type Db } from '../../platform/db';
import { queueEmail } from '../../platform/messages';
import { sellerMailWords } from './seller-mail-words';

/**
 * The seller's e-mail verification link: a random token mailed once, kept only as its
 * SHA-256 in one_time_codes, valid for 24 hours and good for one use.
 */
export const LINK_PURPOSE = 'SELLER_EMAIL_LINK';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Issues a new link for the user; any earlier unused link of theirs stops working. */
export async function issueVerificationLink(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const at = now();
  await db
    .updateTable('one_time_codes')
    .set({ consumed_at: at })
    .where('user_id', '=', userId)
    .where('purpose', '=', LINK_PURPOSE)
    .where('consumed_at', 'is', null)
    .execute();
  await db
    .insertInto('one_time_codes')
    .values({
      user_id: userId,
      purpose: LINK_PURPOSE,
      code_hash: hashToken(token),
      expires_at: new Date(Date.now() + VERIFICATION_LINK_HOURS * 3600_000).toISOString(),
      attempts: 0,
      consumed_at: null,
      created_at: at,
    })
    .execute();
  return token;
}

/** Uses up a link: the user it belongs to, or undefined if it is unknown, used or expired. */
export async function consumeVerificationLink(db: Db, token: string): Promise<number | undefined> {
  const at = now();
  const code = await db
    .selectFrom('one_time_codes')
    .select(['id', 'user_id'])
    .where('code_hash', '=', hashToken(token))
    .where('purpose', '=', LINK_PURPOSE)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  if (!code) return undefined;
  // The consumed_at condition makes two simultaneous clicks count once.
  const used = await db
    .updateTable('one_time_codes')
    .set({ consumed_at: at })
    .where('id', '=', code.id)
    .where('consumed_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1 ? code.user_id : undefined;
}

/** Queued in the message outbox with the link it carries (the same transaction), in the language the seller read the page in. */
export async function mailVerificationLink(db: Db, publicUrl: string, to: { email: string; firstName: string }, token: string, language: string | null, as: 'seller' | 'transporter' = 'seller') {
  const link = `${publicUrl}/sellers/verify-email?token=${encodeURIComponent(token)}`;
  const say = sellerMailWords(language);
  const thanks = as === 'transporter' ? say.link.thanksTransporter : say.link.thanks;
  await queueEmail(db, {
    topic: 'sellers',
    to: to.email,
    subject: say.link.subject,
    text: [say.hello(to.firstName), '', thanks, say.link.open, '', link, '', say.link.ignore].join('\n'),
    html: [say.hello(to.firstName), thanks, say.link.open].map((line) => `<p>${escapeHtml(line)}</p>`).join('')
      + `<p><a href="${link}">${escapeHtml(say.link.button)}</a></p><p>${escapeHtml(say.link.ignore)}</p>`,
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
