import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { addAddress } from '../../../local/account';
import { DEFAULT_COUNTRY } from '../../../shared/reference/countries';
import { newAddressSchema } from '../../../shared/schemas/accounts';
import { parseWith } from '../../../shared/schemas/parse';
import { api } from '../../lib/api';
import { useOnline } from '../../hooks/useOnline';
import { AccountLayout } from './AccountLayout';
import { CountryRegionFields, useCountries } from './CountryRegionFields';
import { Alert } from '../../components/ui/Alert';
import { Field } from '../../components/ui/forms';
import { errorMessage } from '../../lib/error-message';
import { useT } from '../../i18n/language';

/** /addresses/new: the sign-up address form, on its own. */
export default function NewAddressPage() {
  const t = useT();
  const navigate = useNavigate();
  const online = useOnline();
  const countries = useCountries();
  const [form, setForm] = useState({ country: DEFAULT_COUNTRY, region: '', street: '', city: '', postalCode: '', isDefault: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = (key: 'country' | 'region' | 'street' | 'city' | 'postalCode') => (value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((x) => ({ ...x, [key]: '' }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseWith(newAddressSchema, form);
    if (!parsed.ok) {
      setErrors(parsed.error.fieldErrors);
      setError(t('addresses.fixErrors'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await addAddress(api, parsed.value);
      navigate('/addresses', { replace: true });
    } catch (e) {
      setError(errorMessage(e, t('addresses.saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AccountLayout title={t('addresses.newTitle')}>
      <form onSubmit={submit} noValidate className="card grid max-w-xl gap-4 p-5">
        {!online && <Alert kind="info">{t('addresses.newOffline')}</Alert>}
        {error && <Alert kind="error">{error}</Alert>}
        <CountryRegionFields countries={countries} country={form.country} region={form.region} onCountry={set('country')} onRegion={set('region')} errors={{ country: errors.country, region: errors.region }} />
        <Field label={t('signup.street')} autoComplete="street-address" value={form.street} onChange={(e) => set('street')(e.target.value)} error={errors.street} />
        <Field label={t('signup.city')} autoComplete="address-level2" value={form.city} onChange={(e) => set('city')(e.target.value)} error={errors.city} />
        <Field label={t('signup.postalCode')} autoComplete="postal-code" value={form.postalCode} onChange={(e) => set('postalCode')(e.target.value)} error={errors.postalCode} />
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={form.isDefault} onChange={(e) => setForm((f) => ({ ...f, isDefault: e.target.checked }))} className="h-4 w-4 accent-brand" />
          {t('addresses.makeMyDefault')}
        </label>
        <div className="flex gap-2">
          <button type="submit" className="btn-primary" disabled={busy || !online}>{busy ? t('addresses.saving') : t('addresses.save')}</button>
          <Link to="/addresses" className="btn-outline">{t('addresses.cancel')}</Link>
        </div>
      </form>
    </AccountLayout>
  );
}
