import { useEffect, type RefObject } from 'react';

/**
 * Closes a popup (menu, drawer) on a press outside `ref`, on Escape (focus goes back to
 * `returnFocus`), and when keyboard focus moves outside it.
 */
export function useDismiss(
  ref: RefObject<HTMLElement | null>,
  open: boolean,
  close: () => void,
  returnFocus?: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return;
    const outside = (target: EventTarget | null) => target instanceof Node && !ref.current?.contains(target);
    const onPointer = (event: PointerEvent) => {
      if (outside(event.target)) close();
    };
    const onFocus = (event: FocusEvent) => {
      if (outside(event.target)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      returnFocus?.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocus);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocus);
      document.removeEventListener('keydown', onKey);
    };
  }, [ref, open, close, returnFocus]);
}
