import { useState, type FormEvent } from 'react';
import { changePassword, signOutOtherDevices } from '../../../local/account';
import { ApiError } from '../../../local/api';
import { changePasswordFormSchema } from '../../../shared/schemas/accounts';
import { parseWith } from '../../../shared/schemas/parse';
import { api } from '../../lib/api';
import { t as message } from '../../../shared/i18n';
import { useOnline } from '../../hooks/useOnline';
import { PasswordChecklist } from './PasswordChecklist';
import { Alert } from '../../components/ui/Alert';
import { PasswordField } from '../../components/ui/forms';
import { errorMessage } from '../../lib/error-message';
import { useNotice } from './useNotice';
import { formatDate } from '../../../shared/dates';
import { useLocale, useT } from '../../i18n/language';

const blank = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** What this browser is, in words, for the current-session entry. */
function thisDevice(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua) ? 'Edge' : /OPR\/|Opera/.test(ua) ? 'Opera' : /Chrome\//.test(ua) ? 'Chrome' : /Firefox\//.test(ua) ? 'Firefox' : /Safari\//.test(ua) ? 'Safari' : message('security.browser');
  const system = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Windows/.test(ua) ? 'Windows' : /Mac OS/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : '';
  return system ? message('security.browserOn', { browser, system }) : browser;
}

/** Password change (needs the network) and the sessions: this one, and 'Sign out other devices'. */
export function SecurityCard({ passwordChangedAt, activeSessions }: { passwordChangedAt: string | null; activeSessions?: number }) {
  const t = useT();
  const locale = useLocale();
  const online = useOnline();
  const [changing, setChanging] = useState(false);
  const [form, setForm] = useState(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useNotice();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseWith(changePasswordFormSchema, form);
    if (!parsed.ok) {
      setErrors(parsed.error.fieldErrors);
      return;
    }
    setBusy(true);
    try {
      await changePassword(api, form.currentPassword, form.newPassword);
      setForm(blank);
      setChanging(false);
      setNotice({ kind: 'success', text: t('api.passwordChanged') });
    } catch (e) {
      const message = e instanceof ApiError && !e.isNetwork && e.status < 500 ? e.message : errorMessage(e, t('security.failed'));
      setErrors(e instanceof ApiError && e.fieldErrors ? e.fieldErrors : { currentPassword: message });
      setNotice({ kind: 'error', text: message });
    } finally {
      setBusy(false);
    }
  };

  const signOutOthers = async () => {
    try {
      const n = await signOutOtherDevices(api);
      setNotice({ kind: 'success', text: n === 0 ? t('security.noOthers') : t('security.signedOutOthers', { n }) });
    } catch (e) {
      setNotice({ kind: 'error', text: errorMessage(e, t('security.signOutFailed')) });
    }
  };

  const field = (key: keyof typeof blank) => ({
    value: form[key],
    onChange: (e: { target: { value: string } }) => {
      setForm((f) => ({ ...f, [key]: e.target.value }));
      setErrors((x) => ({ ...x, [key]: '' }));
    },
    error: errors[key],
  });

  return (
    <div className="card p-5">
      <h2 className="mb-4 text-lg font-semibold">{t('security.title')}</h2>
      {notice && <div className="mb-3"><Alert kind={notice.kind}>{notice.text}</Alert></div>}
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p>
          <span className="font-medium">{t('security.password')}</span>
          <span className="block text-gray-600">{t('security.lastChanged', { date: passwordChangedAt ? formatDate(passwordChangedAt, locale) : t('security.never') })}</span>
        </p>
        {!changing && (
          <button type="button" className="btn-outline px-3 py-1.5 text-sm" onClick={() => setChanging(true)} disabled={!online} title={online ? undefined : t('security.needNetwork')}>
            {t('security.change')}
          </button>
        )}
      </div>
      {changing && (
        <form onSubmit={submit} noValidate className="mt-4 grid gap-3">
          <PasswordField label={t('password.current')} autoComplete="current-password" {...field('currentPassword')} />
          <PasswordField label={t('password.new')} autoComplete="new-password" {...field('newPassword')} hint={<PasswordChecklist password={form.newPassword} />} />
          <PasswordField label={t('password.confirmNew')} autoComplete="new-password" {...field('confirmPassword')} />
          <div className="flex gap-2">
            <button type="submit" className="btn-primary" disabled={busy || !online}>{busy ? t('password.saving') : t('security.save')}</button>
            <button type="button" className="btn-outline" onClick={() => { setForm(blank); setErrors({}); setChanging(false); }}>{t('security.cancel')}</button>
          </div>
        </form>
      )}
      <div className="mt-5 border-t border-gray-200 pt-4 text-sm">
        <p className="font-medium">{t('security.session')}</p>
        <p className="text-gray-600">{t('security.thisDevice', { device: thisDevice() })}</p>
        {activeSessions !== undefined && activeSessions > 1 && (
          <p className="text-gray-600">{t('security.otherDevices', { n: activeSessions - 1 })}</p>
        )}
        <button type="button" className="btn-outline mt-3 px-3 py-1.5 text-sm" onClick={signOutOthers} disabled={!online}>
          {t('security.signOutOthers')}
        </button>
      </div>
    </div>
  );
}
