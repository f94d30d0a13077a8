import { CATEGORIES, CONDITIONS, GHANA_REGIONS, PRICE_FILTER_MAX } from '../../../shared/catalogue';
import type { CatalogueFilters } from '../../components/catalogue/filters';
import { categoryName, conditionName } from '../../components/catalogue/words';
import { useT } from '../../i18n/language';
import { SORTS, type SortKey } from './useProductsQuery';

/**
 * The list's filters as one plain GET form, for a browser without JavaScript (inside
 * <noscript>: the app never draws nor adopts it). Its names are the address's own
 * (useProductsQuery), so the server renders the filtered list.
 */
export function PlainFilters({ filters, category, sort }: { filters: CatalogueFilters; category: string | undefined; sort: SortKey }) {
  const t = useT();
  const field = 'flex flex-col gap-1 text-sm font-medium';
  return (
    <form method="get" action="/products" aria-label={t('filters.label')} className="card mt-3 grid gap-3 p-4 sm:grid-cols-2">
      <label className={field}>
        {t('filters.search')}
        <input type="search" name="search" className="input" defaultValue={filters.search} />
      </label>
      <label className={field}>
        {t('products.categories')}
        <select name="category" className="input" defaultValue={category ?? ''}>
          <option value="">{t('products.all')}</option>
          {CATEGORIES.map((c) => <option key={c} value={c}>{categoryName(c)}</option>)}
        </select>
      </label>
      <label className={field}>
        {t('filters.min')}
        <input type="number" name="minPrice" min={0} max={PRICE_FILTER_MAX} className="input" defaultValue={filters.minPrice > 0 ? filters.minPrice : ''} />
      </label>
      <label className={field}>
        {t('filters.max')}
        <input type="number" name="maxPrice" min={0} max={PRICE_FILTER_MAX} className="input" defaultValue={filters.maxPrice < PRICE_FILTER_MAX ? filters.maxPrice : ''} />
      </label>
      <label className={field}>
        {t('filters.condition')}
        <select name="condition" className="input" defaultValue={filters.condition}>
          <option value="all">{t('filters.allConditions')}</option>
          {CONDITIONS.map((c) => <option key={c} value={c}>{conditionName(c)}</option>)}
        </select>
      </label>
      <label className={field}>
        {t('filters.location')}
        <select name="location" className="input" defaultValue={filters.location}>
          <option value="all">{t('filters.allRegions')}</option>
          {GHANA_REGIONS.map((r) => <option key={r} value={r}>{r}</option>)}
        </select>
      </label>
      <label className={field}>
        {t('products.sortBy')}
        <select name="sort" className="input" defaultValue={sort}>
          {(Object.keys(SORTS) as SortKey[]).map((k) => <option key={k} value={k}>{t(SORTS[k].label)}</option>)}
        </select>
      </label>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" name="checked" value="true" defaultChecked={filters.checked === true} /> {t('quality.checkedOnly')}
      </label>
      <button type="submit" className="btn-primary self-end">{t('products.showResults')}</button>
    </form>
  );
}
