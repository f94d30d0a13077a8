import { useState, type FormEvent } from 'react';
import { sendSmsSignInCode, signInWithSmsCode } from '../../../local/account';
import { localDb } from '../../../local/db';
import { deviceLanguage } from '../../i18n/device-choice';
import { smsSendCodeSchema, smsVerifySchema } from '../../../shared/schemas/sms-sign-in';
import { parseWith } from '../../../shared/schemas/parse';
import { apiMessageId } from '../../../shared/i18n/api-messages';
import { Alert } from '../../components/ui/Alert';
import { Field } from '../../components/ui/forms';
import { errorMessage } from '../../lib/error-message';
import { publicApi } from '../../lib/publicApi';
import { useT } from '../../i18n/language';

/**
 * Sign-in with a code texted to the phone: for accounts made by dialing Akuafo Market (USSD),
 * which have no e-mail or password, and sellers who linked their number.
 */
export function SmsSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const t = useT();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const parsed = sent ? parseWith(smsVerifySchema, { phone, code }) : parseWith(smsSendCodeSchema, { phone });
    if (!parsed.ok) {
      const message = Object.values(parsed.error.fieldErrors)[0] ?? parsed.error.message;
      const id = apiMessageId(message);
      setError(id ? t(id) : message);
      return;
    }
    setBusy(true);
    try {
      if (sent) {
        await signInWithSmsCode(publicApi, phone, code, localDb, deviceLanguage());
        onSignedIn();
      } else {
        await sendSmsSignInCode(publicApi, phone);
        setSent(true);
      }
    } catch (e) {
      setError(errorMessage(e, t('sms.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="mt-6 rounded border border-gray-200 p-3">
      <summary className="cursor-pointer font-medium text-brand-dark">{t('sms.summary')}</summary>
      <p className="mt-2 text-sm text-gray-700">{t('sms.note')}</p>
      <form onSubmit={submit} noValidate className="mt-3 grid gap-3">
        {error && <Alert kind="error">{error}</Alert>}
        {sent && <Alert kind="success">{t('api.smsSent')}</Alert>}
        <Field label={t('sms.phone')} type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
        {sent && <Field label={t('sms.code')} inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />}
        <button type="submit" className="btn-outline w-full" disabled={busy}>
          {sent ? t('sms.signIn') : t('sms.send')}
        </button>
      </form>
    </details>
  );
}
