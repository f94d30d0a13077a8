import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../local/api';
import { pickupLinesOf, refusePickupLine } from '../../../local/warehouse';
import type { PickupLine } from '../../../shared/schemas/refusals';
import { useT } from '../../i18n/language';
import { api } from '../../lib/api';

/**
 * The pickup counter's "Refuse a line" (issue 41 item 3): the order's lines, each refusable
 * with a reason once the clerk confirms. Like the pickup it needs the network: the buyer is
 * standing there and must hear the answer, and the money is held by the server.
 */
export function RefuseLines({ orderId }: { orderId: number | undefined }) {
  const t = useT();
  const [lines, setLines] = useState<PickupLine[]>();
  const [error, setError] = useState<string>();
  const failed = (e: unknown) => setError(e instanceof ApiError && e.isNetwork ? t('warehouse.refuseOffline') : e instanceof Error ? e.message : String(e));
  const show = async () => {
    if (!orderId) return;
    setError(undefined);
    try {
      setLines(await pickupLinesOf(api, orderId));
    } catch (e) {
      failed(e);
    }
  };
  return (
    <div className="space-y-2">
      <h3 className="font-semibold">{t('warehouse.refuseLine')}</h3>
      <p className="text-sm text-gray-700">{t('warehouse.refuseIntro')}</p>
      <button type="button" className="btn-outline" disabled={!orderId} onClick={() => void show()}>{t('warehouse.refuseShow')}</button>
      {error && <p role="alert" className="text-red-700">{error}</p>}
      {lines && orderId && (
        <ul className="divide-y">
          {lines.map((line) => <LineToRefuse key={line.itemId} orderId={orderId} line={line} onDone={() => void show()} onError={failed} />)}
        </ul>
      )}
    </div>
  );
}

function LineToRefuse({ orderId, line, onDone, onError }: { orderId: number; line: PickupLine; onDone: () => void; onError: (e: unknown) => void }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [photo, setPhoto] = useState<File>();
  const [asking, setAsking] = useState(false);
  const name = `${line.quantity} × ${line.productName}`;
  const state = line.refunded ? t('warehouse.lineRefunded') : line.refusal === null ? undefined : line.refusal.outcome === null ? t('warehouse.refusedOpen') : t(line.refusal.outcome === 'REFUND' ? 'warehouse.refusedRefund' : 'warehouse.refusedRelease');
  const confirm = async () => {
    setAsking(false);
    try {
      await refusePickupLine(api, orderId, line.itemId, reason.trim(), photo);
      onDone();
    } catch (e) {
      onError(e);
    }
  };
  const ask = (event: FormEvent) => {
    event.preventDefault();
    setAsking(true);
  };
  return (
    <li className="space-y-2 py-3">
      <p>{name}{state && <span className="ml-2 text-sm text-amber-800">{state}</span>}</p>
      {!state && (asking ? (
        <div className="flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 p-3 ring-1 ring-amber-200">
          <span>{t('warehouse.refuseConfirm', { quantity: line.quantity, name: line.productName })}</span>
          <button type="button" className="btn-primary" onClick={() => void confirm()}>{t('warehouse.refuseYes')}</button>
          <button type="button" className="btn-outline" onClick={() => setAsking(false)}>{t('warehouse.refuseNo')}</button>
        </div>
      ) : (
        <form className="flex flex-wrap items-end gap-2" onSubmit={ask}>
          <label className="text-sm">
            {t('warehouse.refuseReason')}{' '}
            <input className="input w-64" required minLength={3} maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
          <label className="text-sm">
            {t('warehouse.checkPhoto')}{' '}
            <input type="file" accept="image/*" capture="environment" onChange={(e) => setPhoto(e.target.files?.[0])} />
          </label>
          <button type="submit" className="btn-outline">{t('warehouse.refuse')}</button>
        </form>
      ))}
    </li>
  );
}
