import { Link } from 'react-router-dom';
import { useSession } from '../../hooks/useSession';
import { AccountLayout } from './AccountLayout';
import { AppFilesCard } from './AppFilesCard';
import { DataSaverCard, OfflinePacksCard, StorageCard } from './FieldSettings';
import { MirrorCard } from './MirrorSettings';
import { useProfile } from './ProfilePage';
import { SecurityCard } from './SecurityCard';
import { LanguageSelect } from '../../i18n/LanguageSelect';
import { useT } from '../../i18n/language';

/** /settings: security (password, devices), then data saver, the listings kept, storage, offline packs and the app's own files. */
export default function SettingsPage() {
  const t = useT();
  const { session } = useSession();
  const { profile } = useProfile();
  return (
    <AccountLayout title={t('settings.title')}>
      <div className="grid max-w-2xl gap-4">
        <SecurityCard passwordChangedAt={profile?.user.passwordChangedAt ?? session?.user.passwordChangedAt ?? null} activeSessions={profile?.activeSessions} />
        <div className="card p-5 text-sm">
          <h2 className="mb-2 text-lg font-semibold">{t('settings.personal')}</h2>
          <p className="text-gray-700">
            {t('settings.personalBefore')}<Link to="/profile" className="font-medium text-brand-dark underline">{t('settings.myAccount')}</Link>{t('settings.personalAfter')}
          </p>
        </div>
        <div className="card p-5 text-sm">
          <LanguageSelect showLabel />
          <p className="mt-1 text-gray-700">{t('language.hint')}</p>
        </div>
        <DataSaverCard />
        <MirrorCard />
        <StorageCard />
        <OfflinePacksCard />
        <AppFilesCard />
      </div>
    </AccountLayout>
  );
}
