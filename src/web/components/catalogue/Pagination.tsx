import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { MouseEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { t as translate } from '../../../shared/i18n';
import type { Pagination as PageInfo } from '../../../shared/pagination';
import { useT } from '../../i18n/language';

const WINDOW = 5;

/** Up to 5 page numbers around the current one, between 1 and the last page. */
export function pageWindow(current: number, total: number): number[] {
  const start = Math.max(1, Math.min(current - Math.floor(WINDOW / 2), total - WINDOW + 1));
  return Array.from({ length: Math.min(WINDOW, total) }, (_, i) => start + i);
}

/**
 * 'Showing X-Y of N products' (X is 0 when there is nothing to show). A broad search is
 * counted only up to a bound (the server's CATALOGUE_COUNT_BOUND): then 'of 10,000+ products',
 * a true figure, rather than an exact-looking guess.
 */
export function showingCaption(p: PageInfo, shown: number): string {
  const from = shown === 0 ? 0 : (p.currentPage - 1) * p.pageSize + 1;
  const total = p.totalIsLowerBound ? `${p.totalCount.toLocaleString('en')}+` : String(p.totalCount);
  return translate('products.showing', { from, to: from === 0 ? 0 : from + shown - 1, total });
}

/**
 * The pages of a list. A GET form of the address's own query, each page a submit button
 * (page=n): without JavaScript the server renders that page; with it, the app goes there.
 */
export function Pagination({ page, onPage }: { page: PageInfo; onPage(n: number): void }) {
  const t = useT();
  const [params] = useSearchParams();
  if (page.totalPages <= 1) return null;
  const go = (n: number) => (event: MouseEvent) => {
    event.preventDefault();
    onPage(n);
  };
  return (
    <form method="get">
      {[...params].filter(([name]) => name !== 'page').map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}
      <nav aria-label={t('products.pages')} className="flex flex-wrap items-center justify-center gap-1">
        <button type="submit" name="page" value={page.currentPage - 1} className="btn-outline px-3 py-1.5" disabled={!page.hasPreviousPage} onClick={go(page.currentPage - 1)}>
          <ChevronLeft size={16} aria-hidden="true" /> {t('products.previous')}
        </button>
        {pageWindow(page.currentPage, page.totalPages).map((n) => (
          <button
            key={n}
            type="submit"
            name="page"
            value={n}
            aria-current={n === page.currentPage ? 'page' : undefined}
            aria-label={t('products.page', { n })}
            className={`h-9 min-w-9 rounded-lg px-2 text-sm font-medium ${n === page.currentPage ? 'bg-brand-dark text-white' : 'text-gray-800 ring-1 ring-gray-300 hover:bg-brand-light'}`}
            onClick={go(n)}
          >
            {n}
          </button>
        ))}
        <button type="submit" name="page" value={page.currentPage + 1} className="btn-outline px-3 py-1.5" disabled={!page.hasNextPage} onClick={go(page.currentPage + 1)}>
          {t('products.next')} <ChevronRight size={16} aria-hidden="true" />
        </button>
      </nav>
    </form>
  );
}
