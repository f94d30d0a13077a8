import { Package, ShoppingCart, Star, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { refreshSellerStats } from '../../../local/sellers';
import { Price } from '../../components/Price';
import { PROFILE_ALMOST_AT, PROFILE_COMPLETE_AT, RECENT_PRODUCTS_SHOWN } from '../../../shared/schemas/sellers';
import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from '../../../shared/schemas/submissions';
import { api } from '../../lib/api';
import { LoadError } from '../../components/LoadError';
import { SellerShell } from './SellerShell';
import { useRemote } from '../../hooks/useRemote';
import { VerificationBadge } from '../../components/ui/VerificationBadge';
import { formatDate } from '../../../shared/dates';
import { useT } from '../../i18n/language';


function completenessMessage(percent: number): string {
  if (percent >= PROFILE_COMPLETE_AT) return 'Great job! Your profile is complete.';
  if (percent >= PROFILE_ALMOST_AT) return 'Almost there! A few more details and your profile is complete.';
  return 'Complete your profile to increase trust with buyers.';
}

/** /sellers/me/stats: real figures from the server; the last copy offline. */
export default function SellerStatsPage() {
  return <SellerShell title="seller.title.stats">{(owner) => <Stats owner={owner} />}</SellerShell>;
}

function Stats({ owner }: { owner: number }) {
  const t = useT();
  const { data: stats, loading, error, fromCache, reload } = useRemote(() => refreshSellerStats(api, owner), [owner]);
  if (!stats && loading) return <Skeleton />;
  if (!stats || error) return <LoadError onRetry={reload} />;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-gray-700">Member since {formatDate(stats.joinedDate)}</p>
        <VerificationBadge status={stats.verificationStatus} />
        {fromCache && <span className="text-sm text-amber-800">Offline: showing the figures from your last visit.</span>}
      </div>

      <div className="grid grid-cols-1 gap-3 min-[22rem]:grid-cols-2 lg:grid-cols-4">
        <Card icon={<Package size={20} aria-hidden="true" />} label="Total Products" value={String(stats.totalProducts)} note={`${stats.activeProducts} live · ${stats.pendingProducts} pending`} />
        <Card icon={<ShoppingCart size={20} aria-hidden="true" />} label="Total Sales" value={String(stats.totalSales)} note={stats.lastSaleDate ? `Last sale ${formatDate(stats.lastSaleDate)}` : 'No sales yet'} />
        <Card icon={<Wallet size={20} aria-hidden="true" />} label="Total Revenue" value={<Price value={stats.totalRevenue} />} />
        <Card
          icon={<Star size={20} aria-hidden="true" />}
          label="Avg. Rating"
          value={stats.averageRating === null ? 'N/A' : `${stats.averageRating.toFixed(1)} / 5`}
          note={`${stats.totalReviews} ${stats.totalReviews === 1 ? 'review' : 'reviews'}`}
        />
      </div>

      <div className="card p-5">
        <div className="flex items-center justify-between gap-3">
          <h2 className="font-semibold">{t('seller.heading.completeness')}</h2>
          <span className="font-semibold">{stats.profileCompleteness}%</span>
        </div>
        <div className="mt-2 h-3 overflow-hidden rounded-full bg-gray-200" role="progressbar" aria-label="Profile completeness" aria-valuemin={0} aria-valuemax={100} aria-valuenow={stats.profileCompleteness}>
          <div className="h-full bg-brand" style={{ width: `${stats.profileCompleteness}%` }} />
        </div>
        <p className="mt-2 text-gray-700">{completenessMessage(stats.profileCompleteness)}</p>
        {stats.missingFields.length > 0 && <p className="mt-1 text-sm text-gray-600">Still missing: {stats.missingFields.join(', ')}.</p>}
        {stats.profileCompleteness < 100 && (
          <Link to={stats.missingFields.includes('Ghana Card number') ? '/seller/verification' : '/sellers/me'} className="btn-outline mt-3">Complete Profile</Link>
        )}
      </div>

      {stats.totalSales === 0 && (
        <div className="rounded-xl bg-brand-light p-5">
          <h2 className="font-semibold text-brand-dark">{t('seller.heading.firstSale')}</h2>
          <p className="mt-1 text-gray-800">Good photos, clear names and fair prices help buyers choose your products.</p>
          <Link to="/sellers/me/products" className="btn-primary mt-3">Promote Products</Link>
        </div>
      )}

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
        <div className="card p-5">
          <h2 className="mb-3 font-semibold">{t('seller.heading.recentProducts')}</h2>
          {stats.recentProducts.length === 0 ? (
            <div className="text-center">
              <p className="text-gray-700">You have not added any products yet.</p>
              <Link to="/sellers/me/add-product" className="btn-primary mt-3">Add First Product</Link>
            </div>
          ) : (
            <ul className="divide-y divide-gray-100">
              {stats.recentProducts.slice(0, RECENT_PRODUCTS_SHOWN).map((p) => (
                <li key={p.id} className="flex items-center gap-3 py-2">
                  <img src={p.imagesUrls[0] ?? '/placeholder.png'} alt="" width={48} height={36} className="h-9 w-12 shrink-0 rounded bg-brand-light object-cover" />
                  {/* Name over status, price on the right: fits a 320 px screen without cutting either. */}
                  <span className="min-w-0 flex-1">
                    <span className="block font-medium">{p.name}</span>
                    <span className="block text-sm text-gray-600">{SUBMISSION_STATUS_LABELS[p.status as SubmissionStatus] ?? p.status}</span>
                  </span>
                  <Price value={p.price} className="shrink-0 font-semibold" />
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="card p-5">
          <h2 className="mb-3 font-semibold">{t('seller.heading.recentOrders')}</h2>
          {stats.recentOrders.length === 0 ? (
            <div className="text-center">
              <p className="text-gray-700">No orders yet.</p>
              <Link to="/" className="btn-outline mt-3">View Marketplace</Link>
            </div>
          ) : (
            <ul className="divide-y divide-gray-100">
              {stats.recentOrders.map((o) => (
                <li key={o.id} className="flex items-center justify-between gap-3 py-2">
                  <span className="min-w-0">
                    <span className="block font-medium">{o.orderNumber}</span>
                    <span className="block text-sm text-gray-600">{formatDate(o.createdAt)}</span>
                  </span>
                  <Price value={o.total} className="shrink-0 font-semibold" />
                </li>
              ))}
            </ul>
          )}
          <Link to="/seller/orders" className="mt-3 inline-block text-sm font-medium text-brand-dark underline">All orders</Link>
        </div>
      </div>
    </div>
  );
}

function Card({ icon, label, value, note }: { icon: ReactNode; label: string; value: ReactNode; note?: string }) {
  return (
    <div className="card p-4">
      <div className="flex items-center gap-2 text-brand-dark">{icon}<span className="text-sm text-gray-700">{label}</span></div>
      <p className="mt-2 text-lg font-bold text-gray-900 sm:text-xl">{value}</p>
      {note && <p className="text-xs text-gray-600">{note}</p>}
    </div>
  );
}

function Skeleton() {
  return (
    <div className="animate-pulse space-y-4" aria-busy="true" aria-label="Loading analytics">
      <div className="h-6 w-48 rounded bg-gray-200" />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => <div key={i} className="h-24 rounded-xl bg-gray-200" />)}
      </div>
      <div className="h-28 rounded-xl bg-gray-200" />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-2">
        <div className="h-40 rounded-xl bg-gray-200" />
        <div className="h-40 rounded-xl bg-gray-200" />
      </div>
    </div>
  );
}
