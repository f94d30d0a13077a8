import { X } from 'lucide-react';
import { t } from '../../../shared/i18n';
import { formatCedis } from '../../../shared/money';
import { useT } from '../../i18n/language';
import { conditionName } from './words';
import { NO_FILTERS, type CatalogueFilters } from './filters';

/** The panel's filters in force, each as words a person reads: "Ashanti", "Up to GH₵ 500.00". */
export function activeFilterChips(f: CatalogueFilters): { label: string; clear: Partial<CatalogueFilters> }[] {
  const chips: { label: string; clear: Partial<CatalogueFilters> }[] = [];
  if (f.location !== 'all') chips.push({ label: f.location, clear: { location: 'all' } });
  if (f.checked) chips.push({ label: t('quality.checkedOnly'), clear: { checked: false } });
  if (f.condition !== 'all') chips.push({ label: conditionName(f.condition), clear: { condition: 'all' } });
  if (f.minPrice > NO_FILTERS.minPrice) chips.push({ label: t('filters.from', { price: formatCedis(f.minPrice) }), clear: { minPrice: NO_FILTERS.minPrice } });
  if (f.maxPrice < NO_FILTERS.maxPrice) chips.push({ label: t('filters.upTo', { price: formatCedis(f.maxPrice) }), clear: { maxPrice: NO_FILTERS.maxPrice } });
  return chips;
}

/**
 * What still narrows the list while the filter panel is closed (or off in a drawer): a chip per
 * filter, each with its own clear, and Clear all. Nothing when no filter applies. The search
 * text has its own box on screen, so it is not repeated here.
 */
export function ActiveFilters({ value, onChange }: { value: CatalogueFilters; onChange(next: CatalogueFilters): void }) {
  useT();
  const chips = activeFilterChips(value);
  if (chips.length === 0) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2" role="group" aria-label={t('filters.inUse')}>
      {chips.map((chip) => (
        <button
          key={chip.label}
          type="button"
          onClick={() => onChange({ ...value, ...chip.clear })}
          aria-label={t('filters.remove', { label: chip.label })}
          className="inline-flex min-h-9 items-center gap-1 whitespace-nowrap rounded-full bg-brand-light px-3 text-sm font-medium text-brand-dark ring-1 ring-brand/40"
        >
          {chip.label}
          <X size={14} aria-hidden="true" />
        </button>
      ))}
      {chips.length > 1 && (
        <button type="button" onClick={() => onChange({ ...NO_FILTERS, search: value.search })} className="min-h-9 px-2 text-sm font-medium text-brand-dark underline">
          {t('filters.clearAll')}
        </button>
      )}
    </div>
  );
}
