import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../components/Spinner';
import { useSession } from '../hooks/useSession';

/**
 * Sign-in required; the page the user wanted is remembered for after sign-in. Loaded with
 * the protected pages, so the session store stays out of the first screen.
 */
export function RequireAuth() {
  const { session, loading } = useSession();
  const location = useLocation();
  if (loading) return <Spinner />;
  if (!session?.user) return <Navigate to="/signin" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
}
