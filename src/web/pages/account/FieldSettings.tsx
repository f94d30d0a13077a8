import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { localCategories } from '../../../local/catalogue-query';
import { createPack, estimatePack, listPacks, pausePack, removePack, resumePack, type OfflinePack } from '../../../local/packs';
import { freeViewedPictures } from '../../../local/pictures';
import { setDataSaver } from '../../../local/settings';
import { requestPersistentStorage, storageReport, type StorageReport } from '../../../local/storage';
import { usageForMonth } from '../../../local/usage';
import type { Category } from '../../../shared/catalogue';
import type { OfflinePackSize } from '../../../shared/schemas/offline';
import { api } from '../../lib/api';
import { useDataSaver } from '../../hooks/useDataSaver';
import { useOnline } from '../../hooks/useOnline';
import { useT } from '../../i18n/language';
import { categoryName } from '../../components/catalogue/words';

/** Bytes as a phone user reads them: "1.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

/** Data saver and what the app fetched this month. */
export function DataSaverCard() {
  const t = useT();
  const stored = useDataSaver();
  // The switch moves at once; the stored setting follows a moment later through Dexie.
  const [chosen, setChosen] = useState<boolean>();
  const dataSaver = chosen ?? stored;
  useEffect(() => {
    if (stored === chosen) setChosen(undefined);
  }, [stored, chosen]);
  const choose = (on: boolean) => {
    setChosen(on);
    void setDataSaver(on);
  };
  const usage = useLiveQuery(() => usageForMonth(), []);
  return (
    <section className="card p-5 text-sm" aria-labelledby="data-title">
      <h2 id="data-title" className="mb-3 text-lg font-semibold">{t('dataSaver.title')}</h2>
      <div className="flex items-start justify-between gap-4">
        <span>
          <span id="data-saver-label" className="block font-medium">{t('dataSaver.label')}</span>
          <span id="data-saver-note" className="text-gray-700">{t('dataSaver.note')}</span>
        </span>
        {/* A real switch a thumb can hit: 44 px tall, the state shown by the knob and said by aria-checked. */}
        <button
          type="button"
          role="switch"
          aria-checked={dataSaver ?? false}
          aria-labelledby="data-saver-label"
          aria-describedby="data-saver-note"
          disabled={dataSaver === undefined}
          onClick={() => choose(!dataSaver)}
          className="flex h-11 w-16 shrink-0 items-center justify-center rounded-full disabled:opacity-50"
        >
          <span aria-hidden="true" className={`flex h-7 w-12 items-center rounded-full p-0.5 transition-colors ${dataSaver ? 'bg-brand-dark' : 'bg-gray-500'}`}>
            <span className={`h-6 w-6 rounded-full bg-white shadow transition-transform ${dataSaver ? 'translate-x-5' : ''}`} />
          </span>
        </button>
      </div>
      <p className="mt-4 font-medium">{t('dataSaver.used')}</p>
      <p data-testid="data-used" className="text-gray-800">
        {usage ? t('dataSaver.usage', { total: formatBytes(usage.pictures + usage.data), pictures: formatBytes(usage.pictures), data: formatBytes(usage.data) }) : '…'}
      </p>
    </section>
  );
}

/** Whether the browser keeps our storage, how much the app holds and what takes it. */
export function StorageCard() {
  const t = useT();
  const [report, setReport] = useState<StorageReport>();
  const [attempt, setAttempt] = useState(0);
  const packs = useLiveQuery(() => listPacks(), []);
  const packsDone = packs?.filter((p) => p.status === 'done').length;
  useEffect(() => {
    let live = true;
    void storageReport().then((r) => live && setReport(r));
    return () => {
      live = false;
    };
  }, [attempt, packsDone]);
  const refresh = () => setAttempt((n) => n + 1);
  const parts = report?.parts;
  return (
    <section className="card p-5 text-sm" aria-labelledby="storage-title">
      <h2 id="storage-title" className="mb-3 text-lg font-semibold">{t('storage.title')}</h2>
      {!report ? (
        <p>{t('storage.measuring')}</p>
      ) : (
        <>
          <p data-testid="storage-persisted">
            {report.persisted
              ? t('storage.kept')
              : t('storage.notKept')}
          </p>
          {!report.persisted && (
            <button type="button" className="btn-outline mt-2 px-3 py-1.5 text-sm" onClick={() => void requestPersistentStorage().finally(refresh)}>
              {t('storage.ask')}
            </button>
          )}
          <p className="mt-3" data-testid="storage-total">
            {report.quota ? t('storage.totalOf', { total: formatBytes(report.total), quota: formatBytes(report.quota) }) : t('storage.total', { total: formatBytes(report.total) })}
          </p>
          <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1" data-testid="storage-parts">
            <dt>{t('storage.app')}</dt><dd>{formatBytes(parts!.appFiles)}</dd>
            <dt>{t('storage.catalogue')}</dt><dd>{formatBytes(parts!.catalogue)}</dd>
            <dt>{t('storage.viewed', { n: report.pictureCount })}</dt><dd>{formatBytes(parts!.pictures)}</dd>
            <dt>{t('storage.saved', { n: report.savedPictureCount })}</dt><dd>{formatBytes(parts!.savedPictures)}</dd>
            <dt>{t('storage.drafts')}</dt><dd>{formatBytes(parts!.drafts)}</dd>
            <dt>{t('storage.orders')}</dt><dd>{formatBytes(parts!.orders)}</dd>
            <dt>{t('storage.other')}</dt><dd>{formatBytes(parts!.other)}</dd>
          </dl>
          <button type="button" className="btn-outline mt-3 px-3 py-1.5 text-sm" disabled={report.pictureCount === 0} onClick={() => void freeViewedPictures(caches).finally(refresh)}>
            {t('storage.free')}
          </button>
          <p className="mt-1 text-xs text-gray-600">{t('storage.freeNote')}</p>
        </>
      )}
    </section>
  );
}

/** "Save for offline": a category's pictures, or everything's, with the size shown first. */
export function OfflinePacksCard() {
  const t = useT();
  const online = useOnline();
  const dataSaver = useDataSaver();
  const categories = useLiveQuery(() => localCategories(), []);
  const packs = useLiveQuery(() => listPacks(), []);
  const [asking, setAsking] = useState<{ category: Category | null; size?: OfflinePackSize; error?: string }>();
  const width = dataSaver ? 320 : 640;
  const byId = new Map((packs ?? []).map((p) => [p.id, p]));

  const ask = async (category: Category | null) => {
    setAsking({ category });
    try {
      setAsking({ category, size: await estimatePack(api, category, width) });
    } catch (e) {
      setAsking({ category, error: e instanceof Error ? e.message : String(e) });
    }
  };
  const start = async (size: OfflinePackSize) => {
    setAsking(undefined);
    const pack = await createPack(asking!.category, width, size.bytes);
    // Saving on purpose is a sign the user means to keep what the app stores.
    void requestPersistentStorage().catch(() => undefined);
    void resumePack(pack.id)?.catch(() => undefined);
  };

  const scopes: { category: Category | null; label: string }[] = [
    { category: null, label: t('packs.everything') },
    ...(categories ?? []).map((c) => ({ category: c.name as Category, label: `${categoryName(c.name)} (${c.productCount})` })),
  ];
  return (
    <section className="card p-5 text-sm" aria-labelledby="packs-title" id="offline">
      <h2 id="packs-title" className="mb-1 text-lg font-semibold">{t('packs.title')}</h2>
      <p className="mb-3 text-gray-700">{t('packs.text')} {dataSaver ? t('packs.small') : ''}</p>
      <ul className="divide-y divide-gray-200">
        {scopes.map(({ category, label }) => {
          const id = category ?? 'all';
          const pack = byId.get(id);
          return (
            <li key={id} className="py-2" data-testid={`pack-${id}`}>
              <div className="flex items-center justify-between gap-2">
                <span className="font-medium">{label}</span>
                {pack ? <PackControls pack={pack} online={online} /> : (
                  <button type="button" className="btn-outline px-3 py-1 text-sm" disabled={!online} onClick={() => void ask(category)} aria-label={t('packs.saveLabel', { scope: category ? categoryName(category) : t('packs.everything') })}>
                    {t('packs.save')}
                  </button>
                )}
              </div>
              {asking && asking.category === category && (
                <div className="mt-2 rounded-md bg-brand-light p-3" role="group" aria-label={t('packs.size')}>
                  {asking.error ? <p role="alert" className="text-red-800">{asking.error}</p> : !asking.size ? <p>{t('packs.working')}</p> : (
                    <>
                      <p data-testid="pack-size">{t('packs.estimate', { products: asking.size.productCount, pictures: asking.size.imageCount, bytes: formatBytes(asking.size.bytes) })}</p>
                      <div className="mt-2 flex gap-2">
                        <button type="button" className="btn-primary px-3 py-1 text-sm" onClick={() => void start(asking.size!)}>{t('packs.start')}</button>
                        <button type="button" className="btn-outline px-3 py-1 text-sm" onClick={() => setAsking(undefined)}>{t('packs.cancel')}</button>
                      </div>
                    </>
                  )}
                </div>
              )}
              {pack && pack.status !== 'done' && (
                <div className="mt-2">
                  <progress className="w-full accent-brand" max={pack.urls.length || 1} value={pack.done} aria-label={t('packs.saving', { scope: label })} />
                  <p className="text-xs text-gray-700">
                    {t('packs.progress', { done: pack.done, total: pack.urls.length, bytes: formatBytes(pack.bytes), estimate: formatBytes(pack.estimatedBytes) })}
                    {pack.error ? ` · ${pack.error}` : pack.status === 'paused' ? ` · ${t('packs.paused')}` : ''}
                  </p>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function PackControls({ pack, online }: { pack: OfflinePack; online: boolean }) {
  const t = useT();
  const remove = <button type="button" className="px-2 py-1 text-sm text-red-800 hover:bg-red-50" onClick={() => void removePack(pack.id)}>{t('packs.remove')}</button>;
  if (pack.status === 'done') {
    return <span className="flex items-center gap-2"><span className="text-brand-dark" data-testid="pack-saved">{t('packs.saved', { n: pack.urls.length })}</span>{remove}</span>;
  }
  return (
    <span className="flex items-center gap-2">
      {pack.status === 'saving'
        ? <button type="button" className="btn-outline px-3 py-1 text-sm" onClick={() => void pausePack(pack.id)}>{t('packs.pause')}</button>
        : <button type="button" className="btn-outline px-3 py-1 text-sm" disabled={!online} onClick={() => void resumePack(pack.id)?.catch(() => undefined)}>{t('packs.resume')}</button>}
      {remove}
    </span>
  );
}
