import { Hono } from 'hono';
import {
  notificationPreferencesSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  type PushKey,
} from '../../../shared/schemas/notifications';
import { currentUser, requireUser } from '../../http/auth';
import { dbOf, type AppEnv, type Deps } from '../../http/context';
import { badRequest } from '../../http/errors';
import { parseBody } from '../../http/validate';
import { readPreferences, writePreferences } from '../../platform/messages/preferences';
import { checkEndpoint } from '../../platform/messages/push-endpoint';
import { loadVapidKeys } from '../../platform/messages/vapid';
import { saveSubscription } from './subscriptions';

/** /notifications: a user's channel switches and push devices (the operator's view of the outbox is in admin/routes.ts). */
export function notificationsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser();

  app.get('/shop/customers/me/notification-preferences', signedIn, async (c) => c.json({ data: await readPreferences(dbOf(c, deps), currentUser(c).id) }));

  app.put('/shop/customers/me/notification-preferences', signedIn, async (c) => {
    const input = await parseBody(c, notificationPreferencesSchema);
    const db = dbOf(c, deps);
    await writePreferences(db, currentUser(c).id, input);
    return c.json({ data: await readPreferences(db, currentUser(c).id) });
  });

  app.get('/shop/customers/me/push-subscriptions/key', signedIn, async (c) =>
    c.json({ data: { publicKey: (await loadVapidKeys(dbOf(c, deps), deps.config.vapid)).publicKey } satisfies PushKey }),
  );

  // One row per device (endpoint); a device that signs in as someone else now pushes to them.
  // Only push services on the internet (push-endpoint.ts); at most PUSH_MAX_DEVICES per account.
  app.post('/shop/customers/me/push-subscriptions', signedIn, async (c) => {
    const { endpoint, keys } = await parseBody(c, pushSubscriptionSchema);
    const problem = await checkEndpoint(endpoint, deps.config.pushAllowHosts);
    if (problem) throw badRequest(problem, { endpoint: problem });
    await saveSubscription(dbOf(c, deps), deps.dialect, currentUser(c).id, { endpoint, ...keys });
    return c.json({ data: { endpoint, subscribed: true } }, 201);
  });

  app.delete('/shop/customers/me/push-subscriptions', signedIn, async (c) => {
    const { endpoint } = await parseBody(c, pushUnsubscribeSchema);
    await dbOf(c, deps).deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('user_id', '=', currentUser(c).id).execute();
    return c.json({ data: { endpoint, subscribed: false } });
  });

  return app;
}
