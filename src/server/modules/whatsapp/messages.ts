/**
 * The shapes both halves of the WhatsApp channel rely on (the inbound message, the outgoing one,
 * the Cloud API's limits). They live with the message outbox (platform/messages), which sends
 * the outgoing ones; the module's files take them from here.
 */
export { WHATSAPP_LIMITS, type WhatsAppInbound, type WhatsAppOutgoing } from '../../platform/messages/whatsapp-shapes';
