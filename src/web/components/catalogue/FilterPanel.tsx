import { useEffect, useId, useState } from 'react';
import { CONDITIONS, GHANA_REGIONS, PRICE_FILTER_MAX } from '../../../shared/catalogue';
import { useT } from '../../i18n/language';
import { Price } from '../Price';
import { conditionName } from './words';
import { NO_FILTERS, asCondition, asRegion, type CatalogueFilters } from './filters';

interface Props {
  value: CatalogueFilters;
  onChange(next: CatalogueFilters): void;
  /** The products page has its own search box above the grid. */
  showSearch?: boolean;
}

/** Search text, price range (GH₵ 0 to 10,000), condition and region. */
export function FilterPanel({ value, onChange, showSearch = true }: Props) {
  const t = useT();
  const id = useId();
  const set = (patch: Partial<CatalogueFilters>) => onChange({ ...value, ...patch });
  const clampMin = (n: number) => Math.max(0, Math.min(Number.isFinite(n) ? n : 0, value.maxPrice));
  const clampMax = (n: number) => Math.min(PRICE_FILTER_MAX, Math.max(Number.isFinite(n) ? n : PRICE_FILTER_MAX, value.minPrice));
  return (
    <form className="flex flex-col gap-4" onSubmit={(e) => e.preventDefault()} aria-label={t('filters.label')}>
      {showSearch && (
        <div>
          <label htmlFor={`${id}-search`} className="mb-1 block text-sm font-medium">{t('filters.search')}</label>
          <input id={`${id}-search`} type="search" className="input" placeholder={t('filters.searchPlaceholder')} value={value.search} onChange={(e) => set({ search: e.target.value })} />
        </div>
      )}
      <fieldset>
        <legend className="mb-1 text-sm font-medium">{t('filters.price')}</legend>
        <p className="mb-2 text-sm text-gray-700">
          <Price value={value.minPrice} /> – <Price value={value.maxPrice} />
        </p>
        <div className="grid grid-cols-2 gap-2">
          <PriceInput label={t('filters.min')} value={value.minPrice} onCommit={(n) => set({ minPrice: clampMin(n) })} />
          <PriceInput label={t('filters.max')} value={value.maxPrice} onCommit={(n) => set({ maxPrice: clampMax(n) })} />
        </div>
        <label className="mt-2 block text-xs text-gray-700">
          <span className="sr-only">{t('filters.slider')}</span>
          <input type="range" min={0} max={PRICE_FILTER_MAX} step={50} value={value.maxPrice} onChange={(e) => set({ maxPrice: clampMax(Number(e.target.value)) })} className="w-full accent-brand" />
        </label>
      </fieldset>
      <div>
        <label htmlFor={`${id}-condition`} className="mb-1 block text-sm font-medium">{t('filters.condition')}</label>
        <select id={`${id}-condition`} className="input" value={value.condition} onChange={(e) => set({ condition: asCondition(e.target.value) })}>
          <option value="all">{t('filters.allConditions')}</option>
          {CONDITIONS.map((c) => <option key={c} value={c}>{conditionName(c)}</option>)}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-location`} className="mb-1 block text-sm font-medium">{t('filters.location')}</label>
        <select id={`${id}-location`} className="input" value={value.location} onChange={(e) => set({ location: asRegion(e.target.value) })}>
          <option value="all">{t('filters.allRegions')}</option>
          {GHANA_REGIONS.map((r) => <option key={r} value={r}>{r}</option>)}
        </select>
      </div>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" checked={value.checked === true} onChange={(e) => set({ checked: e.target.checked })} /> {t('quality.checkedOnly')}
      </label>
      <button type="button" className="btn-outline" onClick={() => onChange({ ...NO_FILTERS, search: showSearch ? '' : value.search })}>
        {t('filters.reset')}
      </button>
    </form>
  );
}

/** A price box that applies its number when the user leaves it or presses Enter, not per keystroke. */
function PriceInput({ label, value, onCommit }: { label: string; value: number; onCommit(n: number): void }) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    const n = text.trim() === '' ? NaN : Number(text);
    // Show the current value again; if the parent takes a new (clamped) one, the effect shows that.
    setText(String(value));
    if (n !== value) onCommit(n);
  };
  return (
    <label className="text-xs text-gray-700">
      {label}
      <input
        type="number"
        inputMode="decimal"
        min={0}
        max={PRICE_FILTER_MAX}
        step={1}
        className="input mt-1"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
    </label>
  );
}
