import { useState, type FormEvent, type ReactNode } from 'react';
import { cancelContactChange, confirmContactChange, resendContactCode, sendPhoneCode, verifyPhoneCode } from '../../local/account';
import type { ContactChannel } from '../../shared/schemas/accounts';
import { api } from '../lib/api';
import { Alert } from './ui/Alert';
import { Field } from './ui/forms';
import { errorMessage } from '../lib/error-message';

const WORDS = { email: 'e-mail address', phone: 'phone number' } as const;

/** One field for a texted or mailed 6-digit code, with its actions under it. */
function CodeForm({ label, onSubmit, children }: { label: string; onSubmit: (code: string) => Promise<void>; children?: ReactNode }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError('Enter the 6-digit code');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit(code.trim());
    } catch (e) {
      setError(errorMessage(e, 'Invalid OTP code'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="mt-2 grid gap-2">
      <Field label={label} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} error={error} onChange={(e) => { setCode(e.target.value.replace(/\D/g, '')); setError(undefined); }} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary min-h-11" disabled={busy}>{busy ? 'Checking…' : 'Confirm code'}</button>
        {children}
      </div>
    </form>
  );
}

/**
 * A new e-mail or phone waiting for its code: the current one stays until the code is
 * entered. `onSettled` rereads the profile (confirmed or cancelled).
 */
export function PendingChange({ channel, value, onSettled }: { channel: ContactChannel; value: string; onSettled: (message?: string) => Promise<void> }) {
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string }>();
  const act = (work: () => Promise<void>, done?: string) => async () => {
    setNotice(undefined);
    try {
      await work();
      if (done) setNotice({ kind: 'success', text: done });
    } catch (e) {
      setNotice({ kind: 'error', text: errorMessage(e, 'Something went wrong. Please try again.') });
    }
  };
  return (
    <div className="mt-2 rounded-lg bg-amber-50 p-3 text-sm ring-1 ring-amber-200">
      <p className="text-amber-900">
        We sent a code to <strong className="break-all">{value}</strong>. Enter it to make this your {WORDS[channel]}; until then your current one stays.
      </p>
      {notice && <div className="mt-2"><Alert kind={notice.kind}>{notice.text}</Alert></div>}
      <CodeForm
        label={`Code sent to the new ${WORDS[channel]}`}
        onSubmit={async (code) => {
          await confirmContactChange(api, channel, code);
          await onSettled(channel === 'email' ? 'Email address changed' : 'Phone number changed and verified');
        }}
      >
        <button type="button" className="btn-outline min-h-11" onClick={act(() => resendContactCode(api, channel), `A new code has been sent to ${value}.`)}>Send a new code</button>
        <button type="button" className="btn-outline min-h-11" onClick={act(async () => { await cancelContactChange(api, channel); await onSettled(); })}>Cancel change</button>
      </CodeForm>
    </div>
  );
}

/** "Not verified" with a way to verify: a code texted to the number on file. */
export function PhoneVerification({ onVerified }: { onVerified: () => Promise<void> }) {
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string>();
  const send = async () => {
    setError(undefined);
    try {
      await sendPhoneCode(api);
      setSent(true);
    } catch (e) {
      setError(errorMessage(e, 'Failed to send the code'));
    }
  };
  return (
    <div className="mt-1 text-amber-800">
      {!sent && (
        <p>
          Not verified yet.{' '}
          <button type="button" className="min-h-11 font-semibold underline" onClick={send}>Verify by SMS</button>
        </p>
      )}
      {error && <Alert kind="error">{error}</Alert>}
      {sent && (
        <>
          <p className="text-gray-800">We sent a code by SMS to this number.</p>
          <CodeForm label="Code from the SMS" onSubmit={async (code) => { await verifyPhoneCode(api, code); await onVerified(); }}>
            <button type="button" className="btn-outline min-h-11" onClick={send}>Send a new code</button>
          </CodeForm>
        </>
      )}
    </div>
  );
}
