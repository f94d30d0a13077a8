/// <reference lib="webworker" />
import type { PushPayload } from '../src/shared/schemas/notifications';

declare const self: ServiceWorkerGlobalScope;

/**
 * Web Push: the server's message (src/server/platform/messages/channels/push.ts) arrives as
 * JSON { title, body, url }; it is shown as a notification, and tapping it opens that page
 * (the order), in the app's open window if there is one.
 */
function readPayload(event: PushEvent): PushPayload {
  try {
    const payload = event.data?.json() as Partial<PushPayload> | undefined;
    if (payload?.title) return { title: payload.title, body: payload.body ?? '', url: payload.url ?? '/', tag: payload.tag };
  } catch {
    // Not JSON: show the text as it came.
  }
  return { title: 'Akuafo Market', body: event.data?.text() ?? '', url: '/' };
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: payload.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // Only pages of this app: a payload cannot send the user elsewhere.
  const target = new URL((event.notification.data as { url?: string } | null)?.url ?? '/', self.location.origin);
  const url = target.origin === self.location.origin ? target.href : self.location.origin;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
