import { useState, type FormEvent } from 'react';
import { updateProfile, refreshProfile, requestContactChange, resendEmailCode, sendPhoneCode } from '../../../local/account';
import { ApiError } from '../../../local/api';
import { profileUpdateSchema, type ContactChannel, type Profile, type ProfileUpdate } from '../../../shared/schemas/accounts';
import { parseWith } from '../../../shared/schemas/parse';
import { api } from '../../lib/api';
import { useOnline } from '../../hooks/useOnline';
import { displayPhone } from './AccountLayout';
import { PendingChange, PhoneVerification } from '../../components/ContactChange';
import { VerifyEmailDialog } from './VerifyEmailDialog';
import { publicApi } from '../../lib/publicApi';
import { Alert } from '../../components/ui/Alert';
import { Field, PasswordField } from '../../components/ui/forms';
import { errorMessage } from '../../lib/error-message';
import { useNotice } from './useNotice';
import { useT } from '../../i18n/language';

const TYPE_LABEL = { CUSTOMER: 'personal.buyer', SELLER: 'personal.seller', ADMIN: 'personal.operator', WAREHOUSE: 'personal.staff', TRANSPORTER: 'personal.transporter' } as const;

/**
 * Personal information with Edit / Save / Cancel. Names go through the outbox, so they show
 * at once and reach the server now or when the network returns. A new e-mail or phone asks
 * for the current password (an account without one: a code texted to its number), is sent
 * online only, and waits for the code sent to the new address.
 */
export function PersonalInfoCard({ profile }: { profile: Profile }) {
  const loaded = { firstName: profile.user.firstName, lastName: profile.user.lastName, email: profile.user.email, phone: profile.phoneNumber ?? '' };
  const t = useT();
  const online = useOnline();
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState(loaded);
  const [proof, setProof] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useNotice();
  const [verifying, setVerifying] = useState(false);
  const withPassword = profile.hasPassword !== false;
  const contactChanged = form.email.trim().toLowerCase() !== loaded.email || form.phone.trim() !== loaded.phone;
  const reread = () => refreshProfile(api).then(() => undefined, () => undefined);

  const edit = () => {
    setForm(loaded);
    setProof('');
    setErrors({});
    setEditing(true);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const changes: ProfileUpdate = {};
    for (const key of ['firstName', 'lastName', 'email', 'phone'] as const) {
      if (form[key].trim() !== loaded[key]) changes[key] = form[key];
    }
    if (Object.keys(changes).length === 0) {
      setNotice({ kind: 'error', text: t('api.noChanges') });
      return;
    }
    const parsed = parseWith(profileUpdateSchema, changes);
    if (!parsed.ok) {
      setErrors(parsed.error.fieldErrors);
      return;
    }
    const { firstName, lastName, email, phone } = parsed.value;
    const contact = ([['email', email], ['phone', phone]] as const).filter((c): c is readonly [ContactChannel, string] => c[1] !== undefined && c[1] !== loaded[c[0]]);
    if (contact.length > 0) {
      if (!proof) {
        const message = withPassword ? t('api.confirmWithPassword') : t('api.confirmWithCode');
        setErrors({ proof: message });
        return;
      }
      if (!online) {
        setNotice({ kind: 'error', text: t('personal.offline') });
        return;
      }
    }
    try {
      for (const [channel, value] of contact) await requestContactChange(api, channel, value, withPassword ? { currentPassword: proof } : { code: proof });
      if (firstName !== undefined || lastName !== undefined) await updateProfile({ firstName, lastName });
      await reread();
      setEditing(false);
      const pending = contact.filter(([, value]) => value !== '').map(([channel]) => channel);
      setNotice({
        kind: 'success',
        text: pending.length > 1 ? t('personal.codeSentBoth') : pending.length === 1 ? t(pending[0] === 'email' ? 'personal.codeSentEmail' : 'personal.codeSentPhone') : online ? t('api.profileUpdated') : t('personal.updatedOffline'),
      });
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors && (e.fieldErrors.currentPassword || e.fieldErrors.code)) {
        setErrors({ proof: e.fieldErrors.currentPassword ?? e.fieldErrors.code! });
        return;
      }
      if (e instanceof ApiError && e.fieldErrors) setErrors(e.fieldErrors);
      setNotice({ kind: 'error', text: errorMessage(e, t('personal.failed')) });
    }
  };

  const verifyEmail = async () => {
    try {
      await resendEmailCode(publicApi, profile.user.email);
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 429)) {
        setNotice({ kind: 'error', text: errorMessage(e, t('auth.resendFailed')) });
        return;
      }
    }
    setVerifying(true);
  };

  const field = (key: keyof typeof form) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [key]: key === 'phone' ? e.target.value.replace(/[^\d+ ]/g, '') : e.target.value }));
      setErrors((x) => ({ ...x, [key]: '' }));
    },
    error: errors[key],
  });

  const settled = async (message?: string) => {
    await reread();
    if (message) setNotice({ kind: 'success', text: message });
  };

  return (
    <div className="card p-5">
      <div className="mb-4 flex items-center justify-between">
        <h2 className="text-lg font-semibold">{t('personal.title')}</h2>
        {!editing && <button type="button" className="btn-outline px-3 py-1.5 text-sm" onClick={edit}>{t('personal.edit')}</button>}
      </div>
      {notice && <div className="mb-3"><Alert kind={notice.kind}>{notice.text}</Alert></div>}
      {editing ? (
        <form onSubmit={save} noValidate className="grid gap-3 sm:grid-cols-2">
          <Field label={t('signup.firstName')} autoComplete="given-name" {...field('firstName')} />
          <Field label={t('signup.lastName')} autoComplete="family-name" {...field('lastName')} />
          <Field label={t('personal.email')} type="email" autoComplete="email" {...field('email')} />
          <Field label={t('personal.phone')} type="tel" autoComplete="tel" {...field('phone')} />
          {contactChanged && (
            <div className="sm:col-span-2">
              {withPassword ? (
                <PasswordField
                  label={t('password.current')}
                  autoComplete="current-password"
                  value={proof}
                  onChange={(e) => { setProof(e.target.value); setErrors((x) => ({ ...x, proof: '' })); }}
                  error={errors.proof}
                  hint={<p className="mt-1 text-sm text-gray-700">{t('personal.proofHint')}</p>}
                />
              ) : (
                <>
                  <Field label={t('personal.codeLabel')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={proof} error={errors.proof} onChange={(e) => { setProof(e.target.value.replace(/\D/g, '')); setErrors((x) => ({ ...x, proof: '' })); }} />
                  <button type="button" className="btn-outline mt-2 min-h-11" onClick={() => sendPhoneCode(api).then(() => setNotice({ kind: 'success', text: t('personal.codeSentCurrent') }), (e) => setNotice({ kind: 'error', text: errorMessage(e, t('personal.sendFailed')) }))}>
                    {t('sms.send')}
                  </button>
                </>
              )}
            </div>
          )}
          <div className="flex gap-2 sm:col-span-2">
            <button type="submit" className="btn-primary">{t('security.save')}</button>
            <button type="button" className="btn-outline" onClick={() => { setForm(loaded); setErrors({}); setEditing(false); }}>{t('security.cancel')}</button>
          </div>
        </form>
      ) : (
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div><dt className="text-gray-600">{t('signup.firstName')}</dt><dd className="font-medium">{profile.user.firstName}</dd></div>
          <div><dt className="text-gray-600">{t('signup.lastName')}</dt><dd className="font-medium">{profile.user.lastName}</dd></div>
          <div>
            <dt className="text-gray-600">{t('personal.email')}</dt>
            <dd className="font-medium break-all">{profile.user.email}</dd>
            {!profile.user.isEmailVerified && (
              <dd className="mt-1 text-amber-800">
                {t('personal.notVerified')}{' '}
                <button type="button" className="font-semibold underline" onClick={verifyEmail}>{t('personal.verifyNow')}</button>
              </dd>
            )}
            {profile.pendingEmail && <dd><PendingChange channel="email" value={profile.pendingEmail} onSettled={settled} /></dd>}
          </div>
          <div>
            <dt className="text-gray-600">{t('personal.phone')}</dt>
            <dd className="font-medium">{displayPhone(profile.phoneNumber)}{profile.phoneNumber && profile.isPhoneVerified ? ` ${t('personal.verified')}` : ''}</dd>
            {profile.phoneNumber && profile.isPhoneVerified === false && (
              <dd><PhoneVerification onVerified={() => settled(t('api.phoneVerified'))} /></dd>
            )}
            {profile.pendingPhone && <dd><PendingChange channel="phone" value={displayPhone(profile.pendingPhone)} onSettled={settled} /></dd>}
          </div>
          <div><dt className="text-gray-600">{t('personal.type')}</dt><dd className="font-medium">{t(TYPE_LABEL[profile.user.userType])}</dd></div>
        </dl>
      )}
      {!profile.user.isEmailVerified && (
      <VerifyEmailDialog
        email={profile.user.email}
        open={verifying}
        onClose={() => setVerifying(false)}
        onVerified={async () => {
          setVerifying(false);
          await refreshProfile(api).catch(() => undefined);
          setNotice({ kind: 'success', text: t('personal.emailVerified') });
        }}
      />
      )}
    </div>
  );
}
