import * as v from 'valibot';
import {
  adminMessageSchema,
  adminMessagesQuerySchema,
  messageRetriedSchema,
  notificationPreferencesAnswerSchema,
  notificationPreferencesSchema,
  pushKeySchema,
  pushSubscriptionSchema,
  pushSubscriptionStateSchema,
  pushUnsubscribeSchema,
} from '../schemas/notifications';
import { dataOf, idParam, route } from './route';

/**
 * A user's channel switches and push devices; the operator's view of the message outbox.
 * PUT preferences is an intent ("orders by SMS: off"): the phone's outbox resends it freely.
 */
const preferences = dataOf(notificationPreferencesAnswerSchema);
const pushState = dataOf(pushSubscriptionStateSchema);

export const NOTIFICATIONS_ROUTES = [
  route({ method: 'GET', path: '/shop/customers/me/notification-preferences', summary: 'Which messages the user gets', tag: 'notifications', auth: 'user', answer: preferences }),
  route({ method: 'PUT', path: '/shop/customers/me/notification-preferences', summary: 'Choose which messages the user gets', tag: 'notifications', auth: 'user', body: notificationPreferencesSchema, answer: preferences }),
  route({ method: 'GET', path: '/shop/customers/me/push-subscriptions/key', summary: 'The server’s push (VAPID) public key', tag: 'notifications', auth: 'user', answer: dataOf(pushKeySchema) }),
  route({ method: 'POST', path: '/shop/customers/me/push-subscriptions', summary: 'Subscribe this browser to push', tag: 'notifications', auth: 'user', body: pushSubscriptionSchema, answer: pushState }),
  route({ method: 'DELETE', path: '/shop/customers/me/push-subscriptions', summary: 'Unsubscribe this browser from push', tag: 'notifications', auth: 'user', body: pushUnsubscribeSchema, answer: pushState }),
  route({ method: 'GET', path: '/admin/messages', summary: 'Outgoing messages (SMS, e-mail, push)', tag: 'admin', auth: 'admin', query: adminMessagesQuerySchema, answer: dataOf(v.array(adminMessageSchema)) }),
  route({ method: 'POST', path: '/admin/messages/:id/retry', summary: 'Send a failed message again', tag: 'admin', auth: 'admin', params: { id: idParam('Message not found') }, answer: dataOf(messageRetriedSchema) }),
] as const;
