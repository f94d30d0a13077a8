import { useLiveQuery } from 'dexie-react-hooks';
import { pullCatalogue } from '../../../local/catalogue';
import { localDb } from '../../../local/db';
import { MIRROR_BUDGET, MIRROR_BUDGET_DATA_SAVER, readMirrorScope, setMirrorCategories, setMirrorRegion } from '../../../local/mirror-scope';
import { CATEGORIES, GHANA_REGIONS, type Category, type GhanaRegion } from '../../../shared/catalogue';
import { api } from '../../lib/api';
import { useDataSaver } from '../../hooks/useDataSaver';
import { useT } from '../../i18n/language';

const refresh = () => void pullCatalogue(api).catch(() => undefined);

/**
 * Which listings this phone keeps for offline use: the buyer's region and the categories they
 * choose, besides the home shelves and what they opened, carted, ordered or saved.
 */
export function MirrorCard() {
  const t = useT();
  const scope = useLiveQuery(() => readMirrorScope(), []);
  const held = useLiveQuery(() => localDb.products.count(), []);
  const dataSaver = useDataSaver();
  if (!scope) return null;
  const toggle = (category: Category, on: boolean) => {
    void setMirrorCategories(on ? [...scope.categories, category] : scope.categories.filter((c) => c !== category)).then(refresh);
  };
  return (
    <section className="card p-5 text-sm" aria-labelledby="mirror-title">
      <h2 id="mirror-title" className="mb-2 text-lg font-semibold">{t('mirror.title')}</h2>
      <p className="text-gray-700">
        {t('mirror.text')}{' '}
        {dataSaver
          ? t('mirror.budgetOn', { budget: MIRROR_BUDGET_DATA_SAVER.toLocaleString('en'), held: (held ?? 0).toLocaleString('en') })
          : t('mirror.budgetOff', { budget: MIRROR_BUDGET.toLocaleString('en'), saver: MIRROR_BUDGET_DATA_SAVER.toLocaleString('en'), held: (held ?? 0).toLocaleString('en') })}
      </p>
      <label htmlFor="mirror-region" className="mt-3 block font-medium">{t('mirror.region')}</label>
      <select
        id="mirror-region"
        className="input mt-1 w-auto"
        value={scope.region ?? ''}
        onChange={(e) => e.target.value && void setMirrorRegion(e.target.value as GhanaRegion).then(refresh)}
      >
        {!scope.region && <option value="">{t('mirror.chooseRegion')}</option>}
        {GHANA_REGIONS.map((r) => <option key={r} value={r}>{r}</option>)}
      </select>
      <fieldset className="mt-3">
        <legend className="font-medium">{t('mirror.categories')}</legend>
        <p className="text-gray-700">{t('mirror.none')}</p>
        <div className="mt-1 grid grid-cols-2 gap-1">
          {CATEGORIES.map((c) => (
            <label key={c} className="flex min-h-11 items-center gap-2">
              <input type="checkbox" checked={scope.categories.includes(c)} onChange={(e) => toggle(c, e.target.checked)} /> {c}
            </label>
          ))}
        </div>
      </fieldset>
    </section>
  );
}
