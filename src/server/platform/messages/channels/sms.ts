import { join } from 'node:path';
import type { Logger } from '../../logging';
import { spoolWriter } from '../../spool';
import { PermanentFailure, type Channel } from './types';

export interface SmsConfig {
  provider: 'spool' | 'arkesel';
  /** Arkesel's API key (ARKESEL_API_KEY). */
  apiKey: string;
  /** The approved sender ID, 11 characters at most (SMS_SENDER_ID). */
  senderId: string;
  /** ARKESEL_BASE_URL: lets tests point at a local fake. */
  baseUrl: string;
}

/** SMS through Arkesel when configured; otherwise one text file per message in DATA_DIR/sms. */
export function smsChannel(config: SmsConfig, dataDir: string, logger: Logger): Channel {
  return config.provider === 'arkesel' ? arkeselChannel(config, logger) : spoolChannel(join(dataDir, 'sms'), logger);
}

/** `<time>-<id>.txt`: "To: +233…", a blank line, the text, like the mail spool. */
function spoolChannel(dir: string, logger: Logger): Channel {
  const write = spoolWriter(dir);
  return {
    async send(message) {
      const file = await write(`${Date.now()}-${message.id}.txt`, `To: ${message.recipient}\n\n${message.body}\n`);
      logger.info({ to: message.recipient, file }, 'sms written to spool');
    },
  };
}

/**
 * Arkesel SMS API v2: POST {base}/api/v2/sms/send with the `api-key` header and
 * `{ sender, message, recipients: ["233…"] }`; a success answers `{ status: "success",
 * data: [{ recipient, id }] }`, and a number it cannot deliver to comes back under
 * "invalid numbers". Anything else (HTTP errors, balance, outages) is retried by the worker.
 */
function arkeselChannel(config: SmsConfig, logger: Logger): Channel {
  return {
    async send(message) {
      const recipient = message.recipient.replace(/^\+/, '');
      const response = await fetch(`${config.baseUrl}/api/v2/sms/send`, {
        method: 'POST',
        headers: { 'api-key': config.apiKey, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ sender: config.senderId, message: message.body, recipients: [recipient] }),
        signal: AbortSignal.timeout(20_000),
      });
      const answer = (await response.json().catch(() => undefined)) as { status?: string; message?: string; data?: Record<string, unknown>[] } | undefined;
      if (!response.ok || answer?.status !== 'success') {
        throw new Error(`Arkesel answered ${response.status}: ${answer?.message ?? 'no message'}`);
      }
      const sent = answer.data?.find((d) => d.recipient === recipient);
      if (!sent) throw new PermanentFailure(`Arkesel refused ${message.recipient} as an invalid number`);
      logger.info({ to: message.recipient, id: sent.id }, 'sms sent through Arkesel');
    },
  };
}
