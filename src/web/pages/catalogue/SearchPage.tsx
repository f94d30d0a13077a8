import { Search } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { queryLocalProducts } from '../../../local/catalogue-query';
import { PRODUCTS_PAGE_SIZE } from '../../../shared/catalogue';
import type { Page } from '../../../shared/pagination';
import type { Product, ProductQuery } from '../../../shared/schemas/catalogue';
import { Freshness } from '../../components/catalogue/Freshness';
import { Pagination, showingCaption } from '../../components/catalogue/Pagination';
import { ProductGrid } from '../../components/catalogue/ProductGrid';
import { SavedListingsNote } from '../../components/catalogue/SavedListingsNote';
import { EmptyState, LoadError } from '../../components/catalogue/states';
import { useAddToCart } from '../../components/catalogue/useAddToCart';
import { catalogueRead, useCatalogue } from '../../components/catalogue/useCatalogue';
import { Spinner } from '../../components/Spinner';
import { useT } from '../../i18n/language';
import { queryToSearchParams } from './useProductsQuery';

/**
 * /search?q=: real results, from the mirror (the server only before the mirror exists); when
 * the mirror holds only the owner's part of Ghana, online the server's too (the mirror's meanwhile).
 */
export default function SearchPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim().slice(0, 100);
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const { add, toastElement } = useAddToCart();
  const query: ProductQuery = { search: q, sortBy: 'relevance', sortDir: 'desc', page, limit: PRODUCTS_PAGE_SIZE };
  const result = useCatalogue<Page<Product> | undefined>(
    async () => (q ? queryLocalProducts(query) : undefined),
    q ? catalogueRead('GET /products', { query: queryToSearchParams(query) }) : undefined,
    [q, page],
    { wholeCatalogue: true },
  );

  return (
    <div className="container-page py-6">
      <Freshness />
      <SearchForm initial={q} onSearch={(term) => setParams(term ? { q: term } : {})} />
      {q === '' ? (
        <p className="mt-6 text-gray-700">{t('products.searchPage.hint')}</p>
      ) : (
        <>
          <h1 className="mt-6 text-2xl font-bold">{t('products.searchPage.title', { q })}</h1>
          <div className="mt-4">
            {result.error ? (
              <LoadError message={t('products.loadError')} onRetry={result.retry} />
            ) : result.data === undefined ? (
              <Spinner label={t('products.searchPage.searching')} />
            ) : result.data.data.length === 0 ? (
              <>
                <SavedListingsNote count={0} />
                <EmptyState title={t('products.searchPage.none', { q })} />
              </>
            ) : (
              <>
                <SavedListingsNote count={result.data.pagination.totalCount} />
                <p className="mb-3 text-sm text-gray-700">{showingCaption(result.data.pagination, result.data.data.length)}</p>
                <h2 className="sr-only">{t('products.list')}</h2>
                <ProductGrid products={result.data.data} onAdd={add} />
                <div className="mt-6">
                  <Pagination
                    page={result.data.pagination}
                    onPage={(n) => {
                      setParams({ q, page: String(n) });
                      window.scrollTo({ top: 0 });
                    }}
                  />
                </div>
              </>
            )}
          </div>
        </>
      )}
      {toastElement}
    </div>
  );
}

function SearchForm({ initial, onSearch }: { initial: string; onSearch(term: string): void }) {
  const t = useT();
  const [term, setTerm] = useState(initial);
  useEffect(() => setTerm(initial), [initial]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(term.trim());
  };
  return (
    <form role="search" action="/search" onSubmit={submit} className="flex max-w-2xl gap-2">
      <label htmlFor="search-page-q" className="sr-only">{t('products.search.label')}</label>
      <input id="search-page-q" name="q" type="search" className="input" placeholder={t('products.searchPage.placeholder')} value={term} onChange={(e) => setTerm(e.target.value)} />
      <button type="submit" className="btn-primary" aria-label={t('products.searchPage.button')}>
        <Search size={18} aria-hidden="true" />
      </button>
    </form>
  );
}
