import { useState } from 'react';
import { refreshSellerRecord, refreshSharedRecords, revokeSalesRecord, shareSalesRecord } from '../../../local/sellers';
import { formatDate } from '../../../shared/dates';
import type { SalesRecord, SharedRecord } from '../../../shared/schemas/sales-record';
import { api } from '../../lib/api';
import { Price } from '../../components/Price';
import { LoadError } from '../../components/LoadError';
import { SellerShell } from './SellerShell';
import { useRemote } from '../../hooks/useRemote';
import { useT } from '../../i18n/language';

/** /sellers/me/record: the seller's collected sales, shared signed with a lender (docs/records.md); the last copy offline. */
export default function SellerRecordPage() {
  return <SellerShell title="seller.title.record">{(owner) => <RecordView owner={owner} />}</SellerShell>;
}

function RecordView({ owner }: { owner: number }) {
  const t = useT();
  const record = useRemote(() => refreshSellerRecord(api, owner), [owner]);
  const shares = useRemote(() => refreshSharedRecords(api, owner), [owner]);
  if (!record.data && record.loading) return <p aria-busy="true">…</p>;
  if (!record.data || record.error) return <LoadError onRetry={record.reload} />;
  return (
    <div className="space-y-6">
      {record.fromCache && <p className="text-sm text-amber-800">{t('seller.record.offline')}</p>}
      <p className="text-gray-800">{t('seller.record.intro')}</p>
      <RecordTables record={record.data} />
      <Shares shares={shares.data ?? []} onChange={shares.reload} />
    </div>
  );
}

type Row = { label: string; quantity: number; value: number; buyers: number; passedShare: number | null; onTimeShare?: number | null };

export function RecordTables({ record }: { record: SalesRecord }) {
  const t = useT();
  const table = (first: string, rows: Row[]) => (
    // Scrolls sideways on a narrow phone: a region a keyboard can reach and scroll (axe: scrollable-region-focusable).
    <div className="overflow-x-auto" role="region" aria-label={first} tabIndex={0}>
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left">
            <th>{first}</th><th>{t('seller.record.quantity')}</th><th>{t('seller.record.value')}</th><th>{t('seller.record.buyers')}</th><th>{t('seller.record.passed')}</th><th>{t('seller.record.onTime')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label} className="border-t">
              <td>{r.label}</td><td>{r.quantity}</td><td><Price value={r.value} /></td><td>{r.buyers}</td>
              <td>{r.passedShare === null ? t('seller.record.notChecked') : `${Math.round(r.passedShare * 100)}%`}</td>
              <td>{r.onTimeShare === null || r.onTimeShare === undefined ? t('seller.record.notKnown') : `${Math.round(r.onTimeShare * 100)}%`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
  return (
    <>
      <section className="card p-4">{table(t('seller.record.month'), [...record.months.map((m) => ({ label: m.month, ...m })), { label: t('seller.record.total'), ...record.totals }])}</section>
      <section className="card p-4">
        <h2 className="mb-2 font-semibold">{t('seller.record.byCommodity')}</h2>
        {table(t('seller.record.commodity'), record.commodities.map((c) => ({ label: c.commodity, ...c })))}
      </section>
    </>
  );
}

function Shares({ shares, onChange }: { shares: SharedRecord[]; onChange: () => void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setFailed(false);
    try {
      await work();
      onChange();
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card p-4">
      <h2 className="mb-2 font-semibold">{t('seller.record.shared')}</h2>
      <button type="button" className="btn-primary" disabled={busy} onClick={() => void act(() => shareSalesRecord(api))}>{t('seller.record.share')}</button>
      {failed && <p role="alert" className="mt-2 text-sm text-red-800">{t('seller.record.shareNeedsNetwork')}</p>}
      {shares.length === 0 ? (
        <p className="mt-2 text-gray-700">{t('seller.record.noShares')}</p>
      ) : (
        <ul className="mt-2 divide-y">
          {shares.map((s) => (
            <li key={s.code} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="break-all">
                <a href={s.url} className="underline">{s.code}</a> · {formatDate(s.issuedAt)} · <a href={`/records/${s.code}.pdf`} className="underline">{t('seller.record.pdf')}</a>
              </span>
              {s.revokedAt ? (
                <span className="text-sm text-gray-600">{t('seller.record.revoked')}</span>
              ) : (
                <button type="button" className="btn-outline" disabled={busy} onClick={() => void act(() => revokeSalesRecord(api, s.code))}>{t('seller.record.revoke')}</button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
