import { useSearchParams } from 'react-router-dom';
import { CATEGORIES, PRICE_FILTER_MAX, PRODUCTS_PAGE_SIZE, type Category } from '../../../shared/catalogue';
import type { ProductQuery, ProductQueryInput } from '../../../shared/schemas/catalogue';
import { asCondition, asPrice, asRegion, type CatalogueFilters } from '../../components/catalogue/filters';

/** Each order, its label's message and the query it makes. */
export const SORTS = {
  // The default: with a search word, names holding it as a word first; without one, newest first.
  relevance: { label: 'products.sort.relevance', sortBy: 'relevance', sortDir: 'desc' },
  newest: { label: 'products.sort.newest', sortBy: 'createdAt', sortDir: 'desc' },
  'price-asc': { label: 'products.sort.priceAsc', sortBy: 'price', sortDir: 'asc' },
  'price-desc': { label: 'products.sort.priceDesc', sortBy: 'price', sortDir: 'desc' },
  name: { label: 'products.sort.name', sortBy: 'name', sortDir: 'asc' },
} as const;
export type SortKey = keyof typeof SORTS;

/**
 * The products page's state lives in the URL (search, category, filters, sort, page), so
 * Back from a product returns to the same page of the same list, and links can be shared.
 */
export function useProductsQuery() {
  const [params, setParams] = useSearchParams();
  const category = CATEGORIES.includes(params.get('category') as Category) ? (params.get('category') as Category) : undefined;
  const sort: SortKey = (params.get('sort') as SortKey) in SORTS ? (params.get('sort') as SortKey) : 'relevance';
  const page = Math.max(1, Math.floor(Number(params.get('page')) || 1));
  const filters: CatalogueFilters = {
    search: params.get('search') ?? '',
    minPrice: asPrice(params.get('minPrice'), 0),
    maxPrice: asPrice(params.get('maxPrice'), PRICE_FILTER_MAX),
    condition: asCondition(params.get('condition')),
    location: asRegion(params.get('location')),
    checked: params.get('checked') === 'true',
  };
  if (filters.minPrice > filters.maxPrice) filters.minPrice = 0;

  const query: ProductQuery = {
    search: filters.search.trim() || undefined,
    category,
    condition: filters.condition === 'all' ? undefined : filters.condition,
    location: filters.location === 'all' ? undefined : filters.location,
    minPrice: filters.minPrice > 0 ? filters.minPrice : undefined,
    maxPrice: filters.maxPrice < PRICE_FILTER_MAX ? filters.maxPrice : undefined,
    checked: filters.checked ? true : undefined,
    sortBy: SORTS[sort].sortBy,
    sortDir: SORTS[sort].sortDir,
    page,
    limit: PRODUCTS_PAGE_SIZE,
  };

  /** Changes some parameters; anything but the page itself sends the user back to page 1. */
  const update = (patch: Record<string, string | undefined>, options: { replace?: boolean } = {}) => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (!('page' in patch)) next.delete('page');
        return next;
      },
      { replace: options.replace },
    );
  };

  return { query, filters, category, sort, page, update, setParams };
}

/** GET /products query text for the same query (used before the mirror exists). */
export function queryToSearchParams(q: ProductQuery): ProductQueryInput {
  const out: ProductQueryInput = { page: String(q.page), limit: String(q.limit), sortBy: q.sortBy, sortDir: q.sortDir };
  if (q.search) out.search = q.search;
  if (q.category) out.category = q.category;
  if (q.condition) out.condition = q.condition;
  if (q.location) out.location = q.location;
  if (q.minPrice !== undefined) out.minPrice = String(q.minPrice);
  if (q.maxPrice !== undefined) out.maxPrice = String(q.maxPrice);
  if (q.checked) out.checked = 'true';
  return out;
}
