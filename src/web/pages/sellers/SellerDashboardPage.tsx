import { useLiveQuery } from 'dexie-react-hooks';
import { LogOut } from 'lucide-react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { getMeta } from '../../../local/db';
import { profileKey, refreshSellerProfile, saveSellerProfile, type Cached } from '../../../local/sellers';
import { keepMySubmissionsCopy } from '../../../local/submissions';
import { parseWith } from '../../../shared/schemas/parse';
import { formatPhone, MOBILE_MONEY_NETWORKS, NETWORK_LABELS, NETWORK_SHORT_NAMES, networkOf } from '../../../shared/phone';
import { formatDateTime } from '../../../shared/dates';
import { BUSINESS_TYPES, SELLER_MESSAGES, sellerProfileUpdateSchema, type SellerProfile, type SellerProfileUpdateInput } from '../../../shared/schemas/sellers';
import { api } from '../../lib/api';
import { useSignOut } from '../../components/SignOut';
import { Price } from '../../components/Price';
import { Spinner } from '../../components/Spinner';
import { useOnline } from '../../hooks/useOnline';
import { ApiError } from '../../../local/api';
import { requestContactChange } from '../../../local/account';
import { MESSAGES } from '../../../shared/schemas/accounts';
import { PendingChange, PhoneVerification } from '../../components/ContactChange';
import { Alert } from '../../components/ui/Alert';
import { apiText, Field, PasswordField } from '../../components/ui/forms';
import { errorMessage } from '../../lib/error-message';
import { SelectField, TextAreaField } from './fields';
import { LoadError } from '../../components/LoadError';
import { SellerShell } from './SellerShell';
import { useT } from '../../i18n/language';

type Editable = Record<'businessName' | 'businessDescription' | 'phoneNumber' | 'businessAddress' | 'bankAccountName' | 'bankAccountNumber' | 'payoutType' | 'payoutNetwork' | 'payoutBankCode', string>;

const STATUS_LOOK: Record<'VERIFIED' | 'PENDING' | 'OTHER', { box: string; text: string; button?: string }> = {
  VERIFIED: { box: 'bg-green-50 ring-green-300 text-green-900', text: 'Your business is verified.' },
  PENDING: { box: 'bg-yellow-50 ring-yellow-300 text-yellow-900', text: 'Verification pending: finish the checks so buyers can trust your listings.', button: 'Complete Verification' },
  OTHER: { box: 'bg-red-50 ring-red-300 text-red-900', text: 'Your business is not verified yet.', button: 'Start Verification' },
};

function editableOf(p: SellerProfile): Editable {
  return {
    businessName: p.businessName,
    businessDescription: p.businessDescription ?? '',
    phoneNumber: p.phoneNumber ? formatPhone(p.phoneNumber) : '',
    businessAddress: p.businessAddress ?? '',
    bankAccountName: p.bankAccountName ?? '',
    bankAccountNumber: p.bankAccountNumber ?? '',
    payoutType: p.payoutType ?? '',
    payoutNetwork: p.payoutNetwork ?? '',
    payoutBankCode: p.payoutBankCode ?? '',
  };
}

/**
 * The form's strings as the API takes them: only the network or the bank the chosen type needs;
 * `moved`: the seller ticked that the number was moved to the chosen network.
 */
function payoutFields(form: Editable, moved: boolean): Pick<SellerProfileUpdateInput, 'payoutType' | 'payoutNetwork' | 'payoutBankCode' | 'payoutNumberMoved'> {
  const type = form.payoutType === 'MOBILE_MONEY' || form.payoutType === 'BANK' ? form.payoutType : undefined;
  return {
    payoutType: type,
    payoutNetwork: type === 'MOBILE_MONEY' ? MOBILE_MONEY_NETWORKS.find((n) => n === form.payoutNetwork) : undefined,
    payoutBankCode: type === 'BANK' ? form.payoutBankCode.trim() || undefined : undefined,
    payoutNumberMoved: type === 'MOBILE_MONEY' && moved ? true : undefined,
  };
}

/** The network chosen for a wallet whose number was issued on another one (the numbering plan), if so. */
function movedTo(form: Editable) {
  const chosen = MOBILE_MONEY_NETWORKS.find((n) => n === form.payoutNetwork);
  const issued = networkOf(form.bankAccountNumber);
  return form.payoutType === 'MOBILE_MONEY' && chosen && issued && issued !== chosen ? chosen : undefined;
}

/** /sellers/me: the business profile, its edit, and where to go next. */
export default function SellerDashboardPage() {
  return <SellerShell title="seller.title.dashboard">{(owner) => <Dashboard owner={owner} />}</SellerShell>;
}

function Dashboard({ owner }: { owner: number }) {
  const t = useT();
  const leave = useSignOut();
  const online = useOnline();
  const cached = useLiveQuery(() => getMeta<Cached<SellerProfile>>(profileKey(owner)), [owner]);
  const [loadError, setLoadError] = useState<unknown>();
  const [attempt, setAttempt] = useState(0);
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<Editable>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string>();
  const [password, setPassword] = useState('');
  const [moved, setMoved] = useState(false);

  useEffect(() => {
    setLoadError(undefined);
    refreshSellerProfile(api, owner).then(
      // Online: also keep a copy of the product list for My Products offline.
      (read) => { if (!read.fromCache) void keepMySubmissionsCopy(api, owner).catch(() => undefined); },
      setLoadError,
    );
  }, [owner, attempt]);

  const profile = cached?.value;
  if (!profile) {
    if (loadError) return <LoadError onRetry={() => setAttempt((a) => a + 1)} />;
    return <Spinner label="Loading your seller profile…" />;
  }

  const startEdit = () => {
    setForm(editableOf(profile));
    setPassword('');
    setMoved(false);
    setErrors({});
    setNotice(undefined);
    setEditing(true);
  };
  // Cancel restores the fetched values.
  const cancel = () => {
    setEditing(false);
    setErrors({});
  };
  const phoneChanged = Boolean(form) && form!.phoneNumber.trim() !== editableOf(profile).phoneNumber;
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!form) return;
    const parsed = parseWith(sellerProfileUpdateSchema, { ...form, ...payoutFields(form, moved) });
    if (!parsed.ok) {
      setErrors(parsed.error.fieldErrors);
      return;
    }
    const { phoneNumber, payoutType: _t, payoutNetwork: _n, payoutBankCode: _b, ...plain } = form;
    const rest = { ...plain, ...payoutFields(form, moved) };
    // A new number is sent online with the password, never queued; it waits for its texted code.
    if (phoneChanged) {
      if (!password) return setErrors({ currentPassword: MESSAGES.confirmWithPassword });
      if (!online) return setErrors({ phoneNumber: 'You are offline. Changing your phone number needs the network.' });
      try {
        await requestContactChange(api, 'phone', phoneNumber, { currentPassword: password });
      } catch (e) {
        return setErrors(e instanceof ApiError && e.fieldErrors ? { ...e.fieldErrors, ...(e.fieldErrors.phone ? { phoneNumber: e.fieldErrors.phone } : {}) } : { phoneNumber: errorMessage(e, 'Failed to change the phone number') });
      }
    }
    await saveSellerProfile(owner, rest);
    setEditing(false);
    setNotice(phoneChanged ? 'Saved. We sent a code by SMS to your new number: enter it below to finish.' : online ? SELLER_MESSAGES.profileUpdated : 'Saved on this phone — it will be sent when you are back online.');
  };
  const reread = async (message?: string) => {
    await refreshSellerProfile(api, owner).catch(() => undefined);
    if (message) setNotice(message);
  };
  const change = (field: keyof Editable) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f!, [field]: e.target.value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  const look = profile.verificationStatus === 'VERIFIED' ? STATUS_LOOK.VERIFIED : profile.verificationStatus === 'PENDING' ? STATUS_LOOK.PENDING : STATUS_LOOK.OTHER;

  return (
    <div className="space-y-6">
      {notice && <Alert kind="success">{notice}</Alert>}
      <div className={`flex flex-wrap items-center justify-between gap-3 rounded-xl p-4 ring-1 ${look.box}`}>
        <p className="font-medium">{look.text}</p>
        {look.button && (
          <Link to="/seller/verification" className="btn-primary">{look.button}</Link>
        )}
      </div>

      <div className="card p-5">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 className="text-lg font-semibold">{t('seller.heading.businessProfile')}</h2>
          {!editing && <button type="button" className="btn-outline" onClick={startEdit}>Edit profile</button>}
        </div>
        {editing && form ? (
          <form onSubmit={save} noValidate className="space-y-4">
            <Field label="Business Name" value={form.businessName} onChange={change('businessName')} error={errors.businessName} />
            <TextAreaField label="Business Description" value={form.businessDescription} onChange={change('businessDescription')} error={errors.businessDescription} />
            <Field label="Phone Number" type="tel" value={form.phoneNumber} onChange={change('phoneNumber')} error={errors.phoneNumber} placeholder="024 123 4567" />
            {phoneChanged && (
              <PasswordField
                label="Current password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => { setPassword(e.target.value); setErrors(({ currentPassword: _, ...others }) => others); }}
                error={errors.currentPassword}
                hint={<p className="mt-1 text-sm text-gray-700">To change your phone number, enter your password. We then text a code to the new number.</p>}
              />
            )}
            <Field label="Business Address" value={form.businessAddress} onChange={change('businessAddress')} error={errors.businessAddress} />
            <fieldset className="grid gap-4 sm:grid-cols-2">
              <legend className="mb-2 text-sm font-semibold text-gray-800">Payout account (bank, or mobile money: {Object.values(NETWORK_LABELS).join(', ')})</legend>
              <SelectField label="Paid to" value={form.payoutType} onChange={change('payoutType')} error={errors.payoutType}>
                <option value="">Choose…</option>
                <option value="MOBILE_MONEY">Mobile money</option>
                <option value="BANK">Bank account</option>
              </SelectField>
              {form.payoutType === 'BANK' ? (
                <Field label="Bank code" value={form.payoutBankCode} onChange={change('payoutBankCode')} error={errors.payoutBankCode} />
              ) : (
                <SelectField label="Network" value={form.payoutNetwork} onChange={change('payoutNetwork')} error={errors.payoutNetwork}>
                  <option value="">From the number</option>
                  {MOBILE_MONEY_NETWORKS.map((n) => <option key={n} value={n}>{NETWORK_SHORT_NAMES[n]}</option>)}
                </SelectField>
              )}
              <Field label="Account Name" value={form.bankAccountName} onChange={change('bankAccountName')} error={errors.bankAccountName} />
              <Field label="Account Number" inputMode="numeric" value={form.bankAccountNumber} onChange={change('bankAccountNumber')} error={errors.bankAccountNumber} />
              {movedTo(form) && (
                <label className="flex items-start gap-2 text-sm text-gray-800 sm:col-span-2">
                  <input type="checkbox" className="mt-1" checked={moved} onChange={(e) => { setMoved(e.target.checked); setErrors(({ payoutNetwork: _, ...others }) => others); }} />
                  <span>{t('seller.payout.moved', { network: NETWORK_SHORT_NAMES[movedTo(form)!] })}</span>
                </label>
              )}
              <p className="text-sm text-gray-700 sm:col-span-2">For your safety, payouts wait 24 hours after this account changes, and we tell you by SMS and e-mail.</p>
            </fieldset>
            <div className="flex gap-3">
              <button type="submit" className="btn-primary">Save</button>
              <button type="button" className="btn-outline" onClick={cancel}>Cancel</button>
            </div>
          </form>
        ) : (
          <dl className="grid gap-4 sm:grid-cols-2">
            <Item label="Business Name" value={profile.businessName} />
            <Item label="Business Type" value={BUSINESS_TYPES[profile.businessType] ?? profile.businessType} />
            <Item label="Description" value={profile.businessDescription} wide />
            {/* The verification sits in the number's own dd: a list of terms holds only dt/dd groups (axe). */}
            <Item label="Phone Number" value={profile.phoneNumber ? `${formatPhone(profile.phoneNumber)}${profile.isPhoneVerified ? ' (verified)' : ''}` : null}>
              {profile.phoneNumber && !profile.isPhoneVerified && <PhoneVerification onVerified={() => reread(MESSAGES.phoneVerified)} />}
              {profile.pendingPhoneNumber && <PendingChange channel="phone" value={formatPhone(profile.pendingPhoneNumber)} onSettled={reread} />}
            </Item>
            <Item label="Email" value={`${profile.user.email}${profile.user.isEmailVerified ? ' (verified)' : ' (not verified)'}`} />
            <Item label="Business Address" value={profile.businessAddress} />
            <Item label="Region" value={profile.businessRegion} />
            <Item label="Ghana Card" value={profile.ghanaCardNumber} />
            <Item label="Commission rate" value={`${profile.commissionRate}%`} />
            <Item label="Payout account" value={profile.bankAccountName ? `${profile.bankAccountName} · ${payoutAccount(profile)}` : null}>
              {profile.payoutsHeldUntil && <p className="text-sm text-amber-800">New account: payouts wait until {formatDateTime(profile.payoutsHeldUntil)}.</p>}
              {profile.payoutNetworkWarning && <p className="text-sm text-amber-800">{apiText(profile.payoutNetworkWarning)}</p>}
            </Item>
          </dl>
        )}
        {!profile.user.isEmailVerified && (
          <p className="mt-4 text-sm text-gray-700">
            Your e-mail is not verified yet. <Link to="/resend-verification" className="font-medium text-brand-dark underline">Send a new verification link</Link>
          </p>
        )}
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <Figure label="Total Products" value={String(profile.totalProducts)} to="/sellers/me/products" />
        <Figure label="Total Sales" value={String(profile.totalSales)} to="/seller/orders" />
        <Figure label="Total Revenue" value={<Price value={profile.totalRevenue} />} to="/sellers/me/stats" />
      </div>
      <Link to="/sellers/me/earnings" className="btn-outline">Earnings and payouts</Link>

      <button type="button" className="btn-outline" onClick={leave.start} disabled={leave.busy}>
        <LogOut size={16} aria-hidden="true" /> {leave.busy ? 'Signing out…' : 'Log out'}
      </button>
      {leave.dialog}
    </div>
  );
}

function Item({ label, value, wide, children }: { label: string; value: string | null; wide?: boolean; children?: ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-sm text-gray-600">{label}</dt>
      <dd className="font-medium text-gray-900">
        {value || <span className="text-gray-500">Not provided</span>}
        {children}
      </dd>
    </div>
  );
}

function Figure({ label, value, to }: { label: string; value: ReactNode; to: string }) {
  return (
    <Link to={to} className="card block p-4 hover:ring-brand">
      <p className="text-sm text-gray-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-gray-900">{value}</p>
    </Link>
  );
}

/** A payout to a mobile-money wallet names its network (by today's names) and the number as the app shows numbers. */
function payoutAccount(p: Pick<SellerProfile, 'bankAccountNumber' | 'payoutType' | 'payoutNetwork' | 'payoutBankCode'>): string {
  const number = p.bankAccountNumber;
  if (!number) return '';
  if (p.payoutType === 'BANK') return `Bank ${p.payoutBankCode ?? ''} · ${number}`;
  const network = p.payoutNetwork ?? networkOf(number);
  return network ? `${NETWORK_LABELS[network]} ${formatPhone(number)}` : number;
}
