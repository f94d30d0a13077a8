import { Link, NavLink } from 'react-router-dom';
import { useOnline } from '../hooks/useOnline';
import { useSession } from '../hooks/useSession';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded px-2 py-1 text-sm font-medium ${isActive ? 'text-brand-dark underline underline-offset-4' : 'text-gray-700 hover:text-brand'}`;

export function NavBar() {
  const { session } = useSession();
  const online = useOnline();
  return (
    <header className="sticky top-0 z-40 border-b border-gray-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="container-page flex h-14 items-center gap-3">
        <Link to="/" className="mr-auto text-lg font-bold text-brand">Akuafo Market</Link>
        <NavLink to="/" end className={linkClass}>Home</NavLink>
        <NavLink to="/products" className={linkClass}>Products</NavLink>
        {session && <NavLink to="/track-order" className={linkClass}>Track Order</NavLink>}
        <NavLink to="/contact" className={linkClass}>Contact</NavLink>
        <NavLink to="/cart" className={linkClass}>Cart</NavLink>
        {!online && (
          <span role="status" className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Offline</span>
        )}
        {session ? (
          <NavLink to={session.user.userType === 'CUSTOMER' ? '/profile' : '/sellers/me'} className={linkClass}>
            {session.user.firstName}
          </NavLink>
        ) : (
          <Link to="/signin" className="btn-primary px-3 py-1.5 text-sm">Sign In</Link>
        )}
      </nav>
    </header>
  );
}
