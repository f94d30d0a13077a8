import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate, useNavigation } from 'react-router-dom';
import { Footer } from '../components/Footer';
import { NavBar } from '../components/NavBar';
import { Spinner } from '../components/Spinner';
import { UpdatePrompt } from '../components/UpdatePrompt';
import { SESSION_EXPIRED_EVENT } from '../lib/events';
import { useT } from '../i18n/language';
import { KeepStartScroll, NoteStartScroll } from './start-scroll';

/** Top of every page: scroll handling, the lazy-route progress bar, session-expiry redirect. */
export function RootLayout() {
  const t = useT();
  const navigation = useNavigation();
  const navigate = useNavigate();
  useEffect(() => {
    // The event's detail is the session module's English sentence; the reader gets it in their language.
    const onExpired = () => {
      navigate('/signin', { state: { from: window.location.pathname + window.location.search, error: t('app.sessionExpired') } });
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, onExpired);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, onExpired);
  }, [navigate, t]);
  return (
    <>
      {navigation.state === 'loading' && (
        <div role="progressbar" aria-label={t('app.loadingPage')} className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-amber-400" />
      )}
      <Outlet />
      <NoteStartScroll />
      <ScrollRestoration />
      <KeepStartScroll />
      <UpdatePrompt />
    </>
  );
}

/** Pages with the navigation bar and footer. */
export function ChromeLayout() {
  const t = useT();
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        {t('app.skip')}
      </a>
      <NavBar />
      {/* At least a screen tall: the footer starts below the fold, so a page that arrives
          after "Loading…" (or its own spinner) does not push it down the screen (layout shift). */}
      <main id="main" className="min-h-dvh flex-1">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

/** Sign-in, sign-up, seller registration and payment success: no navigation bar or footer. */
export function BareLayout() {
  return (
    <main id="main" className="min-h-dvh">
      <Outlet />
    </main>
  );
}

export function PageLoading() {
  return <Spinner label={useT()('app.loading')} />;
}
