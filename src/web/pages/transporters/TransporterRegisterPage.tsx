import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../../local/api';
import { registerTransporter } from '../../../local/transporters';
import { GHANA_REGIONS } from '../../../shared/catalogue';
import { GHANA_CARD_EXAMPLE } from '../../../shared/ghana-card';
import { parseWith } from '../../../shared/schemas/parse';
import { TRANSPORTER_MESSAGES, transporterRegistrationSchema, VEHICLE_TYPES, type TransporterRegistrationInput } from '../../../shared/schemas/transporters';
import { publicApi } from '../../lib/publicApi';
import { Alert } from '../../components/ui/Alert';
import { AuthCard } from '../../components/AuthCard';
import { Field, PasswordField, useApiText } from '../../components/ui/forms';
import { errorMessage } from '../../lib/error-message';
import { useT } from '../../i18n/language';

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'businessRegion', 'phoneNumber', 'ghanaCardNumber', 'vehicleType', 'capacityKg', 'plateNumber', 'payoutNumber'] as const;
type FieldName = (typeof FIELDS)[number];
const EMPTY = Object.fromEntries(FIELDS.map((f) => [f, ''])) as Record<FieldName, string>;

/** What the form sends: the capacity as a number (the schema wants whole kg), empty optional fields left out. */
function payloadOf(form: Record<FieldName, string>) {
  const { capacityKg, phoneNumber, ...rest } = form;
  return { ...rest, capacityKg: capacityKg.trim() === '' ? Number.NaN : Number(capacityKg), ...(phoneNumber.trim() ? { phoneNumber } : {}) };
}

/**
 * /transporters/register: the person, their vehicle and the wallet their fees are paid to,
 * checked here with the server's own schema; the operator verifies the Ghana Card and the
 * vehicle before the account may accept loads (docs/transport.md).
 */
export default function TransporterRegisterPage() {
  const t = useT();
  const say = useApiText();
  const selectId = useId();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [registeredEmail, setRegisteredEmail] = useState<string>();

  const set = (field: FieldName) => (event: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: event.target.value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };
  const input = (field: FieldName) => ({ value: form[field], onChange: set(field), error: errors[field], name: field });
  const select = (field: FieldName, label: string, options: readonly { value: string; label: string }[]) => (
    <div>
      <label htmlFor={`${selectId}-${field}`} className="mb-1 block text-sm font-medium text-gray-800">{label}</label>
      <select id={`${selectId}-${field}`} name={field} className="input" value={form[field]} onChange={set(field)} aria-invalid={errors[field] ? true : undefined} aria-describedby={errors[field] ? `${selectId}-${field}-error` : undefined}>
        <option value="">{t('transporter.form.choose')}</option>
        {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
      </select>
      {errors[field] && <p id={`${selectId}-${field}-error`} className="mt-1 text-sm text-red-700">{say(errors[field])}</p>}
    </div>
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseWith(transporterRegistrationSchema, payloadOf(form));
    if (!parsed.ok) {
      setErrors(parsed.error.fieldErrors);
      return;
    }
    setBusy(true);
    setFailure(undefined);
    try {
      // As typed (the schema above has passed it; the server reads it with the same schema).
      const answer = await registerTransporter(publicApi, payloadOf(form) as TransporterRegistrationInput);
      setRegisteredEmail(answer.email);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setErrors({ email: error.message });
      else if (error instanceof ApiError && error.fieldErrors) setErrors(error.fieldErrors);
      setFailure(errorMessage(error, 'Registration failed. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  if (registeredEmail) {
    return (
      <AuthCard title={t('transporter.register')} wide>
        <div className="space-y-4">
          <Alert kind="success">{say(TRANSPORTER_MESSAGES.registered)}</Alert>
          <p className="text-gray-700">{t('transporter.form.sentTo', { email: registeredEmail })}</p>
          <Link to="/signin" className="btn-primary">{t('transporter.form.signIn')}</Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('transporter.register')} wide>
      <p className="-mt-4 mb-6 text-center text-sm text-gray-700">{t('transporter.form.intro')}</p>
      <form onSubmit={submit} noValidate className="space-y-4">
        {failure && <Alert kind="error">{failure}</Alert>}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('transporter.form.firstName')} autoComplete="given-name" {...input('firstName')} />
          <Field label={t('transporter.form.lastName')} autoComplete="family-name" {...input('lastName')} />
        </div>
        <Field label={t('transporter.form.email')} type="email" autoComplete="email" {...input('email')} />
        <PasswordField label={t('transporter.form.password')} autoComplete="new-password" {...input('password')} />
        {select('businessRegion', t('transporter.form.region'), GHANA_REGIONS.map((r) => ({ value: r, label: r })))}
        <Field label={t('transporter.form.phone')} type="tel" inputMode="tel" autoComplete="tel-national" placeholder="024 123 4567" {...input('phoneNumber')} />
        <Field label={t('transporter.form.ghanaCard')} placeholder={GHANA_CARD_EXAMPLE} {...input('ghanaCardNumber')} />
        {select('vehicleType', t('transporter.form.vehicle'), VEHICLE_TYPES.map((v) => ({ value: v, label: t(`transport.vehicle.${v}`) })))}
        <Field label={t('transporter.form.capacity')} type="number" inputMode="numeric" min={10} max={60000} step={1} {...input('capacityKg')} />
        <Field label={t('transporter.form.plate')} placeholder="GR-1234-24" autoCapitalize="characters" {...input('plateNumber')} />
        <Field label={t('transporter.form.payout')} type="tel" inputMode="tel" placeholder="024 123 4567" {...input('payoutNumber')} />
        <button type="submit" className="btn-primary w-full" disabled={busy}>{busy ? t('transporter.form.sending') : t('transporter.form.submit')}</button>
      </form>
      <p className="mt-6 text-center text-sm text-gray-700">
        <Link to="/signin" className="font-medium text-brand-dark underline">{t('transporter.form.haveAccount')}</Link>
      </p>
    </AuthCard>
  );
}
