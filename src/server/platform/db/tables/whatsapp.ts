/** The tables modules/whatsapp owns (migration 036_whatsapp_channel, docs/whatsapp.md). */

/** A message Meta's webhook delivered (its wamid the key), queued until the conversation answers it. */
export interface WhatsAppInboundTable {
  message_id: string;
  /** The sender, 0XXXXXXXXX: one number's messages are answered one at a time, in order. */
  phone: string;
  /** The JSON of the WhatsAppInbound read from the webhook. */
  inbound: string;
  status: 'QUEUED' | 'ANSWERING' | 'ANSWERED' | 'FAILED';
  attempts: number;
  /** When QUEUED: not before. When ANSWERING: the claim's lease ends (a dead instance's rows come back). */
  next_attempt_at: string;
  last_error: string | null;
  received_at: string;
  answered_at: string | null;
}

/** Their names, as `Database` (../schema.ts) composes them. */
export interface WhatsAppTables {
  whatsapp_inbound: WhatsAppInboundTable;
}
