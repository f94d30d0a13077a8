import { useState, type FormEvent } from 'react';
import type { UssdScreen as Screen } from '../../../shared/api/ussd';
import { api } from '../../lib/api';
import { Spinner } from '../../components/Spinner';
import { useSession } from '../../hooks/useSession';
import { useT } from '../../i18n/language';

const newSession = () => `SIM-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * /admin/ussd: a feature phone on screen that drives the USSD service (the same engine and
 * sessions the gateways reach), for demos and for following a caller on a support call.
 */
export default function UssdSimulatorPage() {
  const t = useT();
  const { session, loading } = useSession();
  const [phone, setPhone] = useState('0241234567');
  const [sessionId, setSessionId] = useState(newSession);
  const [answers, setAnswers] = useState<string[] | undefined>();
  const [screen, setScreen] = useState<Screen>();
  const [input, setInput] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  if (loading) return <Spinner />;
  if (session?.user.userType !== 'ADMIN') return <p className="container-page py-8 text-gray-700">{t('admin.notOperator')}</p>;

  const send = async (next: string[], id = sessionId) => {
    setBusy(true);
    setError(undefined);
    try {
      const form = new FormData();
      form.set('sessionId', id);
      form.set('serviceCode', '*920*44#');
      form.set('phoneNumber', phone);
      form.set('networkCode', 'simulator');
      form.set('text', next.join('*'));
      // Africa's Talking's fields as a form, the way the gateway posts them (no body schema is declared).
      const answer = await api.call('POST /admin/ussd', undefined, { body: form });
      setAnswers(next);
      setScreen(answer.data);
      setInput('');
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The USSD service did not answer.');
    } finally {
      setBusy(false);
    }
  };

  const dial = () => {
    const id = newSession();
    setSessionId(id);
    void send([], id);
  };

  const reply = (event: FormEvent) => {
    event.preventDefault();
    if (answers && screen && !screen.end) void send([...answers, input]);
  };

  return (
    <div className="container-page py-6">
      <h1 className="mb-4 text-2xl font-bold text-gray-900">{t('admin.ussd.title')}</h1>
      <div className="mx-auto max-w-xs rounded-[2rem] border-8 border-gray-800 bg-gray-100 p-4 shadow-lg">
        <label className="mb-2 block text-sm font-medium text-gray-800">
          Caller&apos;s number
          <input className="mt-1 w-full rounded border px-2 py-1" type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
        </label>
        <output aria-live="polite" className="block min-h-48 whitespace-pre-wrap rounded bg-green-50 p-3 font-mono text-sm text-gray-900 ring-1 ring-green-200">
          {screen ? screen.text : 'Press Dial to call *920*44#.'}
          {screen?.end && <span className="mt-2 block text-xs text-gray-600">(session ended)</span>}
        </output>
        {error && <p role="alert" className="mt-2 text-sm text-red-800">{error}</p>}
        <form onSubmit={reply} className="mt-3 flex gap-2">
          <input aria-label="Reply" className="min-w-0 flex-1 rounded border px-2 py-1" value={input} onChange={(e) => setInput(e.target.value)} disabled={!screen || screen.end || busy} />
          <button type="submit" className="btn-primary" disabled={!screen || screen.end || busy}>Send</button>
        </form>
        <button type="button" className="btn-outline mt-3 w-full" onClick={dial} disabled={busy}>Dial</button>
      </div>
    </div>
  );
}
