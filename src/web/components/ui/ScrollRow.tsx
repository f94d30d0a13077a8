import { useCallback, useEffect, useRef, useState, type HTMLAttributes } from 'react';

/**
 * A row that scrolls sideways on a narrow screen (the console's tabs at 360 px), with a fade and
 * an arrow at each edge that has more beyond it: without them the row looks complete and the
 * tabs past the edge are never found. The hints are drawn only (aria-hidden): a screen reader
 * reads every item of the row anyway.
 */
export function ScrollRow({ className = '', children, ...rest }: HTMLAttributes<HTMLDivElement>) {
  const row = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });
  const measure = useCallback(() => {
    const el = row.current;
    if (!el) return;
    // A pixel of slack: zoomed screens leave fractions.
    const next = { before: el.scrollLeft > 1, after: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 };
    setMore((now) => (now.before === next.before && now.after === next.after ? now : next));
  }, []);
  useEffect(() => {
    measure();
    const el = row.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure]);

  return (
    <div className="relative">
      <div ref={row} onScroll={measure} className={`overflow-x-auto ${className}`} {...rest}>
        {children}
      </div>
      {more.before && <Hint side="before" />}
      {more.after && <Hint side="after" />}
    </div>
  );
}

function Hint({ side }: { side: 'before' | 'after' }) {
  const before = side === 'before';
  return (
    <span
      aria-hidden="true"
      data-testid={`scroll-hint-${side}`}
      className={`pointer-events-none absolute inset-y-0 flex w-10 items-center text-lg font-bold text-gray-700 ${before ? 'left-0 justify-start bg-gradient-to-r' : 'right-0 justify-end bg-gradient-to-l'} from-white via-white/90 to-transparent`}
    >
      {before ? '‹' : '›'}
    </span>
  );
}
