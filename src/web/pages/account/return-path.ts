import { SIGN_IN_PARAMS, SIGN_IN_REASONS, type AfterSignIn, type SignInReason } from '../../components/sign-in-first';

/** What the sign-in and sign-up pages are handed: where the visitor was going, and why they came. */
export interface ReturnState {
  from?: string;
  error?: string;
}

const unsafe = (ch: string) => ch === '\\' || ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f;

// Parsed against a base that is no real site: a path that leaves it (//evil.com, /\evil.com) is refused.
const BASE = 'http://return.invalid';

/**
 * A return path the page may go to: a path of this site, never another origin (`//evil.com`,
 * `/\evil.com`, `https://…`, `javascript:`), nor back to the sign-in or sign-up pages.
 * Control characters are refused before parsing, since the URL parser drops tabs and
 * newlines (`/\t/evil.com` would become `//evil.com`).
 */
export function safeReturnPath(raw: string | null | undefined): string | undefined {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || [...raw].some(unsafe)) return undefined;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE || /^\/(signin|signup)(\/|$)/.test(url.pathname)) return undefined;
  return url.pathname + url.search + url.hash;
}

/** Where to go after signing in or up: `next` from the address, else the remembered page, else home. */
export function returnPath(state: ReturnState | null | undefined, next?: string | null): string {
  return safeReturnPath(next) ?? safeReturnPath(state?.from) ?? '/';
}

/** Where to return (`next`, unchecked: returnPath checks it), why the visitor was asked to sign in (`for`), and the action the page returned to finishes. */
export function signInPurpose(search: string): { next: string | null; reason: SignInReason | undefined; after: AfterSignIn | undefined } {
  const query = new URLSearchParams(search);
  const given = query.get(SIGN_IN_PARAMS.reason);
  const reason = SIGN_IN_REASONS.find((r) => r === given);
  const id = query.get(SIGN_IN_PARAMS.product);
  const productId = id && /^\d{1,12}$/.test(id) ? Number(id) : undefined;
  return { next: query.get(SIGN_IN_PARAMS.next), reason, after: reason ? { afterSignIn: { action: reason, productId } } : undefined };
}

const HOMES: Record<string, string> = { TRANSPORTER: '/transporter', WAREHOUSE: '/warehouse' };

/** Where an account lands after signing in when no page was asked for: a transporter's and the warehouse staff's work are on their own screens. */
export function homeFor(userType: string | undefined, target: string): string {
  return target === '/' && userType ? (HOMES[userType] ?? target) : target;
}
