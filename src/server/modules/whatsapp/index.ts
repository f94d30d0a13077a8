/** Buying, selling and prices on WhatsApp (issue 42, docs/whatsapp.md and docs/whatsapp-conversation.md). */
export { whatsappRoutes, takesWebhookDeliveries } from './routes';
export { answerQueued, startWhatsAppJob } from './inbound-queue';
