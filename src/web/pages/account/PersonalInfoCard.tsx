import { useState, type FormEvent } from 'react';
import { updateProfile, refreshProfile, requestContactChange, resendEmailCode, sendPhoneCode } from '../../../local/account';
import { ApiError } from '../../../local/api';
import { MESSAGES, profileUpdateSchema, type ContactChannel, type Profile, type ProfileUpdate } from '../../../shared/schemas/accounts';
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

const TYPE_LABEL = { CUSTOMER: 'Buyer', SELLER: 'Seller', ADMIN: 'Operator' } as const;

/**
 * Personal information with Edit / Save / Cancel. Names go through the outbox, so they show
 * at once and reach the server now or when the network returns. A new e-mail or phone asks
 * for the current password (an account without one: a code texted to its number), is sent
 * online only, and waits for the code sent to the new address.
 */
export function PersonalInfoCard({ profile }: { profile: Profile }) {
  const loaded = { firstName: profile.user.firstName, lastName: profile.user.lastName, email: profile.user.email, phone: profile.phoneNumber ?? '' };
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
      setNotice({ kind: 'error', text: MESSAGES.noChanges });
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
        const message = withPassword ? MESSAGES.confirmWithPassword : MESSAGES.confirmWithCode;
        setErrors({ proof: message });
        return;
      }
      if (!online) {
        setNotice({ kind: 'error', text: 'You are offline. Changing your e-mail or phone needs the network.' });
        return;
      }
    }
    try {
      for (const [channel, value] of contact) await requestContactChange(api, channel, value, withPassword ? { currentPassword: proof } : { code: proof });
      if (firstName !== undefined || lastName !== undefined) await updateProfile({ firstName, lastName });
      await reread();
      setEditing(false);
      const pending = contact.filter(([, value]) => value !== '').map(([channel]) => (channel === 'email' ? 'e-mail address' : 'phone number'));
      setNotice({
        kind: 'success',
        text: pending.length > 0 ? `We sent a code to your new ${pending.join(' and ')}. Enter it below to finish.` : online ? MESSAGES.profileUpdated : `${MESSAGES.profileUpdated}. It will be sent when you are back online.`,
      });
    } catch (e) {
      if (e instanceof ApiError && e.fieldErrors && (e.fieldErrors.currentPassword || e.fieldErrors.code)) {
        setErrors({ proof: e.fieldErrors.currentPassword ?? e.fieldErrors.code! });
        return;
      }
      if (e instanceof ApiError && e.fieldErrors) setErrors(e.fieldErrors);
      setNotice({ kind: 'error', text: errorMessage(e, 'Failed to update profile') });
    }
  };

  const verifyEmail = async () => {
    try {
      await resendEmailCode(publicApi, profile.user.email);
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 429)) {
        setNotice({ kind: 'error', text: errorMessage(e, 'Failed to resend code') });
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
        <h2 className="text-lg font-semibold">Personal Information</h2>
        {!editing && <button type="button" className="btn-outline px-3 py-1.5 text-sm" onClick={edit}>Edit</button>}
      </div>
      {notice && <div className="mb-3"><Alert kind={notice.kind}>{notice.text}</Alert></div>}
      {editing ? (
        <form onSubmit={save} noValidate className="grid gap-3 sm:grid-cols-2">
          <Field label="First name" autoComplete="given-name" {...field('firstName')} />
          <Field label="Last name" autoComplete="family-name" {...field('lastName')} />
          <Field label="Email" type="email" autoComplete="email" {...field('email')} />
          <Field label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
          {contactChanged && (
            <div className="sm:col-span-2">
              {withPassword ? (
                <PasswordField
                  label="Current password"
                  autoComplete="current-password"
                  value={proof}
                  onChange={(e) => { setProof(e.target.value); setErrors((x) => ({ ...x, proof: '' })); }}
                  error={errors.proof}
                  hint={<p className="mt-1 text-sm text-gray-700">To change your e-mail or phone, enter your password. We then send a code to the new address.</p>}
                />
              ) : (
                <>
                  <Field label="Code sent to your current phone" inputMode="numeric" autoComplete="one-time-code" maxLength={6} value={proof} error={errors.proof} onChange={(e) => { setProof(e.target.value.replace(/\D/g, '')); setErrors((x) => ({ ...x, proof: '' })); }} />
                  <button type="button" className="btn-outline mt-2 min-h-11" onClick={() => sendPhoneCode(api).then(() => setNotice({ kind: 'success', text: 'We sent a code to your current phone.' }), (e) => setNotice({ kind: 'error', text: errorMessage(e, 'Failed to send the code') }))}>
                    Text me a code
                  </button>
                </>
              )}
            </div>
          )}
          <div className="flex gap-2 sm:col-span-2">
            <button type="submit" className="btn-primary">Save</button>
            <button type="button" className="btn-outline" onClick={() => { setForm(loaded); setErrors({}); setEditing(false); }}>Cancel</button>
          </div>
        </form>
      ) : (
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div><dt className="text-gray-600">First name</dt><dd className="font-medium">{profile.user.firstName}</dd></div>
          <div><dt className="text-gray-600">Last name</dt><dd className="font-medium">{profile.user.lastName}</dd></div>
          <div>
            <dt className="text-gray-600">Email</dt>
            <dd className="font-medium break-all">{profile.user.email}</dd>
            {!profile.user.isEmailVerified && (
              <dd className="mt-1 text-amber-800">
                Not verified yet.{' '}
                <button type="button" className="font-semibold underline" onClick={verifyEmail}>Verify now</button>
              </dd>
            )}
            {profile.pendingEmail && <dd><PendingChange channel="email" value={profile.pendingEmail} onSettled={settled} /></dd>}
          </div>
          <div>
            <dt className="text-gray-600">Phone</dt>
            <dd className="font-medium">{displayPhone(profile.phoneNumber)}{profile.phoneNumber && profile.isPhoneVerified ? ' (verified)' : ''}</dd>
            {profile.phoneNumber && profile.isPhoneVerified === false && (
              <dd><PhoneVerification onVerified={() => settled(MESSAGES.phoneVerified)} /></dd>
            )}
            {profile.pendingPhone && <dd><PendingChange channel="phone" value={displayPhone(profile.pendingPhone)} onSettled={settled} /></dd>}
          </div>
          <div><dt className="text-gray-600">Account type</dt><dd className="font-medium">{TYPE_LABEL[profile.user.userType]}</dd></div>
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
          setNotice({ kind: 'success', text: 'Email address verified' });
        }}
      />
      )}
    </div>
  );
}
