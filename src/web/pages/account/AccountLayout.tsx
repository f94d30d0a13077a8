import { formatPhone } from '../../../shared/phone';
import { Bell, CreditCard, Heart, HelpCircle, LogOut, MapPin, Package, Settings, ShoppingCart, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { useSignOut } from '../../components/SignOut';
import { useSession } from '../../hooks/useSession';
import { t } from '../../../shared/i18n';
import { useT } from '../../i18n/language';

const ENTRIES = [
  { to: '/profile', label: 'account.myAccount', icon: User },
  { to: '/orders', label: 'account.orders', icon: Package },
  { to: '/cart', label: 'account.cart', icon: ShoppingCart },
  { to: '/wishlist', label: 'account.wishlist', icon: Heart },
  { to: '/addresses', label: 'account.addresses', icon: MapPin },
  { to: '/payment-methods', label: 'account.paymentMethods', icon: CreditCard },
  { to: '/notifications', label: 'account.notifications', icon: Bell },
  { to: '/settings', label: 'account.settings', icon: Settings },
  { to: '/help', label: 'account.help', icon: HelpCircle },
] as const;

/** The account's number as the app shows numbers, or that there is none. */
export function displayPhone(phone: string | null | undefined): string {
  return formatPhone(phone) || t('account.noPhone');
}

export function initials(first?: string, last?: string): string {
  return `${first?.[0] ?? ''}${last?.[0] ?? ''}`.toUpperCase() || 'U';
}

/** The account pages' frame: the left menu (a row of links on phones) and the page. */
export function AccountLayout({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  const { session } = useSession();
  const user = session?.user;
  const leave = useSignOut();
  return (
    <div className="container-page grid grid-cols-[minmax(0,1fr)] gap-6 py-6 md:grid-cols-[15rem_minmax(0,1fr)]">
      <aside className="card h-fit min-w-0 p-4">
        <div className="mb-4 flex items-center gap-3">
          {user?.profileImage ? (
            <img src={user.profileImage} alt="" className="h-12 w-12 rounded-full object-cover" />
          ) : (
            <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-dark text-lg font-bold text-white" aria-hidden="true">
              {initials(user?.firstName, user?.lastName)}
            </span>
          )}
          <p className="font-semibold">{user ? `${user.firstName} ${user.lastName}` : ''}</p>
        </div>
        <nav aria-label={t('account.nav')} className="flex gap-1 overflow-x-auto md:flex-col">
          {ENTRIES.map(({ to, label, icon: Icon }) => (
            <NavLink
              key={to}
              to={to}
              end
              className={({ isActive }) => `flex shrink-0 items-center gap-2 rounded-lg px-3 py-2 text-sm ${isActive ? 'bg-brand-light font-semibold text-brand-dark' : 'text-gray-700 hover:bg-gray-100'}`}
            >
              <Icon size={18} aria-hidden="true" />
              {t(label)}
            </NavLink>
          ))}
          <button type="button" onClick={leave.start} disabled={leave.busy} className="flex shrink-0 items-center gap-2 rounded-lg px-3 py-2 text-left text-sm text-red-700 hover:bg-red-50">
            <LogOut size={18} aria-hidden="true" />
            {leave.busy ? t('account.signingOut') : t('account.logOut')}
          </button>
        </nav>
        {leave.dialog}
      </aside>
      <section aria-labelledby="account-title" className="min-w-0">
        <h1 id="account-title" className="mb-4 text-2xl font-bold">{title}</h1>
        {children}
      </section>
    </div>
  );
}
