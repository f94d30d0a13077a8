import { SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { localShelf, type Shelf } from '../../../local/catalogue-query';
import { toMinor } from '../../../shared/money';
import type { Product } from '../../../shared/schemas/catalogue';
import { matchesSearch, searchHaystack, searchWords } from '../../../shared/search';
import { ActiveFilters } from '../../components/catalogue/ActiveFilters';
import { FilterPanel } from '../../components/catalogue/FilterPanel';
import { NO_FILTERS, filtersActive, type CatalogueFilters } from '../../components/catalogue/filters';
import { ProductGrid } from '../../components/catalogue/ProductGrid';
import { EmptyState, LoadError } from '../../components/catalogue/states';
import { catalogueRead, useCatalogue } from '../../components/catalogue/useCatalogue';
import { Spinner } from '../../components/Spinner';
import { useT } from '../../i18n/language';

const SHELF_SIZE = 12;

function useShelf(shelf: Shelf) {
  return useCatalogue<Product[]>(
    () => localShelf(shelf, SHELF_SIZE),
    catalogueRead(`GET /products/${shelf}`, {}, (answer) => answer.data),
    [shelf],
  );
}

/** The home page's own filter rule (the spec's, with the app's one search rule for the text). */
export function applyHomeFilters(products: Product[], f: CatalogueFilters): Product[] {
  const words = searchWords(f.search);
  return products.filter(
    (p) =>
      matchesSearch(searchHaystack(p), words) &&
      toMinor(p.price) >= toMinor(f.minPrice) &&
      toMinor(p.price) <= toMinor(f.maxPrice) &&
      (f.condition === 'all' || p.condition === f.condition) &&
      (f.location === 'all' || p.region === f.location) &&
      (!f.checked || (p.quality?.checkedLots ?? 0) > 0),
  );
}

interface AddProps {
  onAdd(p: Product): void;
}

/** Featured products with the filter panel: a sidebar on large screens, a drawer on small ones. */
export function FeaturedProducts({ onAdd }: AddProps) {
  const t = useT();
  const { data, error, retry } = useShelf('featured');
  const [filters, setFilters] = useState<CatalogueFilters>(NO_FILTERS);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const shown = data ? applyHomeFilters(data, filters) : undefined;

  return (
    <section aria-labelledby="featured-title" className="container-page py-10">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id="featured-title" className="text-2xl font-bold">{t('home.featured')}</h2>
        <button type="button" className="btn-outline lg:hidden" aria-expanded={drawerOpen} aria-controls="featured-filters-drawer" onClick={() => setDrawerOpen(true)}>
          <SlidersHorizontal size={16} aria-hidden="true" /> {t('shelves.filters')}
        </button>
      </div>
      {/* The drawer hides the filters on a phone: what still applies shows here. */}
      <div className="-mt-1 mb-4 lg:hidden"><ActiveFilters value={filters} onChange={setFilters} /></div>
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr]">
        <aside className="hidden lg:block" aria-label={t('shelves.filtersLabel')}>
          <div className="card sticky top-20 p-4">
            <FilterPanel value={filters} onChange={setFilters} />
          </div>
        </aside>
        <div>
          {error ? (
            <LoadError message={t('shelves.loadFailed')} detail={error} onRetry={retry} />
          ) : shown === undefined ? (
            <Spinner />
          ) : shown.length === 0 ? (
            filtersActive(filters) ? (
              <EmptyState title={t('shelves.noneFound')}>
                <p className="text-sm text-gray-700">{t('shelves.tryFilters')}</p>
              </EmptyState>
            ) : (
              <EmptyState title={t('shelves.none')} />
            )
          ) : (
            <ProductGrid products={shown} onAdd={onAdd} />
          )}
        </div>
      </div>
      {drawerOpen && <FilterDrawer value={filters} onChange={setFilters} onClose={() => setDrawerOpen(false)} />}
    </section>
  );
}

function FilterDrawer({ value, onChange, onClose }: { value: CatalogueFilters; onChange(f: CatalogueFilters): void; onClose(): void }) {
  const t = useT();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    close.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="fixed inset-0 z-50 lg:hidden">
      <div className="absolute inset-0 bg-black/40" aria-hidden="true" onClick={onClose} />
      <div id="featured-filters-drawer" role="dialog" aria-modal="true" aria-labelledby="drawer-title" className="absolute inset-y-0 left-0 flex w-80 max-w-[85vw] flex-col gap-4 overflow-y-auto bg-white p-4 shadow-xl">
        <div className="flex items-center justify-between">
          <h2 id="drawer-title" className="text-lg font-bold">{t('shelves.filters')}</h2>
          <button ref={close} type="button" className="rounded p-2 hover:bg-gray-100" aria-label={t('shelves.closeFilters')} onClick={onClose}>
            <X size={20} aria-hidden="true" />
          </button>
        </div>
        <FilterPanel value={value} onChange={onChange} />
        <button type="button" className="btn-primary" onClick={onClose}>{t('shelves.showResults')}</button>
      </div>
    </div>
  );
}

/** Discounted Products and Weekly Special Offers: cards show the discount or the old price. */
export function ShelfSection({ shelf, title, subtitle, onAdd }: AddProps & { shelf: Shelf; title: string; subtitle: string }) {
  const t = useT();
  const { data, error, retry } = useShelf(shelf);
  const id = `${shelf}-title`;
  return (
    <section aria-labelledby={id} className="container-page py-10">
      <h2 id={id} className="text-2xl font-bold">{title}</h2>
      <p className="mb-4 text-gray-700">{subtitle}</p>
      {error ? (
        <LoadError message={t('shelves.loadFailed')} detail={error} onRetry={retry} />
      ) : data === undefined ? (
        <Spinner />
      ) : data.length === 0 ? (
        <EmptyState title={t('shelves.none')} />
      ) : (
        <ProductGrid products={data} onAdd={onAdd} eagerCount={0} />
      )}
    </section>
  );
}
