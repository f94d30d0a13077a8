import { NOTIFICATIONS_ROUTES } from '../../../shared/api/notifications';
import type { Deps } from '../../http/context';
import { created, implement } from '../../http/declared';
import { badRequest } from '../../http/errors';
import { readPreferences, writePreferences } from '../../platform/messages/preferences';
import { checkEndpoint } from '../../platform/messages/push-endpoint';
import { loadVapidKeys } from '../../platform/messages/vapid';
import { listMessages, retryMessage } from './outbox-desk';
import { removeSubscription, saveSubscription } from './subscriptions';

const [readSwitches, setSwitches, pushKey, subscribe, unsubscribe, messages, retry] = NOTIFICATIONS_ROUTES;

/** A user's channel switches and push devices; the operator's view of the outbox (declared in shared/api/notifications.ts). */
export function notificationsRoutes({ db, dialect, config }: Deps) {
  return [
    implement(readSwitches, async ({ user }) => ({ data: await readPreferences(db, user.id) })),
    implement(setSwitches, async ({ user, body }) => {
      await writePreferences(db, user.id, body);
      return { data: await readPreferences(db, user.id) };
    }),
    implement(pushKey, async () => ({ data: { publicKey: (await loadVapidKeys(db, config.vapid)).publicKey } })),
    // One row per device (endpoint); a device that signs in as someone else now pushes to them.
    // Only push services on the internet (push-endpoint.ts); at most PUSH_MAX_DEVICES per account.
    implement(subscribe, async ({ user, body: { endpoint, keys } }) => {
      const problem = await checkEndpoint(endpoint, config.pushAllowHosts);
      if (problem) throw badRequest(problem, { endpoint: problem });
      await saveSubscription(db, dialect, user.id, { endpoint, ...keys });
      return created({ data: { endpoint, subscribed: true } });
    }),
    implement(unsubscribe, async ({ user, body: { endpoint } }) => {
      await removeSubscription(db, user.id, endpoint);
      return { data: { endpoint, subscribed: false } };
    }),
    implement(messages, async ({ query }) => ({ data: await listMessages(db, query.status) })),
    implement(retry, async ({ params }) => {
      await retryMessage(db, params.id);
      return { data: { id: params.id, status: 'QUEUED' as const } };
    }),
  ];
}
