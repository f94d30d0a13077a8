import { OTP_TTL_MINUTES, RESET_TTL_MINUTES } from '../../../shared/schemas/accounts';
import type { Db } from '../../platform/db';
import { queueEmail } from '../../platform/messages';

/**
 * The account e-mails, queued in the message outbox with the change that issues the code.
 * Plain text first: it reads well on any phone's mail app.
 */
export function sendVerificationCode(db: Db, to: string, firstName: string, code: string) {
  return queueEmail(db, {
    topic: 'account',
    to,
    subject: `Your Akuafo Market code: ${code}`,
    text: [
      `Hello ${firstName},`,
      '',
      `Your verification code is ${code}.`,
      `Enter it in the app to verify your e-mail address. It expires in ${OTP_TTL_MINUTES} minutes.`,
      '',
      'If you did not create an Akuafo Market account, you can ignore this message.',
    ].join('\n'),
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
