import { renderToStaticMarkup } from 'react-dom/server';
import { matchPath } from 'react-router-dom';
import { accountPaths } from '../web/app/routes';
import { activate, loadLocale, t, type ShownLocale } from '../shared/i18n';

/** Where the sign-in link's return address goes in the notice (filled per request). */
export const NEXT_MARK = '__next__';

/**
 * What the shell says to a browser without JavaScript, where it would show "Loading…" for
 * ever: a page behind sign-in says so, with a link to sign in that comes back here; any other
 * page that needs the app says that, with links to the pages that read without it.
 */
function PlainNotice({ account }: { account: boolean }) {
  return (
    <section className="container-page max-w-2xl py-10">
      <h1 className="text-2xl font-bold">{account ? t('noScript.accountTitle') : t('noScript.appTitle')}</h1>
      <p className="mt-3 text-gray-800">{account ? t('noScript.accountText') : t('noScript.appText')}</p>
      <p className="mt-4 flex flex-wrap gap-3">
        {account && <a className="btn-primary" href={`/signin?next=${NEXT_MARK}`}>{t('noScript.signIn')}</a>}
        <a className="btn-outline" href="/products">{t('noScript.products')}</a>
        <a className="btn-outline" href="/prices">{t('noScript.prices')}</a>
      </p>
    </section>
  );
}

export const needsAccount = (path: string): boolean => accountPaths.some((pattern) => matchPath(pattern, path) !== null);

export async function renderNotice(account: boolean, locale: ShownLocale): Promise<string> {
  await loadLocale(locale);
  activate(locale);
  return renderToStaticMarkup(<PlainNotice account={account} />);
}
