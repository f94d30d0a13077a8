import { useEffect } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router-dom';

/**
 * An action a visitor may start before signing in (issue 39): the sign-in page says why it is
 * asked for, and the page the visitor was on finishes the action on the way back.
 */
export const SIGN_IN_REASONS = ['cart', 'review', 'wishlist'] as const;
export type SignInReason = (typeof SIGN_IN_REASONS)[number];

/** What the sign-in page hands the page it returns to: the action to finish there. */
export interface AfterSignIn {
  afterSignIn: { action: SignInReason; productId?: number };
}

/** The query the sign-in page reads: `next` (where to return), `for` (why), `product` (the one to act on). */
export const SIGN_IN_PARAMS = { next: 'next', reason: 'for', product: 'product' } as const;

/** /signin?next=<this page>&for=<why>[&product=<id>]: plain text, so a link in server HTML can carry it too. */
export function signInHref(reason: SignInReason, next: string, productId?: number): string {
  const query = new URLSearchParams({ [SIGN_IN_PARAMS.next]: next, [SIGN_IN_PARAMS.reason]: reason });
  if (productId !== undefined) query.set(SIGN_IN_PARAMS.product, String(productId));
  return `/signin?${query}`;
}

/** The current page as a return path. */
export const herePath = (location: Pick<Location, 'pathname' | 'search'>) => location.pathname + location.search;

// Several hooks on one page may wait for the same action: the first takes it (per history entry).
const taken = new Set<string>();

/**
 * Runs `finish` once when this page was reached from the sign-in page with `action` to finish
 * (for `productId` when given), then forgets it from the history entry, so a reload or a
 * return by Back does not do it again.
 */
export function useFinishAfterSignIn(action: SignInReason, finish: (productId: number) => void, productId?: number): void {
  const location = useLocation();
  const navigate = useNavigate();
  const pending = (location.state as Partial<AfterSignIn> | null)?.afterSignIn;
  const wanted = pending?.action === action && pending.productId !== undefined && (productId === undefined || pending.productId === productId) ? pending.productId : undefined;
  useEffect(() => {
    if (wanted === undefined || taken.has(location.key)) return;
    taken.add(location.key);
    navigate(herePath(location), { replace: true, state: null });
    finish(wanted);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per history entry: finish is new each render
  }, [wanted, location.key]);
}
