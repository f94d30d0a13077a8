/** A user's channel switches and push devices; the operator's outbox view. */
export { notificationsRoutes } from './routes';
