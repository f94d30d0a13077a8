import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../local/api';
import { register, signIn } from '../../../local/account';
import { localDb } from '../../../local/db';
import { deviceLanguage } from '../../i18n/device-choice';
import { DEFAULT_COUNTRY, internationalNumber } from '../../../shared/reference/countries';
import { isStrongPassword, registerSchema, signUpStepSchemas } from '../../../shared/schemas/accounts';
import { parseWith } from '../../../shared/schemas/parse';
import { CountryRegionFields, useCountries } from './CountryRegionFields';
import { VerifyEmailDialog } from './VerifyEmailDialog';
import { publicApi } from '../../lib/publicApi';
import { returnPath, type ReturnState } from './return-path';
import { showToast } from '../../components/ui/toast';
import { Alert } from '../../components/ui/Alert';
import { AuthCard } from '../../components/AuthCard';
import { apiText, Field, PasswordField } from '../../components/ui/forms';
import { errorMessage } from '../../lib/error-message';
import { usePasswordNote } from './PasswordChecklist';
import { useT } from '../../i18n/language';

const STEPS = ['signup.step.name', 'signup.step.password', 'signup.step.address'] as const;

const blank = {
  firstName: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  country: DEFAULT_COUNTRY,
  region: '',
  street: '',
  city: '',
  postalCode: '',
  phone: '',
};
type Form = typeof blank;

/** /signup: the buyer's three-step wizard, then the e-mail code, then signed in and on to where they were going. */
export default function SignUpPage() {
  const t = useT();
  const passwordNote = usePasswordNote();
  const navigate = useNavigate();
  const from = (useLocation().state as ReturnState | null)?.from;
  const countries = useCountries();
  const [step, setStep] = useState(0);
  const [form, setForm] = useState<Form>(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<{ kind: 'error' | 'success'; text: string }>();
  const [busy, setBusy] = useState(false);
  const [registeredEmail, setRegisteredEmail] = useState<string>();
  const [verifying, setVerifying] = useState(false);

  const dialCode = countries?.find((c) => c.name === form.country)?.dialCode ?? '';
  const set = (key: keyof Form) => (value: string) => {
    setForm((f) => ({ ...f, [key]: key === 'phone' ? value.replace(/\D/g, '') : value }));
    setErrors((e) => ({ ...e, [key]: '', [`address.${key}`]: '', ...(key === 'phone' ? { phoneNumber: '' } : {}) }));
  };

  const stepInput = (i: number) =>
    [
      { firstName: form.firstName, lastName: form.lastName, email: form.email },
      { password: form.password, confirmPassword: form.confirmPassword },
      {
        phoneNumber: internationalNumber(dialCode, form.phone),
        address: { street: form.street, city: form.city, region: form.region, postalCode: form.postalCode, country: form.country },
      },
    ][i];

  const check = (i: number) => {
    const parsed = parseWith(signUpStepSchemas[i]!, stepInput(i));
    if (parsed.ok) return true;
    setErrors(parsed.error.fieldErrors);
    setBanner({ kind: 'error', text: t('signup.fixErrors') });
    return false;
  };

  const next = () => {
    if (!check(step)) return;
    setBanner(undefined);
    setStep((s) => s + 1);
  };
  const back = () => {
    setErrors({});
    setBanner(undefined);
    setStep((s) => s - 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (step < STEPS.length - 1) return next();
    if (!check(step)) return;
    const parsed = parseWith(registerSchema, { ...stepInput(0), password: form.password, ...stepInput(2), language: deviceLanguage() });
    if (!parsed.ok) {
      setBanner({ kind: 'error', text: apiText(parsed.error.message) });
      return;
    }
    setBusy(true);
    setBanner(undefined);
    try {
      const { email } = await register(publicApi, parsed.value);
      setRegisteredEmail(email);
      setBanner({ kind: 'success', text: t('signup.created', { email }) });
      setVerifying(true);
    } catch (e) {
      const text = e instanceof ApiError && e.status < 500 && !e.isNetwork ? e.message : t('signup.failed');
      if (e instanceof ApiError && e.status === 409) {
        setErrors({ email: e.message });
        setStep(0);
      }
      setBanner({ kind: 'error', text });
    } finally {
      setBusy(false);
    }
  };

  const afterVerification = async () => {
    try {
      await signIn(publicApi, registeredEmail ?? form.email, form.password, localDb, deviceLanguage());
      showToast(t('api.signedIn'));
      navigate(returnPath({ from }), { replace: true });
    } catch (e) {
      setVerifying(false);
      setBanner({ kind: 'error', text: errorMessage(e, t('auth.loginFailedAfterVerify')) });
    }
  };

  const strong = isStrongPassword(form.password);
  return (
    <AuthCard title={t('signup.title')}>
      <ol className="mb-6 flex items-center justify-between gap-2" aria-label={t('signup.steps')}>
        {STEPS.map((label, i) => (
          <li key={label} className="flex flex-1 flex-col items-center gap-1 text-xs" aria-current={i === step ? 'step' : undefined}>
            <span className={`flex h-8 w-8 items-center justify-center rounded-full font-semibold ${i <= step ? 'bg-brand-dark text-white' : 'bg-gray-200 text-gray-700'}`}>{i + 1}</span>
            <span className={i === step ? 'font-semibold text-gray-900' : 'text-gray-600'}>{t(label)}</span>
          </li>
        ))}
      </ol>
      <form onSubmit={submit} noValidate className="grid gap-4">
        {banner && <Alert kind={banner.kind}>{banner.text}</Alert>}
        {step === 0 && (
          <>
            <Field label={t('signup.firstName')} autoComplete="given-name" value={form.firstName} onChange={(e) => set('firstName')(e.target.value)} error={errors.firstName} />
            <Field label={t('signup.lastName')} autoComplete="family-name" value={form.lastName} onChange={(e) => set('lastName')(e.target.value)} error={errors.lastName} />
            <Field label={t('auth.emailLabel')} type="email" autoComplete="email" value={form.email} onChange={(e) => set('email')(e.target.value)} error={errors.email} />
          </>
        )}
        {step === 1 && (
          <>
            <PasswordField
              label={t('auth.passwordLabel')}
              autoComplete="new-password"
              value={form.password}
              onChange={(e) => set('password')(e.target.value)}
              error={errors.password}
              note={passwordNote}
              hint={
                form.password && (
                  <p className={`mt-1 text-sm font-medium ${strong ? 'text-green-700' : 'text-amber-700'}`}>
                    {t('signup.strength', { strength: strong ? t('signup.strong') : t('signup.weak') })}
                  </p>
                )
              }
            />
            <PasswordField label={t('signup.confirmPassword')} autoComplete="new-password" value={form.confirmPassword} onChange={(e) => set('confirmPassword')(e.target.value)} error={errors.confirmPassword} />
          </>
        )}
        {step === 2 && (
          <>
            <CountryRegionFields
              countries={countries}
              country={form.country}
              region={form.region}
              onCountry={set('country')}
              onRegion={set('region')}
              errors={{ country: errors['address.country'], region: errors['address.region'] }}
            />
            <Field label={t('signup.street')} autoComplete="street-address" value={form.street} onChange={(e) => set('street')(e.target.value)} error={errors['address.street']} />
            <Field label={t('signup.city')} autoComplete="address-level2" value={form.city} onChange={(e) => set('city')(e.target.value)} error={errors['address.city']} />
            <Field label={t('signup.postalCode')} autoComplete="postal-code" value={form.postalCode} onChange={(e) => set('postalCode')(e.target.value)} error={errors['address.postalCode']} />
            <div>
              <label htmlFor="signup-phone" className="mb-1 block text-sm font-medium text-gray-800">{t('signup.phone')}</label>
              <div className="flex">
                <span className="inline-flex items-center rounded-l-lg border border-r-0 border-gray-400 bg-gray-100 px-3 text-gray-700">+{dialCode || '…'}</span>
                <input
                  id="signup-phone"
                  className="input rounded-l-none"
                  type="tel"
                  inputMode="numeric"
                  autoComplete="tel-national"
                  placeholder="241234567"
                  value={form.phone}
                  onChange={(e) => set('phone')(e.target.value)}
                  aria-invalid={errors.phoneNumber ? true : undefined}
                />
              </div>
              {errors.phoneNumber && <p className="mt-1 text-sm text-red-700">{apiText(errors.phoneNumber)}</p>}
            </div>
          </>
        )}
        <div className="flex gap-3">
          {step > 0 && (
            <button type="button" onClick={back} className="btn-outline flex-1">{t('signup.back')}</button>
          )}
          {step < STEPS.length - 1 ? (
            <button type="submit" className="btn-primary flex-1">{t('signup.next')}</button>
          ) : (
            <button type="submit" className="btn-primary flex-1" disabled={busy}>{busy ? t('signup.busy') : t('signup.submit')}</button>
          )}
        </div>
        {registeredEmail && !verifying && (
          <button type="button" onClick={() => setVerifying(true)} className="btn-outline">{t('signup.enterCode')}</button>
        )}
      </form>
      <p className="mt-6 text-center text-sm text-gray-700">
        {t('auth.haveAccount')} <Link to="/signin" state={from ? { from } : undefined} className="font-medium text-brand-dark underline">{t('auth.signIn')}</Link>
      </p>
      <p className="mt-2 text-center text-sm text-gray-700">
        {t('signup.browsing')} <Link to="/products" className="underline">{t('signup.continue')}</Link>
      </p>
      {registeredEmail && (
        <VerifyEmailDialog email={registeredEmail} open={verifying} onClose={() => setVerifying(false)} onVerified={afterVerification} />
      )}
    </AuthCard>
  );
}
