import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { readLocalProfile, refreshProfile } from '../../../local/account';
import type { Profile } from '../../../shared/schemas/accounts';
import { api } from '../../lib/api';
import { Spinner } from '../../components/Spinner';
import { useSession } from '../../hooks/useSession';
import { AccountLayout } from './AccountLayout';
import { OperatorProfile } from './OperatorProfile';
import { PersonalInfoCard } from './PersonalInfoCard';
import { SecurityCard } from './SecurityCard';
import { AddressesCard, QuickActions, RecentOrdersCard } from './SummaryCards';
import { useT } from '../../i18n/language';

/** Reads the server's profile into the local copy once per visit; the copy renders offline. */
export function useProfile(): { profile: Profile | undefined; failed: boolean; loading: boolean } {
  const { session } = useSession();
  const userId = session?.user.id;
  const local = useLiveQuery(async () => ({ profile: await readLocalProfile() }), []);
  const [failed, setFailed] = useState(false);
  const [fetched, setFetched] = useState(false);
  useEffect(() => {
    if (session?.user.userType !== 'CUSTOMER') return;
    let live = true;
    refreshProfile(api)
      .then(() => live && setFailed(false))
      .catch(() => live && setFailed(true))
      .finally(() => live && setFetched(true));
    return () => {
      live = false;
    };
  }, [userId, session?.user.userType]);
  // A copy left by another account on this phone is never shown.
  const profile = local?.profile && local.profile.user.id === userId ? local.profile : undefined;
  return { profile, failed: failed && !profile, loading: !profile && !fetched };
}

/** /profile: the shopper's account page. Sellers have their own at /sellers/me; operators a short one. */
export default function ProfilePage() {
  const t = useT();
  const { session } = useSession();
  const { profile, failed, loading } = useProfile();
  if (session?.user.userType === 'SELLER') return <Navigate to="/sellers/me" replace />;
  if (session?.user.userType === 'ADMIN') return <OperatorProfile user={session.user} />;

  return (
    <AccountLayout title={t('account.myAccount')}>
      {loading ? (
        <Spinner label={t('profile.loading')} />
      ) : failed || !profile ? (
        <div className="card p-6 text-center">
          <p className="mb-3 text-red-800">{t('profile.failed')}</p>
          <button type="button" className="btn-primary" onClick={() => window.location.reload()}>{t('profile.retry')}</button>
        </div>
      ) : (
        <div className="grid gap-4">
          <PersonalInfoCard key={`${profile.user.id}`} profile={profile} />
          <SecurityCard passwordChangedAt={profile.user.passwordChangedAt} activeSessions={profile.activeSessions} />
          <div className="grid gap-4 lg:grid-cols-2">
            <RecentOrdersCard orders={profile.recentOrders} />
            <AddressesCard addresses={profile.addresses} />
          </div>
          <QuickActions />
        </div>
      )}
    </AccountLayout>
  );
}
