import { useState } from 'react';
import { Link } from 'react-router-dom';
import { kindOf } from '../../../local/outbox';
import { accountOf } from '../../../local/session';
import { acceptLoad, LOAD_ACCEPT_KIND, moreLoads, moreMyLoads, refreshLoadsBoard, refreshMyLoads, refreshTransporterEarnings, reportLoadEvent, type BoardFilter } from '../../../local/transporters';
import { GHANA_REGIONS, type GhanaRegion } from '../../../shared/catalogue';
import { formatDateTime } from '../../../shared/dates';
import type { Load } from '../../../shared/schemas/transport';
import { Price } from '../../components/Price';
import { Spinner } from '../../components/Spinner';
import { useOutbox } from '../../hooks/useOutbox';
import { useRemote } from '../../hooks/useRemote';
import { useSession } from '../../hooks/useSession';
import { useT } from '../../i18n/language';
import { api } from '../../lib/api';
import { EarningsBody } from '../../components/Earnings';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { usePagedRemote } from '../../hooks/usePagedRemote';

/**
 * /transporter: the loads board, the transporter's own loads with their codes, and earnings.
 * Everything opens offline from the last pull (src/local/transporters.ts); Accept and reports
 * are queued and sent when the network allows, and the server decides who gets a load.
 */
export default function TransporterPage() {
  const t = useT();
  const { session, loading } = useSession();
  if (loading) return <Spinner />;
  const owner = accountOf(session);
  if (session?.user.userType !== 'TRANSPORTER' || owner === undefined) {
    return (
      <section className="container-page py-12">
        <h1 className="text-2xl font-bold">{t('transporter.title')}</h1>
        <p className="mt-3 text-gray-700">{t('transporter.notTransporter')}</p>
        <Link to="/transporters/register" className="btn-primary mt-6">{t('transporter.register')}</Link>
      </section>
    );
  }
  return (
    <section className="container-page space-y-8 py-8">
      <h1 className="text-2xl font-bold">{t('transporter.title')}</h1>
      <MyLoads owner={owner} />
      <Board owner={owner} />
      <Earnings owner={owner} />
    </section>
  );
}

const kept = (fetchedAt: string) => formatDateTime(fetchedAt);

function Board({ owner }: { owner: number }) {
  const t = useT();
  const { waiting, failed } = useOutbox();
  const [filter, setFilter] = useState<BoardFilter>({});
  const board = usePagedRemote(() => refreshLoadsBoard(api, owner, filter), () => moreLoads(api, owner, filter), [owner, filter.region, filter.capacityKg, waiting.length]);
  const refused = failed.filter((e) => kindOf(e.entity) === LOAD_ACCEPT_KIND);
  return (
    <section aria-labelledby="board-title" className="space-y-3">
      <h2 id="board-title" className="text-xl font-semibold">{t('transporter.board')}</h2>
      <div className="flex flex-wrap gap-3">
        <label className="text-sm">
          {t('transporter.region')}{' '}
          <select className="input" value={filter.region ?? ''} onChange={(e) => setFilter({ ...filter, region: (e.target.value || undefined) as GhanaRegion | undefined })}>
            <option value="">{t('transporter.allRegions')}</option>
            {GHANA_REGIONS.map((r) => <option key={r} value={r}>{r}</option>)}
          </select>
        </label>
        <label className="text-sm">
          {t('transporter.capacity')}{' '}
          <input className="input w-28" type="number" min={1} inputMode="numeric" value={filter.capacityKg ?? ''} onChange={(e) => setFilter({ ...filter, capacityKg: e.target.value ? Number(e.target.value) : undefined })} />
        </label>
      </div>
      {refused.map((e) => <p key={e.seq} role="alert" className="text-red-700">{e.error}</p>)}
      {!board.data && board.loading ? <Spinner /> : !board.data || board.error ? <LoadError onRetry={board.reload} /> : (
        <>
          {board.data.fromCache && <p className="text-sm text-amber-800">{t('transporter.offline', { at: kept(board.data.fetchedAt) })}</p>}
          {board.data.value.items.length === 0 ? <p className="text-gray-700">{t('transporter.noLoads')}</p> : (
            <ul className="divide-y">
              {board.data.value.items.map((load) => (
                <li key={load.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <LoadLine load={load} />
                  {load.acceptQueued ? <span className="text-sm text-amber-800">{t('transporter.acceptQueued')}</span> : (
                    <button type="button" className="btn-primary" onClick={() => void acceptLoad(load)}>{t('transporter.accept')}</button>
                  )}
                </li>
              ))}
            </ul>
          )}
          <LoadMore list={board} />
        </>
      )}
    </section>
  );
}

function LoadLine({ load }: { load: Load }) {
  const t = useT();
  return (
    <span>
      <span className="block font-medium">{t('transporter.route', { from: load.fromWarehouse.name, to: load.toWarehouse.name })}</span>
      <span className="text-sm text-gray-700">{t('transporter.loadFacts', { kg: load.weightKg, km: load.distanceKm })} · <Price value={load.earnings} /></span>
    </span>
  );
}

function MyLoads({ owner }: { owner: number }) {
  const t = useT();
  const { waiting } = useOutbox();
  const mine = usePagedRemote(() => refreshMyLoads(api, owner), () => moreMyLoads(api, owner), [owner, waiting.length]);
  return (
    <section aria-labelledby="mine-title" className="space-y-3">
      <h2 id="mine-title" className="text-xl font-semibold">{t('transporter.mine')}</h2>
      {!mine.data && mine.loading ? <Spinner /> : !mine.data || mine.error ? <LoadError onRetry={mine.reload} /> : mine.data.value.items.length === 0 ? (
        <p className="text-gray-700">{t('transporter.noneMine')}</p>
      ) : (
        <>
        <ul className="space-y-3">
          {mine.data.value.items.map((load) => (
            <li key={load.id} className="card space-y-2 p-4">
              <LoadLine load={load} />
              {load.collectionCode && <p>{t('transporter.collectionCode')} <strong className="text-3xl tracking-widest">{load.collectionCode}</strong></p>}
              {load.deliveryCode && <p>{t('transporter.deliveryCode')} <strong className="text-3xl tracking-widest">{load.deliveryCode}</strong></p>}
              <Report load={load} />
            </li>
          ))}
        </ul>
        <LoadMore list={mine} />
        </>
      )}
    </section>
  );
}

function Report({ load }: { load: Load }) {
  const t = useT();
  const [note, setNote] = useState('');
  const [queued, setQueued] = useState(false);
  const report = async () => {
    await reportLoadEvent(load, { type: 'MILESTONE', at: new Date().toISOString(), note: note.trim() || t('transporter.onTheWay') });
    setNote('');
    setQueued(true);
  };
  return (
    <div className="flex flex-wrap items-end gap-2">
      <label className="text-sm">
        {t('transporter.note')}{' '}
        <input className="input" maxLength={200} value={note} onChange={(e) => setNote(e.target.value)} />
      </label>
      <button type="button" className="btn-outline" onClick={() => void report()}>{t('transporter.report')}</button>
      {queued && <span role="status" className="text-sm text-gray-700">{t('transporter.reportQueued')}</span>}
    </div>
  );
}

function Earnings({ owner }: { owner: number }) {
  const t = useT();
  const earnings = useRemote(() => refreshTransporterEarnings(api, owner), [owner]);
  return (
    <section aria-labelledby="earnings-title" className="space-y-3">
      <h2 id="earnings-title" className="text-xl font-semibold">{t('transporter.earnings')}</h2>
      {!earnings.data && earnings.loading ? <Spinner /> : !earnings.data || earnings.error ? <LoadError onRetry={earnings.reload} /> : <EarningsBody earnings={earnings.data} fromCache={earnings.fromCache} accountLink={null} />}
    </section>
  );
}
