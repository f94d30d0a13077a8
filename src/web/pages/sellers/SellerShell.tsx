import { BarChart3, Boxes, LayoutDashboard, PlusCircle, ShieldCheck, ShoppingBag, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { SELLER_MESSAGES } from '../../../shared/schemas/sellers';
import { Spinner } from '../../components/Spinner';
import { useSession } from '../../hooks/useSession';

const links = [
  { to: '/sellers/me', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/sellers/me/products', label: 'My Products', icon: Boxes },
  { to: '/sellers/me/add-product', label: 'Add Product', icon: PlusCircle },
  { to: '/seller/orders', label: 'Orders', icon: ShoppingBag },
  { to: '/sellers/me/stats', label: 'Analytics', icon: BarChart3 },
  { to: '/sellers/me/earnings', label: 'Earnings', icon: Wallet },
  { to: '/seller/verification', label: 'Verification', icon: ShieldCheck },
];

/**
 * Frame of every seller page: the seller's side navigation and a role check. The API refuses
 * non-sellers anyway; this says so plainly instead of showing empty screens.
 */
export function SellerShell({ title, children, actions }: { title: string; children: (owner: string) => ReactNode; actions?: ReactNode }) {
  const { session, loading } = useSession();
  if (loading) return <Spinner />;
  const user = session?.user;
  if (!user || user.userType !== 'SELLER') {
    return (
      <section className="container-page py-12">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="mt-3 text-gray-700">{SELLER_MESSAGES.notASeller} Your account is a {user?.userType === 'ADMIN' ? 'operator' : 'buyer'} account.</p>
        <p className="mt-1 text-gray-700">To sell on Akuafo Market, register a seller account.</p>
        <Link to="/sellers/register" className="btn-primary mt-6">Register as a seller</Link>
      </section>
    );
  }
  return (
    <div className="container-page grid grid-cols-[minmax(0,1fr)] gap-6 py-6 md:grid-cols-[13rem_minmax(0,1fr)]">
      <nav aria-label="Seller" className="-mx-4 min-w-0 overflow-x-auto px-4 md:mx-0 md:px-0">
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
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section className="min-w-0">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-bold text-gray-900">{title}</h1>
          {actions}
        </div>
        {children(user.email)}
      </section>
    </div>
  );
}
