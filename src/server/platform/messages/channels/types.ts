import type { Selectable } from 'kysely';
import type { MessagesTable } from '../../db/schema-messages';

export type OutboxMessage = Selectable<MessagesTable>;

/** One way of delivering a message. send() resolves once the provider accepted it, or throws. */
export interface Channel {
  send(message: OutboxMessage): Promise<void>;
}

export interface Channels {
  email: Channel;
  sms: Channel;
  push: Channel;
  whatsapp: Channel;
}

/** A failure no retry can fix (the number is invalid, the request is malformed): fail at once. */
export class PermanentFailure extends Error {}
