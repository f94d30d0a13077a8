import { Hono } from 'hono';
import {
  adminMessagesQuerySchema,
  notificationPreferencesSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  type AdminMessage,
  type PushKey,
} from '../../../shared/schemas/notifications';
import { currentUser, requireUser } from '../../http/auth';
import { dbOf, type AppEnv, type Deps } from '../../http/context';
import { badRequest, conflict, notFound } from '../../http/errors';
import { parseBody, parseQuery } from '../../http/validate';
import { now } from '../../platform/db';
import { readPreferences, writePreferences } from '../../platform/messages/preferences';
import { checkEndpoint } from '../../platform/messages/push-endpoint';
import { loadVapidKeys } from '../../platform/messages/vapid';
import { saveSubscription } from './subscriptions';
import { parseIdOr404 } from '../../http/params';

/** /notifications: a user's channel switches and push devices; the operator's view of the outbox. */
export function notificationsRoutes(deps: Deps) {
  const app = new Hono<AppEnv>();
  const signedIn = requireUser();
  const admin = requireUser('ADMIN');

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

  app.get('/admin/messages', admin, async (c) => {
    const { status } = parseQuery(c, adminMessagesQuerySchema);
    const rows = await dbOf(c, deps)
      .selectFrom('messages')
      .selectAll()
      .where('status', 'in', status === 'QUEUED' ? ['QUEUED', 'SENDING'] : [status])
      .orderBy('id', 'desc')
      .limit(200)
      .execute();
    const data: AdminMessage[] = rows.map((r) => ({
      id: r.id, channel: r.channel, recipient: r.recipient, subject: r.subject, body: r.body, status: r.status, attempts: r.attempts,
      nextAttemptAt: r.next_attempt_at, lastError: r.last_error, createdAt: r.created_at, sentAt: r.sent_at,
    }));
    return c.json({ data });
  });

  app.post('/admin/messages/:id/retry', admin, async (c) => {
    const id = parseIdOr404(c.req.param('id'), 'Message not found');
    const db = dbOf(c, deps);
    const row = await db.selectFrom('messages').select('status').where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Message not found');
    const at = now();
    const retried = await db
      .updateTable('messages')
      .set({ status: 'QUEUED', attempts: 0, next_attempt_at: at, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'FAILED')
      .executeTakeFirst();
    if (Number(retried.numUpdatedRows) !== 1) throw conflict(`Only a failed message can be retried; this one is ${row.status}.`);
    return c.json({ data: { id, status: 'QUEUED' } });
  });

  return app;
}
