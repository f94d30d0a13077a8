import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import NotFoundPage from './NotFoundPage';
import { useT } from '../../i18n/language';

/** What a routing failure shows (a chunk that failed to load, a page that threw). */
export function RouteError() {
  const t = useT();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const detail = error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : undefined;
  return (
    <section role="alert" className="container-page py-16 text-center">
      <h1 className="text-2xl font-bold">{t('error.title')}</h1>
      {detail && <p className="mt-2 text-gray-700">{detail}</p>}
      <div className="mt-6 flex justify-center gap-3">
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>{t('error.reload')}</button>
        <Link to="/" className="btn-outline">{t('notFound.home')}</Link>
      </div>
    </section>
  );
}
