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

/** Bytes as a phone user reads them: "1.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
}

/** Data saver and what the app fetched this month. */
export function DataSaverCard() {
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
      <h2 id="data-title" className="mb-3 text-lg font-semibold">Data</h2>
      <div className="flex items-start justify-between gap-4">
        <span>
          <span id="data-saver-label" className="block font-medium">Data saver</span>
          <span id="data-saver-note" className="text-gray-700">Small pictures only, list pictures load when you tap them, nothing fetched ahead.</span>
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
      <p className="mt-4 font-medium">Data used this month</p>
      <p data-testid="data-used" className="text-gray-800">
        {usage ? `${formatBytes(usage.pictures + usage.data)} (pictures ${formatBytes(usage.pictures)}, other data ${formatBytes(usage.data)})` : '…'}
      </p>
    </section>
  );
}

/** Whether the browser keeps our storage, how much the app holds and what takes it. */
export function StorageCard() {
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
      <h2 id="storage-title" className="mb-3 text-lg font-semibold">Storage on this phone</h2>
      {!report ? (
        <p>Measuring…</p>
      ) : (
        <>
          <p data-testid="storage-persisted">
            {report.persisted
              ? 'Kept: the browser will not clear the app\'s data when space runs low.'
              : 'Not protected: the browser may clear the app\'s data when the phone runs short of space.'}
          </p>
          {!report.persisted && (
            <button type="button" className="btn-outline mt-2 px-3 py-1.5 text-sm" onClick={() => void requestPersistentStorage().finally(refresh)}>
              Ask to keep it
            </button>
          )}
          <p className="mt-3" data-testid="storage-total">
            The app stores {formatBytes(report.total)}{report.quota ? ` of ${formatBytes(report.quota)} available` : ''}:
          </p>
          <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1" data-testid="storage-parts">
            <dt>The app itself (to open offline)</dt><dd>{formatBytes(parts!.appFiles)}</dd>
            <dt>Catalogue</dt><dd>{formatBytes(parts!.catalogue)}</dd>
            <dt>Pictures you viewed ({report.pictureCount})</dt><dd>{formatBytes(parts!.pictures)}</dd>
            <dt>Pictures saved for offline ({report.savedPictureCount})</dt><dd>{formatBytes(parts!.savedPictures)}</dd>
            <dt>Drafts</dt><dd>{formatBytes(parts!.drafts)}</dd>
            <dt>Orders</dt><dd>{formatBytes(parts!.orders)}</dd>
            <dt>The browser's own bookkeeping (indexes, the offline worker)</dt><dd>{formatBytes(parts!.other)}</dd>
          </dl>
          <button type="button" className="btn-outline mt-3 px-3 py-1.5 text-sm" disabled={report.pictureCount === 0} onClick={() => void freeViewedPictures(caches).finally(refresh)}>
            Free pictures
          </button>
          <p className="mt-1 text-xs text-gray-600">Frees the pictures kept from browsing; pictures saved for offline stay until you remove their pack.</p>
        </>
      )}
    </section>
  );
}

/** "Save for offline": a category's pictures, or everything's, with the size shown first. */
export function OfflinePacksCard() {
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
    { category: null, label: 'Everything' },
    ...(categories ?? []).map((c) => ({ category: c.name as Category, label: `${c.name} (${c.productCount})` })),
  ];
  return (
    <section className="card p-5 text-sm" aria-labelledby="packs-title" id="offline">
      <h2 id="packs-title" className="mb-1 text-lg font-semibold">Save for offline</h2>
      <p className="mb-3 text-gray-700">Keep a category's pictures on this phone, so its products show them with no network. {dataSaver ? 'Small pictures (Data saver).' : ''}</p>
      <ul className="divide-y divide-gray-200">
        {scopes.map(({ category, label }) => {
          const id = category ?? 'all';
          const pack = byId.get(id);
          return (
            <li key={id} className="py-2" data-testid={`pack-${id}`}>
              <div className="flex items-center justify-between gap-2">
                <span className="font-medium">{label}</span>
                {pack ? <PackControls pack={pack} online={online} /> : (
                  <button type="button" className="btn-outline px-3 py-1 text-sm" disabled={!online} onClick={() => void ask(category)} aria-label={`Save for offline: ${category ?? 'everything'}`}>
                    Save for offline
                  </button>
                )}
              </div>
              {asking && asking.category === category && (
                <div className="mt-2 rounded-md bg-brand-light p-3" role="group" aria-label="Size of the download">
                  {asking.error ? <p role="alert" className="text-red-800">{asking.error}</p> : !asking.size ? <p>Working out the size…</p> : (
                    <>
                      <p data-testid="pack-size">{asking.size.productCount} products, {asking.size.imageCount} pictures: {formatBytes(asking.size.bytes)} to download.</p>
                      <div className="mt-2 flex gap-2">
                        <button type="button" className="btn-primary px-3 py-1 text-sm" onClick={() => void start(asking.size!)}>Start</button>
                        <button type="button" className="btn-outline px-3 py-1 text-sm" onClick={() => setAsking(undefined)}>Cancel</button>
                      </div>
                    </>
                  )}
                </div>
              )}
              {pack && pack.status !== 'done' && (
                <div className="mt-2">
                  <progress className="w-full accent-brand" max={pack.urls.length || 1} value={pack.done} aria-label={`Saving ${label}`} />
                  <p className="text-xs text-gray-700">
                    {pack.done} of {pack.urls.length} pictures, {formatBytes(pack.bytes)} of about {formatBytes(pack.estimatedBytes)}
                    {pack.error ? ` · ${pack.error}` : pack.status === 'paused' ? ' · Paused' : ''}
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
  const remove = <button type="button" className="px-2 py-1 text-sm text-red-800 hover:bg-red-50" onClick={() => void removePack(pack.id)}>Remove</button>;
  if (pack.status === 'done') {
    return <span className="flex items-center gap-2"><span className="text-brand-dark" data-testid="pack-saved">Saved ({pack.urls.length} pictures)</span>{remove}</span>;
  }
  return (
    <span className="flex items-center gap-2">
      {pack.status === 'saving'
        ? <button type="button" className="btn-outline px-3 py-1 text-sm" onClick={() => void pausePack(pack.id)}>Pause</button>
        : <button type="button" className="btn-outline px-3 py-1 text-sm" disabled={!online} onClick={() => void resumePack(pack.id)?.catch(() => undefined)}>Resume</button>}
      {remove}
    </span>
  );
}
