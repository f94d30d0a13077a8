import { OTP_TTL_MINUTES, RESET_TTL_MINUTES, UNDO_CHANGE_DAYS } from '../../../shared/schemas/accounts';
import type { Db } from '../../platform/db';
import { queueEmail, queueSms } from '../../platform/messages';
import { fitSms } from '../../platform/messages/sms-text';

/**
 * The account e-mails and texts, queued in the message outbox with the change that issues the code.
 * Plain text first: it reads well on any phone's mail app.
 */
export function sendVerificationCode(db: Db, to: string, firstName: string, code: string) {
  return sendCodeMail(db, to, firstName, code, {
    intro: `Your verification code is ${code}.`,
    use: 'verify your e-mail address',
    ignore: 'If you did not create an Akuafo Market account, you can ignore this message.',
  });
}

/** A six-digit code by e-mail: what it is, what entering it does, and what to do if it was not you. */
function sendCodeMail(db: Db, to: string, firstName: string, code: string, words: { intro: string; use: string; ignore: string }) {
  return queueEmail(db, {
    topic: 'account',
    to,
    subject: `Your Akuafo Market code: ${code}`,
    text: [`Hello ${firstName},`, '', words.intro, `Enter it in the app to ${words.use}. It expires in ${OTP_TTL_MINUTES} minutes.`, '', words.ignore].join('\n'),
  });
}

export function sendPasswordReset(db: Db, to: string, firstName: string, link: string, code: string) {
  return queueEmail(db, {
    topic: 'account',
    to,
    subject: 'Reset your Akuafo Market password',
    text: [
      `Hello ${firstName},`,
      '',
      'Someone asked to reset the password of your Akuafo Market account.',
      `Open this link to choose a new password: ${link}`,
      `Or enter this code on the password reset page: ${code}`,
      `Both expire in ${RESET_TTL_MINUTES} minutes and work once.`,
      '',
      'If it was not you, ignore this message: your password stays as it is.',
    ].join('\n'),
  });
}

/** The code that proves a new e-mail address before it replaces the old one. */
export function sendEmailChangeCode(db: Db, to: string, firstName: string, code: string) {
  return sendCodeMail(db, to, firstName, code, {
    intro: `Your code is ${code}.`,
    use: 'make this the e-mail address of your Akuafo Market account',
    ignore: 'If you did not ask for this, ignore this message: nothing changes.',
  });
}

/** A 6-digit code by SMS: a new number being added, or the current one being verified. */
export function textCode(db: Db, to: string, code: string, purpose: 'new-number' | 'verify') {
  const what = purpose === 'new-number' ? 'to add this number to your account' : 'to verify your phone number';
  return queueSms(db, { topic: 'account', to, text: fitSms(`Akuafo Market code: ${code}. Enter it ${what}.`, `It expires in ${OTP_TTL_MINUTES} minutes.`, 'Never share it.') });
}

const CHANNEL_WORDS = { email: 'e-mail address', phone: 'phone number' } as const;

/** Tells the old address that the account's e-mail or phone changed, with the link that undoes it. */
export function tellOldAddress(db: Db, notice: { email?: string; sms?: string; firstName: string; channel: 'email' | 'phone'; newValue: string | null; undoLink: string }) {
  const what = CHANNEL_WORDS[notice.channel];
  const change = notice.newValue ? `was changed to ${notice.newValue}` : 'was removed';
  const writes: Promise<void>[] = [];
  if (notice.email) {
    writes.push(queueEmail(db, {
      topic: 'account',
      to: notice.email,
      subject: `The ${what} of your Akuafo Market account changed`,
      text: [
        `Hello ${notice.firstName},`,
        '',
        `The ${what} of your Akuafo Market account ${change}.`,
        '',
        `If this was not you, open this link to put the old ${what} back and sign out every device: ${notice.undoLink}`,
        `Then reset your password. The link works for ${UNDO_CHANGE_DAYS} days.`,
        '',
        'If it was you, there is nothing to do.',
      ].join('\n'),
    }));
  }
  if (notice.sms) {
    writes.push(queueSms(db, { topic: 'account', to: notice.sms, text: fitSms(`Akuafo Market: the ${what} of your account ${change}.`, `Not you? Undo: ${notice.undoLink}`) }));
  }
  return Promise.all(writes);
}
