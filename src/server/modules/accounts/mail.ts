import type { Db } from '../../platform/db';
import { queueEmail, queueSms } from '../../platform/messages';
import { fitSms } from '../../platform/messages/sms-text';
import { accountWords } from './mail-words';

/**
 * The account e-mails and texts, queued in the message outbox with the change that issues the code.
 * Plain text first: it reads well on any phone's mail app. In the person's language (mail-words.ts).
 */
export function sendVerificationCode(db: Db, to: string, firstName: string, code: string, language: string | null) {
  const words = accountWords(language).code;
  return sendCodeMail(db, to, firstName, code, language, { intro: words.verifyIntro(code), use: words.verifyUse, ignore: words.verifyIgnore });
}

/** A six-digit code by e-mail: what it is, what entering it does, and what to do if it was not you. */
function sendCodeMail(db: Db, to: string, firstName: string, code: string, language: string | null, words: { intro: string; use: string; ignore: string }) {
  const say = accountWords(language);
  return queueEmail(db, {
    topic: 'account',
    to,
    subject: say.code.subject(code),
    text: [say.greeting(firstName), '', words.intro, say.code.enterIt(words.use), '', words.ignore].join('\n'),
  });
}

export function sendPasswordReset(db: Db, to: string, firstName: string, link: string, code: string, language: string | null) {
  const say = accountWords(language);
  return queueEmail(db, { topic: 'account', to, subject: say.reset.subject, text: [say.greeting(firstName), '', ...say.reset.lines(link, code)].join('\n') });
}

/** The code that proves a new e-mail address before it replaces the old one. */
export function sendEmailChangeCode(db: Db, to: string, firstName: string, code: string, language: string | null) {
  const words = accountWords(language).code;
  return sendCodeMail(db, to, firstName, code, language, { intro: words.changeIntro(code), use: words.changeUse, ignore: words.changeIgnore });
}

/** A 6-digit code by SMS: a new number being added, or the current one being verified. */
export function textCode(db: Db, to: string, code: string, purpose: 'new-number' | 'verify', language: string | null) {
  return queueSms(db, { topic: 'account', to, text: fitSms(...accountWords(language).smsCode(code, purpose)) });
}

/** Tells the old address that the account's e-mail or phone changed, with the link that undoes it. */
export function tellOldAddress(db: Db, notice: { email?: string; sms?: string; firstName: string; channel: 'email' | 'phone'; newValue: string | null; undoLink: string; language: string | null }) {
  const say = accountWords(notice.language);
  const writes: Promise<void>[] = [];
  if (notice.email) {
    writes.push(queueEmail(db, {
      topic: 'account',
      to: notice.email,
      subject: say.changed.subject(notice.channel),
      text: [say.greeting(notice.firstName), '', ...say.changed.lines(notice.channel, notice.newValue, notice.undoLink)].join('\n'),
    }));
  }
  if (notice.sms) writes.push(queueSms(db, { topic: 'account', to: notice.sms, text: fitSms(...say.changed.sms(notice.channel, notice.newValue, notice.undoLink)) }));
  return Promise.all(writes);
}
