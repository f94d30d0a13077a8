import { useState, type FormEvent, type ReactNode } from 'react';
import { cancelContactChange, confirmContactChange, resendContactCode, sendPhoneCode, verifyPhoneCode } from '../../local/account';
import type { ContactChannel } from '../../shared/schemas/accounts';
import { api } from '../lib/api';
import { Alert } from './ui/Alert';
import { Field } from './ui/forms';
import { errorMessage } from '../lib/error-message';
import { useT } from '../i18n/language';

/** One field for a texted or mailed 6-digit code, with its actions under it. */
function CodeForm({ label, onSubmit, children }: { label: string; onSubmit: (code: string) => Promise<void>; children?: ReactNode }) {
  const t = useT();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t('verify.enterCode'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit(code.trim());
    } catch (e) {
      setError(errorMessage(e, t('api.invalidOtp')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate className="mt-2 grid gap-2">
      <Field label={label} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={code} error={error} onChange={(e) => { setCode(e.target.value.replace(/\D/g, '')); setError(undefined); }} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn-primary min-h-11" disabled={busy}>{busy ? t('reset.checking') : t('contact.confirm')}</button>
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
  const t = useT();
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string }>();
  const act = (work: () => Promise<void>, done?: string) => async () => {
    setNotice(undefined);
    try {
      await work();
      if (done) setNotice({ kind: 'success', text: done });
    } catch (e) {
      setNotice({ kind: 'error', text: errorMessage(e, t('contact.failed')) });
    }
  };
  return (
    <div className="mt-2 rounded-lg bg-amber-50 p-3 text-sm ring-1 ring-amber-200">
      <p className="text-amber-900">
        {t('contact.sentBefore')}<strong className="break-all">{value}</strong>{t(channel === 'email' ? 'contact.sentAfterEmail' : 'contact.sentAfterPhone')}
      </p>
      {notice && <div className="mt-2"><Alert kind={notice.kind}>{notice.text}</Alert></div>}
      <CodeForm
        label={t(channel === 'email' ? 'contact.codeEmail' : 'contact.codePhone')}
        onSubmit={async (code) => {
          await confirmContactChange(api, channel, code);
          await onSettled(t(channel === 'email' ? 'contact.emailChanged' : 'contact.phoneChanged'));
        }}
      >
        <button type="button" className="btn-outline min-h-11" onClick={act(() => resendContactCode(api, channel), t('verify.resent', { email: value }))}>{t('contact.newCode')}</button>
        <button type="button" className="btn-outline min-h-11" onClick={act(async () => { await cancelContactChange(api, channel); await onSettled(); })}>{t('contact.cancel')}</button>
      </CodeForm>
    </div>
  );
}

/** "Not verified" with a way to verify: a code texted to the number on file. */
export function PhoneVerification({ onVerified }: { onVerified: () => Promise<void> }) {
  const t = useT();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string>();
  const send = async () => {
    setError(undefined);
    try {
      await sendPhoneCode(api);
      setSent(true);
    } catch (e) {
      setError(errorMessage(e, t('personal.sendFailed')));
    }
  };
  return (
    <div className="mt-1 text-amber-800">
      {!sent && (
        <p>
          {t('personal.notVerified')}{' '}
          <button type="button" className="min-h-11 font-semibold underline" onClick={send}>{t('contact.verifySms')}</button>
        </p>
      )}
      {error && <Alert kind="error">{error}</Alert>}
      {sent && (
        <>
          <p className="text-gray-800">{t('contact.smsSent')}</p>
          <CodeForm label={t('contact.smsCode')} onSubmit={async (code) => { await verifyPhoneCode(api, code); await onVerified(); }}>
            <button type="button" className="btn-outline min-h-11" onClick={send}>{t('contact.newCode')}</button>
          </CodeForm>
        </>
      )}
    </div>
  );
}
