import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../local/api';
import { handBackLot, refreshLotsToReturn } from '../../../local/warehouse';
import { formatDateTime } from '../../../shared/dates';
import type { LotToReturn } from '../../../shared/schemas/checks';
import { LoadError } from '../../components/LoadError';
import { Spinner } from '../../components/Spinner';
import { useRemote } from '../../hooks/useRemote';
import { useT } from '../../i18n/language';
import { api } from '../../lib/api';

/**
 * "To hand back to sellers" (issue 41 item 2, docs/quality.md): the lots that failed the check
 * here, each handed back when its seller shows the code texted to them. The list opens offline
 * from the last pull; the hand-back itself needs the network, like the buyer's pickup (the
 * server checks the code before the goods leave, and a wrong code is told at once).
 */
export function HandBack({ owner }: { owner: number }) {
  const t = useT();
  const [done, setDone] = useState(0);
  const lots = useRemote(async () => {
    const read = await refreshLotsToReturn(api, owner);
    return { value: read, fromCache: read.fromCache };
  }, [owner, done]);
  return (
    <section aria-labelledby="returns-title" className="space-y-3">
      <h2 id="returns-title" className="text-xl font-semibold">{t('warehouse.returns')}</h2>
      <p className="text-sm text-gray-700">{t('warehouse.returnsIntro')}</p>
      {!lots.data && lots.loading ? <Spinner /> : !lots.data || lots.error ? <LoadError onRetry={lots.reload} /> : (
        <>
          {lots.data.fromCache && <p className="text-sm text-amber-800">{t('warehouse.offline', { at: formatDateTime(lots.data.fetchedAt) })}</p>}
          {lots.data.value.length === 0 ? <p className="text-gray-700">{t('warehouse.noReturns')}</p> : (
            <ul className="divide-y">
              {lots.data.value.map((lot) => <LotToHandBack key={lot.checkId} lot={lot} onHanded={() => setDone((n) => n + 1)} />)}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function LotToHandBack({ lot, onHanded }: { lot: LotToReturn; onHanded: () => void }) {
  const t = useT();
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<{ ok: boolean; text: string }>();
  const id = `return-${lot.checkId}`;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      await handBackLot(api, lot.orderId, lot.itemId, code);
      setAnswer({ ok: true, text: t('warehouse.handedBack', { quantity: lot.quantity, name: lot.productName, seller: lot.seller }) });
      setCode('');
      onHanded();
    } catch (error) {
      setAnswer({ ok: false, text: error instanceof ApiError && error.isNetwork ? t('warehouse.handBackOffline') : error instanceof Error ? error.message : String(error) });
    } finally {
      setSending(false);
    }
  };
  return (
    <li className="space-y-2 py-3">
      <p>{t('warehouse.lineFacts', { quantity: lot.quantity, name: lot.productName, seller: lot.seller, number: lot.orderNumber })}</p>
      {lot.notes && <p className="text-sm text-gray-700">{t('warehouse.returnWhy', { notes: lot.notes })}</p>}
      <form aria-label={t('warehouse.handBackOf', { name: lot.productName })} className="flex flex-wrap items-end gap-2" onSubmit={(e) => void submit(e)}>
        <label className="text-sm" htmlFor={`${id}-code`}>{t('warehouse.returnCode')}</label>
        <input id={`${id}-code`} className="input w-32 tracking-widest" required inputMode="numeric" pattern="\d{6}" maxLength={6} value={code} onChange={(e) => setCode(e.target.value)} />
        <button type="submit" className="btn-primary" disabled={sending}>{t('warehouse.handBack')}</button>
      </form>
      {answer && <p role={answer.ok ? 'status' : 'alert'} className={answer.ok ? 'text-green-800' : 'text-red-700'}>{answer.text}</p>}
    </li>
  );
}
