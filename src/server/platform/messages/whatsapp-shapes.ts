/**
 * The two halves of the WhatsApp channel meet here (issue 42, docs/whatsapp.md):
 * - the channel (modules/whatsapp/webhook.ts, inbound-queue.ts) checks Meta's signature, drops
 *   message ids seen before, turns each message of a webhook body into a WhatsAppInbound and
 *   queues it;
 * - the conversation (modules/whatsapp/conversation.ts) answers one WhatsAppInbound with the
 *   messages to send back, which go to the message outbox (channel 'whatsapp', body = the JSON
 *   of the WhatsAppOutgoing[]) and leave through channels/whatsapp.ts to the Cloud API.
 * Keep these shapes small: they are what both halves may rely on.
 */

/** Cloud API limits every outgoing message is held to (Meta rejects a message over them). */
export const WHATSAPP_LIMITS = {
  listRows: 10,
  rowTitle: 24,
  rowDescription: 72,
  listButton: 20,
  buttons: 3,
  buttonTitle: 20,
  body: 1024,
  textBody: 4096,
  caption: 1024,
} as const;

/** One message a person sent us, read from the webhook's `entry[].changes[].value.messages[]`. */
export interface WhatsAppInbound {
  /** Meta's message id (wamid…): the key that makes a replayed delivery answered once. */
  id: string;
  /** The sender as a Ghana number, +233XXXXXXXXX (the webhook's `from` is 233XXXXXXXXX). */
  from: string;
  /** The name on the sender's WhatsApp profile, when the webhook gives one (untrusted text). */
  profileName?: string;
  /** When the person sent it (the webhook's `timestamp`, as an ISO string). */
  at: string;
  /**
   * What was said: typed `text`; a `choice` of a list row or a reply button (its id is ours, set
   * when we sent the list, so it is only a hint: check it as input like typed text); or `other`
   * (a picture, a voice note, a location), answered with the menu.
   */
  kind: 'text' | 'choice' | 'other';
  /** The typed text (kind 'text'), as sent: untrusted, possibly long or with control characters. */
  text?: string;
  /** The chosen row's or button's id (kind 'choice'). */
  choiceId?: string;
  /** The chosen row's or button's title (kind 'choice'). */
  choiceTitle?: string;
}

/** One message we send; the channel turns it into the Cloud API's JSON. */
export type WhatsAppOutgoing =
  | { type: 'text'; body: string; previewUrl?: boolean }
  | { type: 'list'; body: string; button: string; sections: { title?: string; rows: { id: string; title: string; description?: string }[] }[] }
  | { type: 'buttons'; body: string; buttons: { id: string; title: string }[] }
  | { type: 'image'; link: string; caption?: string }
  /** An approved template (docs/whatsapp.md), the only kind Meta delivers outside the 24-hour window. */
  | { type: 'template'; name: string; language: 'en' | 'ak'; params: string[] }
  /**
   * News (an order paid, ready, collected): sent as `text` while the person wrote to us in the
   * last 24 hours, else as its template; news without a template is sent only inside the window.
   * The channel decides when it sends, since the window may close while the row waits.
   */
  | { type: 'notice'; text: string; template?: { name: string; language: 'en' | 'ak'; params: string[] } };
