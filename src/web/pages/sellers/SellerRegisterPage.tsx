import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../local/api';
import { registerSeller } from '../../../local/sellers';
import { GHANA_REGIONS } from '../../../shared/catalogue';
import { GHANA_CARD_EXAMPLE } from '../../../shared/ghana-card';
import { parseWith } from '../../../shared/schemas/parse';
import {
  BUSINESS_DESCRIPTION_MAX,
  BUSINESS_TYPES,
  SELLER_MESSAGES,
  passwordStrength,
  sellerRegisterStepSchemas,
} from '../../../shared/schemas/sellers';
import { publicApi } from '../../lib/publicApi';
import { showToast } from '../../components/ui/toast';
import { Alert } from '../../components/ui/Alert';
import { Field, PasswordField, useApiText } from '../../components/ui/forms';
import { errorMessage } from '../../lib/error-message';
import { SelectField, TextAreaField } from './fields';
import { SellerVerifyDialog } from './SellerVerifyDialog';
import { useT } from '../../i18n/language';

const STEPS = ['Personal', 'Business', 'Contact'] as const;
const STEP_FIELDS: string[][] = [
  ['firstName', 'lastName', 'email', 'password', 'confirmPassword'],
  ['ghanaCardNumber', 'businessType', 'businessName', 'businessDescription'],
  ['businessRegion', 'phoneNumber', 'businessAddress', 'invitationToken'],
];

const EMPTY: Record<string, string> = Object.fromEntries(STEP_FIELDS.flat().map((f) => [f, '']));

/** /sellers/register: three steps, each checked by Next with the server's own schema. */
export default function SellerRegisterPage() {
  const t = useT();
  const say = useApiText();
  const [step, setStep] = useState(0);
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [registeredEmail, setRegisteredEmail] = useState<string>();
  const [dialogOpen, setDialogOpen] = useState(false);

  const set = (field: string) => (event: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: event.target.value }));
    // Errors clear when the field is edited.
    setErrors(({ [field]: _, ...rest }) => rest);
  };
  const input = (field: string) => ({ value: form[field], onChange: set(field), error: errors[field], name: field });

  const checkStep = (index: number): boolean => {
    const parsed = parseWith(sellerRegisterStepSchemas[index], form);
    if (parsed.ok) return true;
    setErrors(parsed.error.fieldErrors);
    return false;
  };

  const next = () => {
    if (checkStep(step)) setStep((s) => s + 1);
  };
  const back = () => {
    setErrors({});
    setStep((s) => s - 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (step < STEPS.length - 1) return next();
    if (!checkStep(step)) return;
    setBusy(true);
    setFailure(undefined);
    const { confirmPassword: _, ...payload } = form;
    try {
      const answer = await registerSeller(publicApi, payload);
      setRegisteredEmail(answer.email);
      setDialogOpen(true);
      showToast(SELLER_MESSAGES.signUpToast);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // The e-mail is taken: show it where the e-mail is typed.
        setStep(0);
        setErrors({ email: error.message });
      } else if (error instanceof ApiError && error.fieldErrors) {
        const fields = Object.keys(error.fieldErrors);
        const first = STEP_FIELDS.findIndex((names) => names.some((n) => fields.includes(n)));
        if (first >= 0) setStep(first);
        setErrors(error.fieldErrors);
      }
      setFailure(errorMessage(error, 'Registration failed. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  if (registeredEmail) {
    return (
      <div className="flex min-h-dvh items-start justify-center bg-gray-50 px-4 py-8 sm:items-center">
        <div className="card w-full max-w-lg space-y-4 p-6">
          <p className="text-center text-lg font-bold text-brand-dark">Akuafo Market</p>
          <Alert kind="success">{SELLER_MESSAGES.registered}</Alert>
          <p className="text-gray-700">We sent a verification link to <strong>{registeredEmail}</strong>.</p>
          <div className="flex flex-wrap gap-3">
            <button type="button" className="btn-outline" onClick={() => setDialogOpen(true)}>I did not get the e-mail</button>
            <Link to="/signin" className="btn-primary">Go to sign in</Link>
          </div>
        </div>
        <SellerVerifyDialog email={registeredEmail} open={dialogOpen} onClose={() => setDialogOpen(false)} />
      </div>
    );
  }

  const strength = form.password ? passwordStrength(form.password) : undefined;
  return (
    <div className="flex min-h-dvh items-start justify-center bg-gray-50 px-4 py-8 sm:items-center">
      <div className="card w-full max-w-lg p-6">
        <p className="mb-2 text-center text-lg font-bold text-brand-dark">Akuafo Market</p>
        <h1 className="mb-4 text-center text-2xl font-bold">{t('seller.title.register')}</h1>
        <ol className="mb-6 grid grid-cols-3 gap-2 text-center text-sm" aria-label="Registration steps">
          {STEPS.map((name, i) => (
            <li key={name} aria-current={i === step ? 'step' : undefined} className={`rounded-full px-2 py-1 font-medium ${i <= step ? 'bg-brand-dark text-white' : 'bg-gray-100 text-gray-700'}`}>
              {i + 1}. {name}
            </li>
          ))}
        </ol>
        <form onSubmit={submit} noValidate className="space-y-4">
          {failure && <Alert kind="error">{failure}</Alert>}
          {step === 0 && (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="First Name" autoComplete="given-name" {...input('firstName')} />
                <Field label="Last Name" autoComplete="family-name" {...input('lastName')} />
              </div>
              <Field label="Email" type="email" autoComplete="email" {...input('email')} />
              <PasswordField
                label="Password"
                autoComplete="new-password"
                {...input('password')}
                hint={
                  strength && (
                    <p className={`mt-1 text-sm font-medium ${strength === 'Strong' ? 'text-green-700' : 'text-red-700'}`} aria-live="polite">
                      Password strength: {strength}
                    </p>
                  )
                }
              />
              <PasswordField label="Confirm Password" autoComplete="new-password" {...input('confirmPassword')} />
            </>
          )}
          {step === 1 && (
            <>
              <Field label="Ghana Card Number (optional)" placeholder={GHANA_CARD_EXAMPLE} {...input('ghanaCardNumber')} />
              <SelectField label="Business Type" {...input('businessType')}>
                <option value="">Select business type</option>
                {Object.entries(BUSINESS_TYPES).map(([value, label]) => (
                  <option key={value} value={value}>{label}</option>
                ))}
              </SelectField>
              <Field label="Business Name" autoComplete="organization" {...input('businessName')} />
              <TextAreaField
                label="Business Description"
                {...input('businessDescription')}
                hint={<p className="mt-1 text-right text-xs text-gray-600">{form.businessDescription.length}/{BUSINESS_DESCRIPTION_MAX}</p>}
              />
            </>
          )}
          {step === 2 && (
            <>
              <SelectField label="Region" {...input('businessRegion')}>
                <option value="">Select region</option>
                {GHANA_REGIONS.map((r) => (
                  <option key={r} value={r}>{r}</option>
                ))}
              </SelectField>
              <div>
                <label htmlFor="seller-phone" className="mb-1 block text-sm font-medium text-gray-800">Phone Number (optional)</label>
                <div className="flex">
                  <span className="inline-flex items-center rounded-l-lg border border-r-0 border-gray-400 bg-gray-100 px-3 text-gray-700">+233</span>
                  <input
                    id="seller-phone"
                    type="tel"
                    inputMode="tel"
                    autoComplete="tel-national"
                    placeholder="201234567"
                    className="input rounded-l-none"
                    value={form.phoneNumber}
                    onChange={set('phoneNumber')}
                    aria-invalid={errors.phoneNumber ? true : undefined}
                    aria-describedby={errors.phoneNumber ? 'seller-phone-error' : undefined}
                  />
                </div>
                {errors.phoneNumber && <p id="seller-phone-error" className="mt-1 text-sm text-red-700">{say(errors.phoneNumber)}</p>}
              </div>
              <Field label="Business Address (optional)" autoComplete="street-address" {...input('businessAddress')} />
              <Field label="Invitation Token (optional)" {...input('invitationToken')} />
            </>
          )}
          <div className="flex gap-3 pt-2">
            {step > 0 && (
              <button type="button" className="btn-outline flex-1" onClick={back}>Back</button>
            )}
            {step < STEPS.length - 1 ? (
              <button type="button" className="btn-primary flex-1" onClick={next}>Next</button>
            ) : (
              <button type="submit" className="btn-primary flex-1" disabled={busy}>{busy ? 'Registering...' : 'Register'}</button>
            )}
          </div>
        </form>
        <p className="mt-6 text-center text-sm text-gray-700">
          Already have an account? <Link to="/signin" className="font-medium text-brand-dark underline">Sign in</Link>
        </p>
        <p className="mt-2 text-center text-sm text-gray-700">
          <Link to="/products" className="font-medium text-brand-dark underline">Browse products</Link>
        </p>
      </div>
    </div>
  );
}
