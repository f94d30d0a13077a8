import { CONDITIONS, GHANA_REGIONS, PRICE_FILTER_MAX, type Condition, type GhanaRegion } from '../../../shared/catalogue';

/** The spec's filter panel: search text, price range 0-10000, condition, location (region). */
export interface CatalogueFilters {
  search: string;
  minPrice: number;
  maxPrice: number;
  condition: Condition | 'all';
  location: GhanaRegion | 'all';
  /** Only listings with a lot checked at a warehouse (issue 41, docs/quality.md); absent means all. */
  checked?: boolean;
}

export const NO_FILTERS: CatalogueFilters = { search: '', minPrice: 0, maxPrice: PRICE_FILTER_MAX, condition: 'all', location: 'all' };

export function filtersActive(f: CatalogueFilters): boolean {
  return f.search.trim() !== '' || f.minPrice > 0 || f.maxPrice < PRICE_FILTER_MAX || f.condition !== 'all' || f.location !== 'all' || f.checked === true;
}

/** Query values as GET /products takes them; a price bound is sent only when it narrows 0-10000. */
export function filtersToQuery(f: CatalogueFilters): Record<string, string> {
  const q: Record<string, string> = {};
  if (f.search.trim()) q.search = f.search.trim();
  if (f.minPrice > 0) q.minPrice = String(f.minPrice);
  if (f.maxPrice < PRICE_FILTER_MAX) q.maxPrice = String(f.maxPrice);
  if (f.condition !== 'all') q.condition = f.condition;
  if (f.location !== 'all') q.location = f.location;
  if (f.checked) q.checked = 'true';
  return q;
}

export const asCondition = (v: string | null): CatalogueFilters['condition'] =>
  CONDITIONS.includes(v as Condition) ? (v as Condition) : 'all';
export const asRegion = (v: string | null): CatalogueFilters['location'] =>
  GHANA_REGIONS.includes(v as GhanaRegion) ? (v as GhanaRegion) : 'all';
export const asPrice = (v: string | null, fallback: number): number => {
  const n = Number(v);
  return v !== null && v !== '' && Number.isFinite(n) && n >= 0 && n <= PRICE_FILTER_MAX ? n : fallback;
};
