import { Search, SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { queryLocalProducts, localCategories } from '../../../local/catalogue-query';
import type { Page } from '../../../shared/pagination';
import type { Product } from '../../../shared/schemas/catalogue';
import { Freshness } from '../../components/catalogue/Freshness';
import { FilterPanel } from '../../components/catalogue/FilterPanel';
import { ActiveFilters } from '../../components/catalogue/ActiveFilters';
import { filtersToQuery, type CatalogueFilters } from '../../components/catalogue/filters';
import { Pagination, showingCaption } from '../../components/catalogue/Pagination';
import { ProductGrid } from '../../components/catalogue/ProductGrid';
import { RegionPrompt } from '../../components/catalogue/RegionPrompt';
import { SavedListingsNote } from '../../components/catalogue/SavedListingsNote';
import { EmptyState, LoadError } from '../../components/catalogue/states';
import { useAddToCart } from '../../components/catalogue/useAddToCart';
import { catalogueRead, useCatalogue } from '../../components/catalogue/useCatalogue';
import { Spinner } from '../../components/Spinner';
import { categoryName } from '../../components/catalogue/words';
import { useT } from '../../i18n/language';
import { PlainFilters } from './PlainFilters';
import { SORTS, queryToSearchParams, useProductsQuery, type SortKey } from './useProductsQuery';

export const SEARCH_DEBOUNCE_MS = 500;

export default function ProductsPage() {
  const t = useT();
  const { query, filters, category, sort, update, setParams } = useProductsQuery();
  const { add, toastElement } = useAddToCart();
  const [showFilters, setShowFilters] = useState(false);
  const key = JSON.stringify(query);
  const result = useCatalogue<Page<Product>>(
    () => queryLocalProducts(query),
    catalogueRead('GET /products', { query: queryToSearchParams(query) }),
    [key],
    { wholeCatalogue: true },
  );
  const categories = useCatalogue(
    () => localCategories(),
    catalogueRead('GET /categories', {}, (answer) => answer.data),
    [],
    { wholeCatalogue: true },
  );

  const applyFilters = (next: CatalogueFilters) => {
    const q = filtersToQuery(next);
    update({ minPrice: q.minPrice, maxPrice: q.maxPrice, condition: q.condition, location: q.location, checked: q.checked });
  };
  const goToPage = (n: number) => {
    update({ page: String(n) });
    window.scrollTo({ top: 0 });
  };
  const page = result.data;

  return (
    <div className="container-page py-6">
      <h1 className="mb-4 text-2xl font-bold sm:text-3xl">{t('products.title')}</h1>
      <Freshness />

      <SearchBox value={filters.search} onSearch={(search) => update({ search }, { replace: true })} />

      {/* Buttons that need the app: without JavaScript, the plain form below does their work. */}
      <div className="needs-script mt-3 flex flex-wrap items-center gap-2">
        <button type="button" className="btn-outline" aria-expanded={showFilters} aria-controls="products-filters" onClick={() => setShowFilters((s) => !s)}>
          <SlidersHorizontal size={16} aria-hidden="true" /> {showFilters ? t('products.hideFilters') : t('products.filters')}
        </button>
        <label className="ml-auto flex items-center gap-2 text-sm">
          <span>{t('products.sortBy')}</span>
          <select className="input w-auto py-1.5" value={sort} onChange={(e) => update({ sort: e.target.value === 'relevance' ? undefined : e.target.value })}>
            {(Object.keys(SORTS) as SortKey[]).map((k) => <option key={k} value={k}>{t(SORTS[k].label)}</option>)}
          </select>
        </label>
      </div>
      <noscript>
        <PlainFilters filters={filters} category={category} sort={sort} />
      </noscript>
      <ActiveFilters value={filters} onChange={applyFilters} />
      {showFilters && (
        <div id="products-filters" className="card mt-3 p-4">
          <FilterPanel showSearch={false} value={filters} onChange={applyFilters} />
        </div>
      )}

      <div role="tablist" aria-label={t('products.categories')} className="needs-script -mx-4 mt-4 flex gap-2 overflow-x-auto px-4 pb-2">
        <CategoryTab selected={!category} onSelect={() => update({ category: undefined })}>{t('products.all')}</CategoryTab>
        {categories.data?.map((c) => (
          <CategoryTab key={c.name} selected={category === c.name} onSelect={() => update({ category: c.name })}>
            {categoryName(c.name)}
          </CategoryTab>
        ))}
      </div>

      <div className="mt-4">
        {result.error ? (
          <LoadError message={t('products.loadError')} onRetry={result.retry} />
        ) : page === undefined ? (
          <Spinner label={t('products.loading')} />
        ) : page.data.length === 0 ? (
          <>
          <SavedListingsNote count={0} />
          <EmptyState title={query.search ? t('products.noneFor', { search: query.search }) : t('products.none')}>
            <button type="button" className="btn-primary" onClick={() => setParams({})}>{t('products.clearAll')}</button>
          </EmptyState>
          </>
        ) : (
          <>
            <SavedListingsNote count={page.pagination.totalCount} />
            {/* The cards' names are h3: the list needs a heading of its own in between. */}
            <h2 className="sr-only">{t('products.list')}</h2>
            <p className="mb-3 text-sm text-gray-700" aria-live="polite">{showingCaption(page.pagination, page.data.length)}</p>
            <ProductGrid products={page.data} onAdd={add} />
            <div className="mt-6">
              <Pagination page={page.pagination} onPage={goToPage} />
            </div>
          </>
        )}
      </div>
      {/* Below the list, once it has painted: the prompt comes from the phone's own data after the
          first paint, and above the list it pushed the cards down (Lighthouse CLS 0.17, issue 39). */}
      {page !== undefined && (
        <div className="mt-6">
          <RegionPrompt />
        </div>
      )}
      {toastElement}
    </div>
  );
}

function CategoryTab({ selected, onSelect, children }: { selected: boolean; onSelect(): void; children: string }) {
  return (
    <button
      type="button"
      role="tab"
      aria-selected={selected}
      onClick={onSelect}
      className={`shrink-0 rounded-full px-4 py-1.5 text-sm font-medium ${selected ? 'bg-brand-dark text-white' : 'bg-white text-gray-800 ring-1 ring-gray-300 hover:bg-brand-light'}`}
    >
      {children}
    </button>
  );
}

/** The search box (exported for its test): the URL follows the typing after 500 ms of quiet ('Searching...' meanwhile). */
export function SearchBox({ value, onSearch }: { value: string; onSearch(term: string): void }) {
  const t = useT();
  const [term, setTerm] = useState(value);
  // When the URL's term changes (Back, a chip's clear, Clear all filters) the box follows. Not in
  // an effect: its run on the first render would set the box back to the URL's term after what
  // was typed into the server-rendered box while the app was adopting it, and that text is lost.
  const [urlTerm, setUrlTerm] = useState(value);
  if (value !== urlTerm) {
    setUrlTerm(value);
    setTerm(value);
  }
  const pending = term.trim() !== value.trim();
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => onSearch(term.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onSearch is a new function each render; the timer restarts only when the text changes
  }, [term, pending]);

  return (
    <form role="search" onSubmit={(e) => { e.preventDefault(); onSearch(term.trim()); }}>
      <label htmlFor="products-search" className="sr-only">{t('products.search.label')}</label>
      <div className="relative">
        <Search size={18} className="absolute left-3 top-1/2 -translate-y-1/2 text-gray-500" aria-hidden="true" />
        <input
          id="products-search"
          type="text"
          enterKeyHint="search"
          className="input pl-10 pr-10"
          placeholder={t('products.search.placeholder')}
          value={term}
          onChange={(e) => setTerm(e.target.value)}
        />
        {term && (
          <button type="button" aria-label={t('products.search.clear')} className="absolute right-2 top-1/2 -translate-y-1/2 rounded p-1 text-gray-600 hover:bg-gray-100" onClick={() => { setTerm(''); onSearch(''); }}>
            <X size={18} aria-hidden="true" />
          </button>
        )}
      </div>
      <p className="mt-1 h-5 text-sm text-gray-600" aria-live="polite">{pending ? t('products.searching') : ''}</p>
    </form>
  );
}
