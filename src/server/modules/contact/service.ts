import { COMPANY } from '../../../shared/company';
import type { ContactMessage, ContactReceipt } from '../../../shared/schemas/contact';
import { CONTACT_SENT_MESSAGE } from '../../../shared/schemas/contact';
import type { Db } from '../../platform/db';
import { now } from '../../platform/db';
import { queueEmail } from '../../platform/messages';
import type { Locale } from '../../../shared/i18n/locales';
import { CONTACT_WORDS } from './contact-words';

/** Stores a contact message; the company inbox and the sender are told by e-mail (queued with it). */
export async function saveContactMessage(db: Db, input: ContactMessage, userId: number | undefined): Promise<ContactReceipt> {
  const createdAt = now();
  const row = await db
    .insertInto('contact_messages')
    .values({ user_id: userId ?? null, name: input.name, email: input.email, subject: input.subject, message: input.message, created_at: createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), createdAt, message: CONTACT_SENT_MESSAGE };
}

/** Header values must stay on one line, whatever the sender typed. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Whether the sender's own words may go to the address they typed: only to a signed-in user
 * whose account e-mail is verified and is that address. Anyone else could type a stranger's
 * address and have us deliver their text (a phishing mail from our domain).
 */
export async function isVerifiedSender(db: Db, userId: number | undefined, email: string): Promise<boolean> {
  if (userId === undefined) return false;
  const user = await db.selectFrom('users').select(['email', 'is_email_verified']).where('id', '=', userId).executeTakeFirst();
  return user?.is_email_verified === 1 && user.email?.toLowerCase() === email.toLowerCase();
}

/**
 * E-mails the support inbox and acknowledges the sender in their language (contact-words.ts),
 * through the message outbox. An unverified address gets a fixed text only: nothing the
 * sender wrote (not even the name).
 */
export async function notifyContactMessage(db: Db, receipt: ContactReceipt, input: ContactMessage, verifiedSender: boolean, language: Locale): Promise<void> {
  const subject = oneLine(input.subject);
  const inbox = {
    to: COMPANY.supportEmail,
    subject: `[Contact #${receipt.id}] ${subject}`,
    text: [
      `New message from the contact form (#${receipt.id}, ${receipt.createdAt}).`,
      '',
      `From: ${oneLine(input.name)} <${input.email}> (${verifiedSender ? 'signed in, verified address' : 'address not verified'})`,
      `Subject: ${subject}`,
      '',
      input.message,
    ].join('\n'),
  };
  const say = CONTACT_WORDS[language] ?? CONTACT_WORDS.en!;
  const promise = say.promise(receipt.id);
  const acknowledgement = verifiedSender
    ? {
        to: input.email,
        subject: say.subject(subject),
        text: [say.hello(oneLine(input.name)), '', ...promise, '', say.yourMessage, '', input.message, '', COMPANY.name].join('\n'),
      }
    : {
        to: input.email,
        subject: say.subjectUnverified(receipt.id),
        text: [say.helloUnverified, '', ...promise, '', say.notYou, '', COMPANY.name].join('\n'),
      };
  for (const mail of [inbox, acknowledgement]) await queueEmail(db, { ...mail, topic: 'contact' });
}
