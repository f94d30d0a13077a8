import type { Generated } from 'kysely';

/** Tables of the message outbox (migration 007_messages, docs/messages.md). */
export interface MessagesTable {
  id: Generated<number>;
  channel: 'email' | 'sms' | 'push' | 'whatsapp';
  /** An e-mail address, a +233 number (SMS, WhatsApp), or the push endpoint's host (for the operator's eyes). */
  recipient: string;
  user_id: number | null;
  push_subscription_id: number | null;
  /** orders, sales, listings, or account / contact / sellers for messages no switch turns off. */
  topic: string;
  subject: string | null;
  body: string;
  html: string | null;
  /** A path in the app (/orders/12): the push notification opens it, the e-mail ends with it. */
  link: string | null;
  status: 'QUEUED' | 'SENDING' | 'SENT' | 'FAILED';
  attempts: number;
  /** When QUEUED: not before. When SENDING: the claim's lease ends (a dead worker's rows come back). */
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  updated_at: string;
}

export interface NotificationPreferencesTable {
  user_id: number;
  topic: string;
  channel: string;
  enabled: number;
  updated_at: string;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

/**
 * A part of an outgoing WhatsApp message (`messages` row, part number) the Cloud API took, with
 * its wamid; the webhook's statuses move `status` forward (sent, delivered, read; or failed).
 */
export interface WhatsAppSentTable {
  message_id: number;
  part: number;
  provider_message_id: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  status_at: string;
  error: string | null;
}
