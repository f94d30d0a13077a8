import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../local/api';
import { kindOf } from '../../../local/outbox';
import { accountOf } from '../../../local/session';
import { CHECK_PHOTO_KIND, handOverPickup, moreConsignments, moreLinesToReceive, LINE_CHECKED_KIND, LINE_RECEIVED_KIND, LOAD_ARRIVED_KIND, LOAD_COLLECTED_KIND, markArrived, markCollected, markLineReceived, refreshConsignments, refreshLinesToReceive } from '../../../local/warehouse';
import { formatDateTime } from '../../../shared/dates';
import type { StaffConsignment } from '../../../shared/schemas/transport';
import { Spinner } from '../../components/Spinner';
import { useOutbox } from '../../hooks/useOutbox';
import { usePagedRemote } from '../../hooks/usePagedRemote';
import { useSession } from '../../hooks/useSession';
import { useT } from '../../i18n/language';
import { api } from '../../lib/api';
import { LoadError } from '../../components/LoadError';
import { LoadMore } from '../../components/LoadMore';
import { RefuseLines } from './RefuseLines';
import { CheckLine } from './CheckLine';
import { HandBack } from './HandBack';

/**
 * /warehouse: the staff's counter. Lines to count in, loads leaving with their transporter and
 * loads coming here, all opening offline from the last pull (src/local/warehouse.ts); counting in
 * and handovers are queued, and a code the server refuses is shown once replayed. The buyer's
 * pickup needs the network: the goods leave only once the server has taken the code.
 */
export default function WarehousePage() {
  const t = useT();
  const { session, loading } = useSession();
  if (loading) return <Spinner />;
  const owner = accountOf(session);
  if (session?.user.userType !== 'WAREHOUSE' || owner === undefined) {
    return (
      <section className="container-page py-12">
        <h1 className="text-2xl font-bold">{t('warehouse.title')}</h1>
        <p className="mt-3 text-gray-700">{t('warehouse.notStaff')}</p>
      </section>
    );
  }
  return (
    <section className="container-page space-y-8 py-8">
      <h1 className="text-2xl font-bold">{t('warehouse.title')}</h1>
      <Lines owner={owner} />
      <Consignments owner={owner} direction="OUTGOING" />
      <Consignments owner={owner} direction="INCOMING" />
      <Pickup />
      <HandBack owner={owner} />
    </section>
  );
}

function Offline({ at }: { at: string }) {
  const t = useT();
  return <p className="text-sm text-amber-800">{t('warehouse.offline', { at: formatDateTime(at) })}</p>;
}

/** What the server refused of these kinds (a wrong code, a line already counted). */
function Refused({ kind }: { kind: string }) {
  const { failed } = useOutbox();
  return <>{failed.filter((e) => kindOf(e.entity) === kind).map((e) => <p key={e.seq} role="alert" className="text-red-700">{e.error}</p>)}</>;
}

function Lines({ owner }: { owner: number }) {
  const t = useT();
  const { waiting } = useOutbox();
  const lines = usePagedRemote(() => refreshLinesToReceive(api, owner), () => moreLinesToReceive(api, owner), [owner, waiting.length]);
  return (
    <section aria-labelledby="lines-title" className="space-y-3">
      <h2 id="lines-title" className="text-xl font-semibold">{t('warehouse.lines')}</h2>
      <Refused kind={LINE_RECEIVED_KIND} />
      <Refused kind={CHECK_PHOTO_KIND} />
      <Refused kind={LINE_CHECKED_KIND} />
      {!lines.data && lines.loading ? <Spinner /> : !lines.data || lines.error ? <LoadError onRetry={lines.reload} /> : (
        <>
          {lines.data.fromCache && <Offline at={lines.data.fetchedAt} />}
          {lines.data.value.items.length === 0 ? <p className="text-gray-700">{t('warehouse.noLines')}</p> : (
            <ul className="divide-y">
              {lines.data.value.items.map((line) => (
                <li key={`${line.orderId}-${line.itemId}`} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <span>{t('warehouse.lineFacts', { quantity: line.quantity, name: line.productName, seller: line.seller, number: line.orderNumber })}</span>
                  {line.queued ? <span className="text-sm text-amber-800">{t('warehouse.queued')}</span> : (
                    <span className="flex flex-wrap gap-2">
                      {line.sameWarehouse ? <span className="text-sm text-gray-700">{t('warehouse.sellerBroughtIt')}</span> : <button type="button" className="btn-primary" onClick={() => void markLineReceived(line)}>{t('warehouse.countedIn')}</button>}
                      <CheckLine line={line} />
                    </span>
                  )}
                </li>
              ))}
            </ul>
          )}
          <LoadMore list={lines} />
        </>
      )}
    </section>
  );
}

function Consignments({ owner, direction }: { owner: number; direction: 'OUTGOING' | 'INCOMING' }) {
  const t = useT();
  const { waiting } = useOutbox();
  const list = usePagedRemote(() => refreshConsignments(api, owner, direction), () => moreConsignments(api, owner, direction), [owner, direction, waiting.length]);
  const outgoing = direction === 'OUTGOING';
  const titleId = outgoing ? 'outgoing-title' : 'incoming-title';
  return (
    <section aria-labelledby={titleId} className="space-y-3">
      <h2 id={titleId} className="text-xl font-semibold">{t(outgoing ? 'warehouse.outgoing' : 'warehouse.incoming')}</h2>
      <Refused kind={outgoing ? LOAD_COLLECTED_KIND : LOAD_ARRIVED_KIND} />
      {!list.data && list.loading ? <Spinner /> : !list.data || list.error ? <LoadError onRetry={list.reload} /> : (
        <>
          {list.data.fromCache && <Offline at={list.data.fetchedAt} />}
          {list.data.value.items.length === 0 ? <p className="text-gray-700">{t(outgoing ? 'warehouse.noOutgoing' : 'warehouse.noIncoming')}</p> : (
            <ul className="space-y-3">
              {list.data.value.items.map((c) => (
                <li key={c.id} className="card space-y-2 p-4">
                  <p className="font-medium">{t('warehouse.route', { number: c.orderNumber, from: c.fromWarehouse.name, to: c.toWarehouse.name, kg: c.weightKg })}</p>
                  {c.transporter && <p className="text-sm text-gray-700">{t('warehouse.transporter', { name: c.transporter.name })}</p>}
                  {c.queued ? <p className="text-sm text-amber-800">{t('warehouse.queued')}</p> : <Handover consignment={c} outgoing={outgoing} />}
                </li>
              ))}
            </ul>
          )}
          <LoadMore list={list} />
        </>
      )}
    </section>
  );
}

function Handover({ consignment, outgoing }: { consignment: StaffConsignment; outgoing: boolean }) {
  const t = useT();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void (outgoing ? markCollected(consignment, code) : markArrived(consignment, code));
  };
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={submit}>
      <label className="text-sm">
        {t('warehouse.code')}{' '}
        <input className="input w-32 tracking-widest" required inputMode="numeric" pattern="\d{6}" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
      </label>
      <button type="submit" className="btn-primary">{t(outgoing ? 'warehouse.collected' : 'warehouse.arrived')}</button>
    </form>
  );
}

function Pickup() {
  const t = useT();
  const [orderId, setOrderId] = useState('');
  const [code, setCode] = useState('');
  const [answer, setAnswer] = useState<{ ok: boolean; text: string }>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const done = await handOverPickup(api, Number(orderId), code);
      setAnswer({ ok: true, text: t('warehouse.pickedUp', { id: done.id }) });
      setOrderId('');
      setCode('');
    } catch (error) {
      setAnswer({ ok: false, text: error instanceof ApiError && error.isNetwork ? t('warehouse.pickupOffline') : error instanceof Error ? error.message : String(error) });
    }
  };
  return (
    <section aria-labelledby="pickup-title" className="space-y-3">
      <h2 id="pickup-title" className="text-xl font-semibold">{t('warehouse.pickup')}</h2>
      <form className="flex flex-wrap items-end gap-2" onSubmit={(e) => void submit(e)}>
        <label className="text-sm">
          {t('warehouse.orderId')}{' '}
          <input className="input w-28" required inputMode="numeric" pattern="\d{1,12}" value={orderId} onChange={(e) => setOrderId(e.target.value)} />
        </label>
        <label className="text-sm">
          {t('warehouse.pickupCode')}{' '}
          <input className="input w-32 tracking-widest" required inputMode="numeric" pattern="\d{6}" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
        </label>
        <button type="submit" className="btn-primary">{t('warehouse.handOver')}</button>
      </form>
      {answer && <p role={answer.ok ? 'status' : 'alert'} className={answer.ok ? 'text-green-800' : 'text-red-700'}>{answer.text}</p>}
      <RefuseLines orderId={/^\d{1,12}$/.test(orderId) ? Number(orderId) : undefined} />
    </section>
  );
}
