import { refreshSellerEarnings } from '../../../local/sellers';
import { api } from '../../lib/api';
import { EarningsBody } from '../../components/Earnings';
import { LoadError } from '../../components/LoadError';
import { SellerShell } from './SellerShell';
import { useRemote } from '../../hooks/useRemote';

/** /sellers/me/earnings: the seller's money, from the server; the last copy offline. */
export default function SellerEarningsPage() {
  return <SellerShell title="seller.title.earnings">{(owner) => <EarningsView owner={owner} />}</SellerShell>;
}

function EarningsView({ owner }: { owner: number }) {
  const { data, loading, error, fromCache, reload } = useRemote(() => refreshSellerEarnings(api, owner), [owner]);
  if (!data && loading) return <p aria-busy="true">Loading your earnings…</p>;
  if (!data || error) return <LoadError onRetry={reload} />;
  return <EarningsBody earnings={data} fromCache={fromCache} />;
}

