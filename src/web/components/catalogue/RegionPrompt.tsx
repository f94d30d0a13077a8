import { MapPin } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { pullCatalogue } from '../../../local/catalogue';
import { dismissRegionPrompt, setMirrorRegion, shouldAskRegion } from '../../../local/mirror-scope';
import { GHANA_REGIONS, type GhanaRegion } from '../../../shared/catalogue';
import { api } from '../../lib/api';
import { useLiveQueryInTransition } from '../../hooks/useLiveQueryInTransition';
import { useT } from '../../i18n/language';

/**
 * Asks once, in passing (never in the way), which region the buyer shops in: the phone then
 * keeps that region's listings for offline use (src/local/mirror-scope.ts). "Not now" puts it
 * off for good; Settings changes it any time. Not shown when the profile already names one.
 * It appears after the first paint, so its place is below what is already drawn (the list).
 */
export function RegionPrompt() {
  const t = useT();
  const ask = useLiveQueryInTransition(() => shouldAskRegion(), []);
  const [region, setRegion] = useState<GhanaRegion | ''>('');
  if (!ask) return null;
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!region) return;
    await setMirrorRegion(region);
    void pullCatalogue(api).catch(() => undefined);
  };
  return (
    <form onSubmit={save} aria-labelledby="region-prompt-title" className="rounded-md bg-brand-light px-3 py-3 text-sm text-gray-900">
      <p id="region-prompt-title" className="flex items-center gap-2 font-medium">
        <MapPin size={16} aria-hidden="true" /> {t('products.region.question')}
      </p>
      <p className="mt-1 text-gray-800">{t('products.region.why')}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <label htmlFor="region-prompt" className="sr-only">{t('products.region.label')}</label>
        <select id="region-prompt" className="input w-auto py-1.5" value={region} onChange={(e) => setRegion(e.target.value as GhanaRegion | '')}>
          <option value="">{t('products.region.choose')}</option>
          {GHANA_REGIONS.map((r) => <option key={r} value={r}>{r}</option>)}
        </select>
        <button type="submit" className="btn-primary py-1.5" disabled={!region}>{t('products.region.keep')}</button>
        <button type="button" className="btn-outline py-1.5" onClick={() => void dismissRegionPrompt()}>{t('products.region.notNow')}</button>
      </div>
    </form>
  );
}
