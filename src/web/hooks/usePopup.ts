import { useCallback, useState } from 'react';
import { useLocation } from 'react-router-dom';

type Next = boolean | ((open: boolean) => boolean);

/**
 * A menu's open state that a navigation closes: the popup remembers the path it was opened
 * on and counts as open only there. No effect closes it, so a tap that lands before the
 * first render's effects have run is never undone by a late "close on navigation".
 */
export function usePopup(): { open: boolean; setOpen(next: Next): void; close(): void } {
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const setOpen = useCallback(
    (next: Next) =>
      setOpenOn((was) => {
        const open = typeof next === 'function' ? next(was === pathname) : next;
        return open ? pathname : null;
      }),
    [pathname],
  );
  const close = useCallback(() => setOpenOn(null), []);
  return { open: openOn === pathname, setOpen, close };
}
