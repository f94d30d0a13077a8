import type { Mailer } from '../../mail';
import type { Channel } from './types';

/** E-mail through today's mailer (SMTP_URL, or the DATA_DIR/mail spool); a message's link ends it. */
export function emailChannel(mailer: Mailer, publicUrl: string): Channel {
  return {
    async send(message) {
      const text = message.link ? `${message.body}\n\nOpen it in Akuafo Market: ${publicUrl}${message.link}` : message.body;
      await mailer.send({ to: message.recipient, subject: message.subject ?? 'Akuafo Market', text, ...(message.html ? { html: message.html } : {}) });
    },
  };
}
