import { Leaf, Menu, X } from 'lucide-react';
import { startTransition, useCallback, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { Deferred } from '../initial-app/deferred';
import { useDismiss } from '../hooks/useDismiss';
import { usePopup } from '../hooks/usePopup';
import { itemsText } from './items-text';
import type { NavState } from './NavStatus';
import { LanguageSelect } from '../i18n/LanguageSelect';
import { useT } from '../i18n/language';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-2 py-1 text-sm font-medium ${isActive ? 'text-brand-dark underline underline-offset-4' : 'text-gray-700 hover:text-brand-dark'}`;
const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 font-medium ${isActive ? 'bg-brand-light text-brand-dark' : 'text-gray-800 hover:bg-gray-100'}`;

/** Home, Products, Prices, Track Order (signed in only), Contact: the bar's links and the mobile menu's. */
function mainLinks(signedIn: boolean, t: ReturnType<typeof useT>) {
  return [
    { to: '/', label: t('nav.home'), end: true },
    { to: '/products', label: t('nav.products'), end: false },
    { to: '/prices', label: t('nav.prices'), end: false },
    ...(signedIn ? [{ to: '/track-order', label: t('nav.track'), end: false }] : []),
    { to: '/contact', label: t('nav.contact'), end: false },
  ];
}

const loadStatus = () => import('./NavStatus');

/**
 * Prerendered with the first screen, so it holds no one's data: the live part (cart, account,
 * offline and sync state) takes a same-size placeholder until it loads after the first paint,
 * so a signed-in user never sees a Sign In button, nor a visitor an empty avatar.
 */
export function NavBar() {
  const t = useT();
  const [live, setLive] = useState<NavState>();
  // In a transition: an urgent update redraws the whole bar in one pass, a long task on a
  // cheap phone just after start-up. Unchanged news redraws nothing.
  const onLive = useCallback(
    (next: NavState) => startTransition(() => setLive((now) => (now?.signedIn === next.signedIn && now.cartCount === next.cartCount ? now : next))),
    [],
  );
  const { open: menuOpen, setOpen: setMenuOpen, close: closeMenu } = usePopup();
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  useDismiss(headerRef, menuOpen, closeMenu, toggleRef);
  const links = mainLinks(live?.signedIn ?? false, t);

  return (
    <header ref={headerRef} className="sticky top-0 z-40 border-b border-gray-200 bg-white">
      <nav aria-label={t('nav.main')} className="container-page flex h-14 items-center gap-1.5 sm:gap-3">
        <Link to="/" aria-label={t('nav.homeLabel')} className="mr-auto flex min-w-0 items-center gap-1 text-lg font-bold text-brand-dark">
          <Leaf size={20} aria-hidden="true" className="shrink-0" />
          <span className="truncate">Akuafo<span className="hidden sm:inline"> Market</span></span>
        </Link>
        <div className="hidden items-center gap-1 md:flex">
          {links.map((l) => <NavLink key={l.to} to={l.to} end={l.end} className={linkClass}>{l.label}</NavLink>)}
          <LanguageSelect className="ml-1" />
        </div>
        <Deferred load={loadStatus} fallback={<span aria-hidden="true" data-testid="nav-status-placeholder" className="h-9 w-[7.5rem] shrink-0" />}>
          {({ NavStatus }) => <NavStatus onChange={onLive} />}
        </Deferred>
        <button
          ref={toggleRef}
          type="button"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setMenuOpen((o) => !o)}
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-md text-gray-800 hover:bg-gray-100 md:hidden"
        >
          {menuOpen ? <X size={22} aria-hidden="true" /> : <Menu size={22} aria-hidden="true" />}
        </button>
      </nav>
      <nav id="mobile-menu" aria-label={t('nav.mobile')} hidden={!menuOpen} className="border-t border-gray-200 bg-white md:hidden">
        <ul className="container-page flex flex-col gap-1 py-2">
          {links.map((l) => (
            <li key={l.to}><NavLink to={l.to} end={l.end} className={mobileLinkClass}>{l.label}</NavLink></li>
          ))}
          <li><NavLink to="/cart" className={mobileLinkClass}>{live ? t('nav.cartCount', { items: itemsText(live.cartCount) }) : t('nav.cart')}</NavLink></li>
          <li className="px-3 py-2"><LanguageSelect /></li>
        </ul>
      </nav>
    </header>
  );
}
