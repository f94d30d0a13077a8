import { useState, type FormEvent } from 'react';
import { sendSmsSignInCode, signInWithSmsCode } from '../../../local/account';
import { SMS_SIGN_IN_MESSAGES, smsSendCodeSchema, smsVerifySchema } from '../../../shared/schemas/sms-sign-in';
import { parseWith } from '../../../shared/schemas/parse';
import { Alert } from '../../components/ui/Alert';
import { Field } from '../../components/ui/forms';
import { errorMessage } from '../../lib/error-message';
import { publicApi } from '../../lib/publicApi';

/**
 * Sign-in with a code texted to the phone: for accounts made by dialing Akuafo Market (USSD),
 * which have no e-mail or password, and sellers who linked their number.
 */
export function SmsSignIn({ onSignedIn }: { onSignedIn: () => void }) {
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
      setError(Object.values(parsed.error.fieldErrors)[0] ?? parsed.error.message);
      return;
    }
    setBusy(true);
    try {
      if (sent) {
        await signInWithSmsCode(publicApi, phone, code);
        onSignedIn();
      } else {
        await sendSmsSignInCode(publicApi, phone);
        setSent(true);
      }
    } catch (e) {
      setError(errorMessage(e, 'Sign-in by SMS failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <details className="mt-6 rounded border border-gray-200 p-3">
      <summary className="cursor-pointer font-medium text-brand-dark">Sign in with a code by SMS</summary>
      <p className="mt-2 text-sm text-gray-700">For accounts made by dialing Akuafo Market on a phone.</p>
      <form onSubmit={submit} noValidate className="mt-3 grid gap-3">
        {error && <Alert kind="error">{error}</Alert>}
        {sent && <Alert kind="success">{SMS_SIGN_IN_MESSAGES.sent}</Alert>}
        <Field label="Mobile number" type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
        {sent && <Field label="6-digit code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} />}
        <button type="submit" className="btn-outline w-full" disabled={busy}>
          {sent ? 'Sign in with the code' : 'Text me a code'}
        </button>
      </form>
    </details>
  );
}
