import { BarChart3, Boxes, FileCheck, LayoutDashboard, PlusCircle, ShieldCheck, ShoppingBag, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { SELLER_MESSAGES } from '../../../shared/schemas/sellers';
import { Spinner } from '../../components/Spinner';
import { useSession } from '../../hooks/useSession';
import { accountOf } from '../../../local/session';
import type { MessageId } from '../../../shared/i18n';
import { useT } from '../../i18n/language';

const links: { to: string; label: MessageId; icon: typeof Boxes; end?: boolean }[] = [
  { to: '/sellers/me', label: 'seller.nav.dashboard', icon: LayoutDashboard, end: true },
  { to: '/sellers/me/products', label: 'seller.nav.products', icon: Boxes },
  { to: '/sellers/me/add-product', label: 'seller.nav.addProduct', icon: PlusCircle },
  { to: '/seller/orders', label: 'seller.nav.orders', icon: ShoppingBag },
  { to: '/sellers/me/stats', label: 'seller.nav.stats', icon: BarChart3 },
  { to: '/sellers/me/earnings', label: 'seller.nav.earnings', icon: Wallet },
  { to: '/sellers/me/record', label: 'seller.nav.record', icon: FileCheck },
  { to: '/seller/verification', label: 'seller.nav.verification', icon: ShieldCheck },
];

/**
 * Frame of every seller page: the seller's side navigation and a role check. The API refuses
 * non-sellers anyway; this says so plainly instead of showing empty screens. The seller pages'
 * own words may stay English for now (issue 27), but their titles and navigation translate.
 */
export function SellerShell({ title, children, actions }: { title: MessageId; children: (owner: number) => ReactNode; actions?: ReactNode }) {
  const t = useT();
  const { session, loading } = useSession();
  if (loading) return <Spinner />;
  const user = session?.user;
  // The seller's kept data is filed under the account's id (src/local/sellers.ts).
  const owner = accountOf(session);
  if (!user || user.userType !== 'SELLER' || owner === undefined) {
    return (
      <section className="container-page py-12">
        <h1 className="text-2xl font-bold">{t(title)}</h1>
        <p className="mt-3 text-gray-700">{SELLER_MESSAGES.notASeller} {t(user?.userType === 'ADMIN' ? 'seller.notSeller.operator' : 'seller.notSeller.buyer')}</p>
        <p className="mt-1 text-gray-700">{t('seller.notSeller.register')}</p>
        <Link to="/sellers/register" className="btn-primary mt-6">{t('seller.title.register')}</Link>
      </section>
    );
  }
  return (
    <div className="container-page grid grid-cols-[minmax(0,1fr)] gap-6 py-6 md:grid-cols-[13rem_minmax(0,1fr)]">
      <nav aria-label={t('seller.nav.label')} className="-mx-4 min-w-0 overflow-x-auto px-4 md:mx-0 md:px-0">
        <ul className="flex gap-2 md:flex-col">
          {links.map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                className={({ isActive }) =>
                  `flex items-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-dark text-white' : 'bg-white text-gray-800 ring-1 ring-gray-200 hover:bg-brand-light'}`
                }
              >
                <Icon size={16} aria-hidden="true" />
                {t(label)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section className="min-w-0">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold text-gray-900">{t(title)}</h1>
          {actions}
        </div>
        {children(owner)}
      </section>
    </div>
  );
}
