import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Logger } from '../logging';
import { spoolWriter } from '../spool';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Real e-mail: SMTP when SMTP_URL is set; otherwise each message is written as one RFC 822
 * file in DATA_DIR/mail (readable by any mail client, and by the tests) and logged.
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; logger: Logger }): Mailer {
  const { smtpUrl, from, dataDir, logger } = options;
  // Short timeouts: a hung SMTP server must fail the attempt (the outbox retries it) well
  // inside the worker's five-minute claim, never hold it.
  // nodemailer (61 files) is loaded with the first message, not at start: most starts send none soon.
  let transport: Promise<Transporter> | undefined;
  const transportNow = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      smtpUrl
        ? nodemailer.createTransport({ url: smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 })
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  const spool = spoolWriter(join(dataDir, 'mail'));

  return {
    async send(message) {
      const info = await (await transportNow()).sendMail({ from, ...message });
      if (smtpUrl) {
        logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
        return;
      }
      const file = await spool(`${Date.now()}-${randomBytes(4).toString('hex')}.eml`, info.message as Buffer);
      logger.info({ to: message.to, subject: message.subject, file }, 'mail written to spool');
    },
  };
}
