import { useId } from 'react';
import { CONDITIONS, GHANA_REGIONS, PRICE_FILTER_MAX } from '../../../shared/catalogue';
import { formatCedis } from '../../../shared/money';
import { NO_FILTERS, asCondition, asRegion, type CatalogueFilters } from './filters';

interface Props {
  value: CatalogueFilters;
  onChange(next: CatalogueFilters): void;
  /** The products page has its own search box above the grid. */
  showSearch?: boolean;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Search text, price range (GH₵ 0 to 10,000), condition and region. */
export function FilterPanel({ value, onChange, showSearch = true }: Props) {
  const id = useId();
  const set = (patch: Partial<CatalogueFilters>) => onChange({ ...value, ...patch });
  const clampMin = (n: number) => Math.max(0, Math.min(Number.isFinite(n) ? n : 0, value.maxPrice));
  const clampMax = (n: number) => Math.min(PRICE_FILTER_MAX, Math.max(Number.isFinite(n) ? n : PRICE_FILTER_MAX, value.minPrice));
  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => e.preventDefault()} aria-label="Filters">
      {showSearch && (
        <div>
          <label htmlFor={`${id}-search`} className="mb-1 block text-sm font-medium">Search</label>
          <input id={`${id}-search`} type="search" className="input" placeholder="Product name..." value={value.search} onChange={(e) => set({ search: e.target.value })} />
        </div>
      )}
      <fieldset>
        <legend className="mb-1 text-sm font-medium">Price range</legend>
        <p className="mb-2 text-sm text-gray-700">
          {formatCedis(value.minPrice)} – {formatCedis(value.maxPrice)}
        </p>
        <div className="grid grid-cols-2 gap-2">
          <label className="text-xs text-gray-700">
            Minimum (GH₵)
            <input type="number" inputMode="decimal" min={0} max={PRICE_FILTER_MAX} step={1} className="input mt-1" value={value.minPrice} onChange={(e) => set({ minPrice: clampMin(Number(e.target.value)) })} />
          </label>
          <label className="text-xs text-gray-700">
            Maximum (GH₵)
            <input type="number" inputMode="decimal" min={0} max={PRICE_FILTER_MAX} step={1} className="input mt-1" value={value.maxPrice} onChange={(e) => set({ maxPrice: clampMax(Number(e.target.value)) })} />
          </label>
        </div>
        <label className="mt-2 block text-xs text-gray-700">
          <span className="sr-only">Maximum price slider</span>
          <input type="range" min={0} max={PRICE_FILTER_MAX} step={50} value={value.maxPrice} onChange={(e) => set({ maxPrice: clampMax(Number(e.target.value)) })} className="w-full accent-brand" />
        </label>
      </fieldset>
      <div>
        <label htmlFor={`${id}-condition`} className="mb-1 block text-sm font-medium">Condition</label>
        <select id={`${id}-condition`} className="input" value={value.condition} onChange={(e) => set({ condition: asCondition(e.target.value) })}>
          <option value="all">All conditions</option>
          {CONDITIONS.map((c) => <option key={c} value={c}>{capital(c)}</option>)}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-location`} className="mb-1 block text-sm font-medium">Location (region)</label>
        <select id={`${id}-location`} className="input" value={value.location} onChange={(e) => set({ location: asRegion(e.target.value) })}>
          <option value="all">All regions</option>
          {GHANA_REGIONS.map((r) => <option key={r} value={r}>{r}</option>)}
        </select>
      </div>
      <button type="button" className="btn-outline" onClick={() => onChange({ ...NO_FILTERS, search: showSearch ? '' : value.search })}>
        Reset filters
      </button>
    </form>
  );
}
