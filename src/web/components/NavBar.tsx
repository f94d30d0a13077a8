import { useLiveQuery } from 'dexie-react-hooks';
import { Leaf, Menu, ShoppingCart, WifiOff, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { localDb } from '../../local/db';
import { useDismiss } from '../hooks/useDismiss';
import { useOnline } from '../hooks/useOnline';
import { useSession } from '../hooks/useSession';
import { AccountMenu } from './AccountMenu';
import { SyncIndicator } from './SyncIndicator';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-2 py-1 text-sm font-medium ${isActive ? 'text-brand-dark underline underline-offset-4' : 'text-gray-700 hover:text-brand-dark'}`;
const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 font-medium ${isActive ? 'bg-brand-light text-brand-dark' : 'text-gray-800 hover:bg-gray-100'}`;

/** Home, Products, Track Order (signed in only), Contact: the bar's links and the mobile menu's. */
function mainLinks(signedIn: boolean) {
  return [
    { to: '/', label: 'Home', end: true },
    { to: '/products', label: 'Products', end: false },
    ...(signedIn ? [{ to: '/track-order', label: 'Track Order', end: false }] : []),
    { to: '/contact', label: 'Contact', end: false },
  ];
}

export function NavBar() {
  const { session } = useSession();
  const online = useOnline();
  // The badge counts distinct items (rows), not the sum of quantities.
  const cartCount = useLiveQuery(() => localDb.cart.count(), []) ?? 0;
  const [menuOpen, setMenuOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useDismiss(headerRef, menuOpen, closeMenu, toggleRef);
  useEffect(closeMenu, [pathname, closeMenu]);
  const links = mainLinks(Boolean(session));

  return (
    <header ref={headerRef} className="sticky top-0 z-40 border-b border-gray-200 bg-white">
      <nav aria-label="Main" className="container-page flex h-14 items-center gap-1.5 sm:gap-3">
        <Link to="/" aria-label="Akuafo Market home" className="mr-auto flex min-w-0 items-center gap-1 text-lg font-bold text-brand-dark">
          <Leaf size={20} aria-hidden="true" className="shrink-0" />
          <span className="truncate">Akuafo<span className="hidden sm:inline"> Market</span></span>
        </Link>
        <div className="hidden items-center gap-1 md:flex">
          {links.map((l) => <NavLink key={l.to} to={l.to} end={l.end} className={linkClass}>{l.label}</NavLink>)}
        </div>
        {!online && (
          <span role="status" className="flex shrink-0 items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
            <WifiOff size={12} aria-hidden="true" />
            Offline
          </span>
        )}
        <SyncIndicator />
        <Link
          to="/cart"
          aria-label={cartCount > 0 ? `Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}` : 'Cart'}
          className="relative flex h-9 w-9 shrink-0 items-center justify-center rounded-full text-gray-800 hover:bg-gray-100"
        >
          <ShoppingCart size={22} aria-hidden="true" />
          {cartCount > 0 && (
            <span aria-hidden="true" data-testid="cart-badge" className="absolute -right-1 -top-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold leading-5 text-white">
              {cartCount > 99 ? '99+' : cartCount}
            </span>
          )}
        </Link>
        {session ? (
          <AccountMenu user={session.user} />
        ) : (
          <Link to="/signin" className="btn-primary shrink-0 px-3 py-1.5 text-sm">Sign In</Link>
        )}
        <button
          ref={toggleRef}
          type="button"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((o) => !o)}
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-gray-800 hover:bg-gray-100 md:hidden"
        >
          {menuOpen ? <X size={22} aria-hidden="true" /> : <Menu size={22} aria-hidden="true" />}
        </button>
      </nav>
      <nav id="mobile-menu" aria-label="Mobile" hidden={!menuOpen} className="border-t border-gray-200 bg-white md:hidden">
        <ul className="container-page flex flex-col gap-1 py-2">
          {links.map((l) => (
            <li key={l.to}><NavLink to={l.to} end={l.end} className={mobileLinkClass}>{l.label}</NavLink></li>
          ))}
          <li><NavLink to="/cart" className={mobileLinkClass}>Cart ({cartCount})</NavLink></li>
        </ul>
      </nav>
    </header>
  );
}
