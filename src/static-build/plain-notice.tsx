import { renderToStaticMarkup } from 'react-dom/server';
import { matchPath } from 'react-router-dom';
import { accountPaths } from '../web/app/routes';
import { SIGN_IN_PARAMS, SIGN_IN_REASONS, type SignInReason } from '../web/components/sign-in-first';
import { safeReturnPath } from '../web/pages/account/return-path';
import { activate, loadLocale, t, type ShownLocale } from '../shared/i18n';

/** Where the sign-in link's return address goes in the notice (filled per request). */
export const NEXT_MARK = '__next__';
/** Where the way back to the page the visitor came from goes (filled per request, a path of this site). */
export const BACK_MARK = '__back__';

/** A page behind sign-in, a page that needs the app, or the sign-in page asked for an action (Add to Cart). */
export type NoticeKind = 'account' | 'app' | `signIn:${SignInReason}`;

/**
 * Which notice an address gets, and the way back it offers: the sign-in page reached from a
 * product's Add to Cart (/signin?next=/product/25&for=cart) says why it asks and links back
 * to the product, since signing in itself needs the app.
 */
export function noticeFor(url: string): { kind: NoticeKind; back: string } {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const reason = SIGN_IN_REASONS.find((r) => r === searchParams.get(SIGN_IN_PARAMS.reason));
  if (reason && /^\/(signin|signup)\/?$/.test(pathname)) return { kind: `signIn:${reason}`, back: safeReturnPath(searchParams.get(SIGN_IN_PARAMS.next)) ?? '/products' };
  return { kind: needsAccount(pathname) ? 'account' : 'app', back: '/products' };
}

/**
 * What the shell says to a browser without JavaScript, where it would show "Loading…" for
 * ever: a page behind sign-in says so, with a link to sign in that comes back here; any other
 * page that needs the app says that, with links to the pages that read without it.
 */
function PlainNotice({ kind }: { kind: NoticeKind }) {
  if (kind.startsWith('signIn:')) return <SignInNeedsScript reason={kind.slice('signIn:'.length) as SignInReason} />;
  const account = kind === 'account';
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

/** The sign-in page without JavaScript, reached from an action: why we ask, that it needs the app, and the way back. */
function SignInNeedsScript({ reason }: { reason: SignInReason }) {
  return (
    <section className="container-page max-w-2xl py-10">
      <h1 className="text-2xl font-bold">{t(`signin.why.${reason}`)}</h1>
      <p className="mt-3 text-gray-800">{t('noScript.signInText')}</p>
      <p className="mt-4 flex flex-wrap gap-3">
        <a className="btn-primary" href={BACK_MARK}>{t('noScript.back')}</a>
        <a className="btn-outline" href="/products">{t('noScript.products')}</a>
      </p>
    </section>
  );
}

export const needsAccount = (path: string): boolean => accountPaths.some((pattern) => matchPath(pattern, path) !== null);

export async function renderNotice(kind: NoticeKind, locale: ShownLocale): Promise<string> {
  await loadLocale(locale);
  activate(locale);
  return renderToStaticMarkup(<PlainNotice kind={kind} />);
}
