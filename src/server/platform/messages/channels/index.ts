import type { Config } from '../../../config';
import type { Db } from '../../db';
import type { Logger } from '../../logging';
import type { Mailer } from '../../mail';
import { loadVapidKeys } from '../vapid';
import { emailChannel } from './email';
import { pushChannel } from './push';
import { smsChannel } from './sms';
import type { Channels } from './types';
import { whatsappChannel } from './whatsapp';

/** The providers configured for this instance (docs/messages.md). */
export function createChannels(config: Config, db: Db, mailer: Mailer, logger: Logger): Channels {
  return {
    email: emailChannel(mailer, config.publicUrl),
    sms: smsChannel(config.sms, config.dataDir, logger),
    push: pushChannel(db, () => loadVapidKeys(db, config.vapid), { allowHosts: config.pushAllowHosts }),
    whatsapp: whatsappChannel(config.whatsapp, db, config.dataDir, logger),
  };
}
