import { Link } from 'react-router-dom';
import { useState } from 'react';
import { deleteAddress, makeDefaultAddress } from '../../../local/account';
import { api } from '../../lib/api';
import { Spinner } from '../../components/Spinner';
import { useOnline } from '../../hooks/useOnline';
import { AccountLayout } from './AccountLayout';
import { useProfile } from './ProfilePage';
import { formatAddress } from './SummaryCards';
import { Alert } from '../../components/ui/Alert';
import { errorMessage } from '../../lib/error-message';
import { useNotice } from './useNotice';
import { useT } from '../../i18n/language';

/** /addresses: every saved address, one of them the default. Changes need the network. */
export default function AddressesPage() {
  const t = useT();
  const { profile, failed, loading } = useProfile();
  const online = useOnline();
  const [notice, setNotice] = useNotice();
  const [busy, setBusy] = useState<number>();

  const act = async (id: number, action: () => Promise<void>, done: string) => {
    setBusy(id);
    try {
      await action();
      setNotice({ kind: 'success', text: done });
    } catch (e) {
      setNotice({ kind: 'error', text: errorMessage(e, t('addresses.updateFailed')) });
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <AccountLayout title={t('addresses.title')}>
      <div className="mb-4 flex items-center justify-between gap-2">
        <p className="text-sm text-gray-700">{t('addresses.intro')}</p>
        <Link to="/addresses/new" className="btn-primary shrink-0">{t('addresses.add')}</Link>
      </div>
      {!online && <div className="mb-3"><Alert kind="info">{t('addresses.offline')}</Alert></div>}
      {notice && <div className="mb-3"><Alert kind={notice.kind}>{notice.text}</Alert></div>}
      {loading ? (
        <Spinner />
      ) : failed || !profile ? (
        <Alert kind="error">{t('profile.failed')}</Alert>
      ) : profile.addresses.length === 0 ? (
        <div className="card p-6 text-center text-gray-700">{t('addresses.none')}</div>
      ) : (
        <ul className="grid gap-3">
          {profile.addresses.map((a) => (
            <li key={a.id} className="card flex flex-wrap items-center justify-between gap-3 p-4">
              <p className="text-sm">
                {formatAddress(a)}
                {a.isDefault && <span className="ml-2 rounded-full bg-brand-light px-2 py-0.5 text-xs font-semibold text-brand-dark">{t('addresses.default')}</span>}
              </p>
              <div className="flex gap-2">
                {!a.isDefault && (
                  <button type="button" className="btn-outline px-3 py-1.5 text-sm" disabled={!online || busy === a.id} onClick={() => act(a.id, () => makeDefaultAddress(api, a.id), t('addresses.defaultUpdated'))}>
                    {t('addresses.makeDefault')}
                  </button>
                )}
                <button
                  type="button"
                  className="btn px-3 py-1.5 text-sm text-red-700 ring-1 ring-red-200 hover:bg-red-50"
                  disabled={!online || busy === a.id}
                  aria-label={t('addresses.deleteLabel', { address: formatAddress(a) })}
                  onClick={() => {
                    if (window.confirm(t('addresses.confirmDelete'))) void act(a.id, () => deleteAddress(api, a.id), t('addresses.deleted'));
                  }}
                >
                  {t('addresses.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </AccountLayout>
  );
}
