import { useId, useRef, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import type { SessionUser } from '../../local/session';
import { useDismiss } from '../hooks/useDismiss';
import { usePopup } from '../hooks/usePopup';
import { canInstall, install, onInstallOfferChange } from '../initial-app/install-prompt';
import { useSignOut } from './SignOut';
import { useT } from '../i18n/language';

/** Two initials from the user's names; 'U' when the names give none. */
export function initialsOf(user: Pick<SessionUser, 'firstName' | 'lastName'>): string {
  const letters = `${user.firstName?.trim()[0] ?? ''}${user.lastName?.trim()[0] ?? ''}`.toUpperCase();
  return letters || 'U';
}

const itemClass = 'block w-full rounded-md px-3 py-2 text-left text-sm text-gray-800 hover:bg-brand-light focus-visible:bg-brand-light';

/** The round avatar and its menu: name, e-mail, Profile (and Operator console) or Seller Dashboard, My Orders, Settings, Install app (when the browser offers it), Sign out. */
export function AccountMenu({ user }: { user: SessionUser }) {
  const { open, setOpen, close } = usePopup();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const firstItemRef = useRef<HTMLAnchorElement>(null);
  const menuId = useId();
  const t = useT();
  const leave = useSignOut();
  useDismiss(rootRef, open, close, buttonRef);

  const installable = useSyncExternalStore(onInstallOfferChange, canInstall, () => false);
  const fullName = `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() || user.email;
  const dashboard =
    user.userType === 'SELLER' ? { to: '/sellers/me', label: t('nav.sellerDashboard') } : user.userType === 'TRANSPORTER' ? { to: '/transporter', label: t('transporter.title') } : user.userType === 'WAREHOUSE' ? { to: '/warehouse', label: t('warehouse.title') } : { to: '/profile', label: t('nav.profile') };

  // Queued changes go first (or the user is asked); the server is told in the background.
  const onSignOut = () => {
    setOpen(false);
    leave.start();
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          // Arrow down opens the menu and moves into it, as menus usually do.
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            requestAnimationFrame(() => firstItemRef.current?.focus());
          }
        }}
        className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-dark text-sm font-bold text-white"
      >
        {/* The initials stay part of the name, so what is seen is what voice control hears. */}
        <span data-testid="avatar-initials">{initialsOf(user)}</span>
        <span className="sr-only">{t('nav.accountMenu', { name: fullName })}</span>
      </button>
      <div
        id={menuId}
        hidden={!open}
        className="absolute right-0 top-full z-50 mt-2 w-64 rounded-xl bg-white p-2 shadow-lg ring-1 ring-gray-200"
      >
        <div className="border-b border-gray-200 px-3 pb-2 pt-1">
          <p className="truncate font-semibold text-gray-900">{fullName}</p>
          <p className="truncate text-sm text-gray-700">{user.email}</p>
        </div>
        <ul className="pt-1">
          <li>
            <Link ref={firstItemRef} to={dashboard.to} className={itemClass}>{dashboard.label}</Link>
          </li>
          {user.userType === 'ADMIN' && (
            <li>
              <Link to="/admin" className={itemClass}>{t('nav.operator')}</Link>
            </li>
          )}
          <li>
            <Link to="/orders" className={itemClass}>{t('nav.orders')}</Link>
          </li>
          <li>
            <Link to="/settings" className={itemClass}>{t('nav.settings')}</Link>
          </li>
          {installable && (
            <li>
              <button type="button" onClick={() => { setOpen(false); void install(); }} className={itemClass}>{t('nav.install')}</button>
            </li>
          )}
          <li>
            <button type="button" onClick={onSignOut} className={`${itemClass} text-red-800`}>{t('nav.signOut')}</button>
          </li>
        </ul>
      </div>
      {leave.busy && <span role="status" className="sr-only">{t('nav.signingOut')}</span>}
      {leave.dialog}
    </div>
  );
}
