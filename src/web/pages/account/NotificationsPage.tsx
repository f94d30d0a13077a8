import { useLiveQuery } from 'dexie-react-hooks';
import { Bell, BellOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { localDb } from '../../../local/db';
import {
  currentPushSubscription,
  disablePush,
  enablePush,
  pullNotificationPreferences,
  pushUnavailableReason,
  readNotificationPreferences,
  setNotificationPreference,
} from '../../../local/notifications';
import { CHANNEL_LABELS, NOTIFICATION_CHANNELS, TOPIC_LABELS, type NotificationTopic } from '../../../shared/schemas/notifications';
import { api } from '../../lib/api';
import { Spinner } from '../../components/Spinner';
import { useOnline } from '../../hooks/useOnline';
import { useSession } from '../../hooks/useSession';
import { AccountLayout } from './AccountLayout';
import { Alert } from '../../components/ui/Alert';
import { errorMessage } from '../../lib/error-message';

/**
 * /notifications: which messages reach the user on which channel (e-mail, SMS, push), one
 * switch each, editable offline (the outbox sends them); and push on this device.
 */
export default function NotificationsPage() {
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
    <AccountLayout title="Notifications">
      <div className="grid max-w-2xl gap-4">
        <div className="card p-5 text-sm text-gray-700">
          <h2 className="mb-1 text-lg font-semibold text-gray-900">What reaches you, and how</h2>
          <p>
            E-mails go to <strong className="break-all">{session?.user.email}</strong>; SMS to the phone number on My Account. Codes, password resets and
            receipts are always e-mailed.
          </p>
          {waiting > 0 && <p className="mt-2 text-amber-800">{online ? 'Saving your changes…' : 'Saved on this phone; your changes will be sent when you are back online.'}</p>}
          {error && <div className="mt-2"><Alert kind="error">{error}</Alert></div>}
          {preferences === undefined ? (
            <Spinner label="Loading your notification settings…" />
          ) : (
            <table className="mt-4 w-full text-left">
              <thead>
                <tr>
                  <th scope="col" className="py-2">Messages</th>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <th key={channel} scope="col" className="w-16 py-2 text-center">{CHANNEL_LABELS[channel]}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {topics.map((topic) => (
                  <tr key={topic} className="border-t">
                    <th scope="row" className="py-3 pr-2 font-normal">
                      <span className="block font-medium text-gray-900">{TOPIC_LABELS[topic].title}</span>
                      <span className="text-xs text-gray-600">{TOPIC_LABELS[topic].description}</span>
                    </th>
                    {NOTIFICATION_CHANNELS.map((channel) => (
                      <td key={channel} className="text-center">
                        <input
                          type="checkbox"
                          className="h-5 w-5 accent-brand"
                          aria-label={`${TOPIC_LABELS[topic].title} by ${CHANNEL_LABELS[channel]}`}
                          checked={preferences[topic][channel]}
                          onChange={(event) => {
                            setError(undefined);
                            setNotificationPreference(topic, channel, event.target.checked).catch((e: unknown) => setError(errorMessage(e, 'Could not save the change.')));
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
        setMessage({ kind: 'success', text: 'Push notifications are off on this device.' });
      } else {
        await enablePush(api);
        setSubscribed(true);
        setMessage({ kind: 'success', text: 'Push notifications are on for this device.' });
      }
    } catch (e) {
      setMessage({ kind: 'error', text: errorMessage(e, 'Push could not be changed. Please try again.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="card p-5 text-sm text-gray-700">
      <h2 className="mb-1 flex items-center gap-2 text-lg font-semibold text-gray-900">
        <Bell className="text-brand" aria-hidden="true" /> Push on this device
      </h2>
      {unavailable ? (
        <p>{unavailable}</p>
      ) : (
        <>
          <p>Push shows a notification on this phone even when the app is closed; tap it to open the order.</p>
          <button type="button" className="btn-primary mt-3 inline-flex items-center gap-2" disabled={busy || !online || subscribed === undefined} onClick={() => void toggle()}>
            {subscribed ? <BellOff aria-hidden="true" className="h-4 w-4" /> : <Bell aria-hidden="true" className="h-4 w-4" />}
            {subscribed ? 'Turn off push on this device' : 'Turn on push on this device'}
          </button>
          {!online && <p className="mt-2">Turning push on or off needs the network.</p>}
        </>
      )}
      {message && <div className="mt-2"><Alert kind={message.kind}>{message.text}</Alert></div>}
    </div>
  );
}
