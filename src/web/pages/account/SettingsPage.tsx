import { Link } from 'react-router-dom';
import { useSession } from '../../hooks/useSession';
import { AccountLayout } from './AccountLayout';
import { DataSaverCard, OfflinePacksCard, StorageCard } from './FieldSettings';
import { MirrorCard } from './MirrorSettings';
import { useProfile } from './ProfilePage';
import { SecurityCard } from './SecurityCard';

/** /settings: security (password, devices), then data saver, the listings kept, storage and offline packs. */
export default function SettingsPage() {
  const { session } = useSession();
  const { profile } = useProfile();
  return (
    <AccountLayout title="Settings">
      <div className="grid max-w-2xl gap-4">
        <SecurityCard passwordChangedAt={profile?.user.passwordChangedAt ?? session?.user.passwordChangedAt ?? null} activeSessions={profile?.activeSessions} />
        <div className="card p-5 text-sm">
          <h2 className="mb-2 text-lg font-semibold">Personal details</h2>
          <p className="text-gray-700">
            Your name, e-mail address and phone number are edited on <Link to="/profile" className="font-medium text-brand-dark underline">My Account</Link>.
          </p>
        </div>
        <DataSaverCard />
        <MirrorCard />
        <StorageCard />
        <OfflinePacksCard />
      </div>
    </AccountLayout>
  );
}
