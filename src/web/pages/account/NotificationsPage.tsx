import { useLiveQuery } from 'dexie-react-hooks';
import { Bell, BellOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { localDb } from '../../../local/db';
import {
  currentPushSubscription,
  disablePush,
  enablePush,
  pullNotificationPreferences,
  NotSignedInError,
  PushNotAllowedError,
  pushUnavailableReason,
  readNotificationPreferences,
  setNotificationPreference,
} from '../../../local/notifications';
import { NOTIFICATION_CHANNELS, type NotificationChannel, type NotificationTopic } from '../../../shared/schemas/notifications';
import { api } from '../../lib/api';
import { Spinner } from '../../components/Spinner';
import { useOnline } from '../../hooks/useOnline';
import { useSession } from '../../hooks/useSession';
import { AccountLayout } from './AccountLayout';
import { Alert } from '../../components/ui/Alert';
import { errorMessage } from '../../lib/error-message';
import { useT } from '../../i18n/language';
import type { t as translate } from '../../../shared/i18n';

/**
 * /notifications: which messages reach the user on which channel (e-mail, SMS, push), one
 * switch each, editable offline (the outbox sends them); and push on this device.
 */
export default function NotificationsPage() {
  const t = useT();
  const { session } = useSession();
  const online = useOnline();
  const preferences = useLiveQuery(() => readNotificationPreferences(), []);
  const waiting = useLiveQuery(() => localDb.outbox.filter((e) => e.entity.startsWith('notifications:') && e.status === 'pending').count(), []) ?? 0;
  const [error, setError] = useState<string>();
  const signedIn = Boolean(session);

  useEffect(() => {
    if (signedIn && online) pullNotificationPreferences(api).catch(() => undefined);
  }, [signedIn, online]);

  const topics: NotificationTopic[] = session?.user.userType === 'SELLER' ? ['orders', 'sales', 'listings'] : ['orders'];

  return (
    <AccountLayout title={t('notifications.title')}>
      <div className="grid max-w-2xl gap-4">
        <div className="card p-5 text-sm text-gray-700">
          <h2 className="mb-1 text-lg font-semibold text-gray-900">{t('notifications.what')}</h2>
          <p>
            {t('notifications.emailBefore')}<strong className="break-all">{session?.user.email}</strong>{t('notifications.emailAfter')}
          </p>
          {waiting > 0 && <p className="mt-2 text-amber-800">{online ? t('notifications.saving') : t('notifications.savedOffline')}</p>}
          {error && <div className="mt-2"><Alert kind="error">{error}</Alert></div>}
          {preferences === undefined ? (
            <Spinner label={t('notifications.loading')} />
          ) : (
            <table className="mt-4 w-full text-left">
              <thead>
                <tr>
                  <th scope="col" className="py-2">{t('notifications.messages')}</th>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <th key={channel} scope="col" className="w-14 py-2 text-center text-xs sm:text-sm">{channelName(t, channel)}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {topics.map((topic) => (
                  <tr key={topic} className="border-t">
                    <th scope="row" className="py-3 pr-2 font-normal">
                      <span className="block font-medium text-gray-900">{topicName(t, topic)}</span>
                      <span className="text-xs text-gray-600">{t(TOPIC_NOTES[topic])}</span>
                    </th>
                    {NOTIFICATION_CHANNELS.map((channel) => (
                      <td key={channel} className="text-center">
                        <input
                          type="checkbox"
                          className="h-5 w-5 accent-brand"
                          aria-label={t('notifications.switchLabel', { topic: topicName(t, topic), channel: channelName(t, channel) })}
                          checked={preferences[topic][channel]}
                          onChange={(event) => {
                            setError(undefined);
                            setNotificationPreference(topic, channel, event.target.checked).catch((e: unknown) => setError(t(e instanceof NotSignedInError ? 'notifications.signIn' : 'notifications.saveFailed')));
                          }}
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        <PushCard online={online} />
      </div>
    </AccountLayout>
  );
}

/** Push on this device: subscribe or unsubscribe (needs the network), or why it cannot work here. */
function PushCard({ online }: { online: boolean }) {
  const t = useT();
  const [subscribed, setSubscribed] = useState<boolean>();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string }>();
  const unavailable = pushUnavailableReason();

  useEffect(() => {
    if (!unavailable) currentPushSubscription().then((s) => setSubscribed(Boolean(s)), () => setSubscribed(false));
  }, [unavailable]);

  const toggle = async () => {
    setBusy(true);
    setMessage(undefined);
    try {
      if (subscribed) {
        await disablePush(api);
        setSubscribed(false);
        setMessage({ kind: 'success', text: t('notifications.pushOff') });
      } else {
        await enablePush(api);
        setSubscribed(true);
        setMessage({ kind: 'success', text: t('notifications.pushOn') });
      }
    } catch (e) {
      setMessage({ kind: 'error', text: e instanceof PushNotAllowedError ? t('notifications.pushDenied') : errorMessage(e, t('notifications.pushFailed')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="card p-5 text-sm text-gray-700">
      <h2 className="mb-1 flex items-center gap-2 text-lg font-semibold text-gray-900">
        <Bell className="text-brand" aria-hidden="true" /> {t('notifications.pushTitle')}
      </h2>
      {unavailable ? (
        <p>{t(unavailable === 'blocked' ? 'notifications.pushBlocked' : 'notifications.pushUnsupported')}</p>
      ) : (
        <>
          <p>{t('notifications.pushText')}</p>
          <button type="button" className="btn-primary mt-3 inline-flex items-center gap-2" disabled={busy || !online || subscribed === undefined} onClick={() => void toggle()}>
            {subscribed ? <BellOff aria-hidden="true" className="h-4 w-4" /> : <Bell aria-hidden="true" className="h-4 w-4" />}
            {subscribed ? t('notifications.turnOff') : t('notifications.turnOn')}
          </button>
          {!online && <p className="mt-2">{t('notifications.needNetwork')}</p>}
        </>
      )}
      {message && <div className="mt-2"><Alert kind={message.kind}>{message.text}</Alert></div>}
    </div>
  );
}

const topicName = (t: typeof translate, topic: NotificationTopic) => t('notifications.topic', { topic });
const channelName = (t: typeof translate, channel: NotificationChannel) => t('notifications.channel', { channel });
const TOPIC_NOTES = { orders: 'notifications.ordersNote', sales: 'notifications.salesNote', listings: 'notifications.listingsNote' } as const satisfies Record<NotificationTopic, string>;
