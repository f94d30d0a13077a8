import { useState, type FormEvent } from 'react';
import { updateProfile, refreshProfile, resendEmailCode } from '../../../local/account';
import { ApiError } from '../../../local/api';
import { MESSAGES, profileUpdateSchema, type Profile, type ProfileUpdate } from '../../../shared/schemas/accounts';
import { parseWith } from '../../../shared/schemas/parse';
import { api } from '../../app/api';
import { displayPhone } from './AccountLayout';
import { VerifyEmailDialog } from './VerifyEmailDialog';
import { publicApi } from './publicApi';
import { Alert, Field, errorMessage } from './ui';
import { useNotice } from './useNotice';

const TYPE_LABEL = { CUSTOMER: 'Buyer', SELLER: 'Seller', ADMIN: 'Operator' } as const;

/**
 * Personal information with Edit / Save / Cancel. Saving goes through the outbox, so it
 * shows at once and reaches the server now or when the network returns.
 */
export function PersonalInfoCard({ profile }: { profile: Profile }) {
  const loaded = { firstName: profile.user.firstName, lastName: profile.user.lastName, email: profile.user.email, phone: profile.phoneNumber ?? '' };
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState(loaded);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useNotice();
  const [verifying, setVerifying] = useState(false);

  const edit = () => {
    setForm(loaded);
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
    try {
      await updateProfile(parsed.value as ProfileUpdate);
      setEditing(false);
      setNotice({ kind: 'success', text: navigator.onLine ? MESSAGES.profileUpdated : `${MESSAGES.profileUpdated}. It will be sent when you are back online.` });
    } catch (e) {
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
          </div>
          <div><dt className="text-gray-600">Phone</dt><dd className="font-medium">{displayPhone(profile.phoneNumber)}</dd></div>
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
