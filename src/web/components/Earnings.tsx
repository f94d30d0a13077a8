import { Link } from 'react-router-dom';
import { formatDate, formatDateTime } from '../../shared/dates';
import type { Earnings, PayoutStatus } from '../../shared/schemas/money';
import { Price, WithWholeAmounts } from './Price';
import { useT } from '../i18n/language';

const PAYOUT_WORDS: Record<PayoutStatus, string> = { PENDING: 'On its way', SUCCESS: 'Sent', FAILED: 'Did not go through', REVERSED: 'Returned' };

/**
 * A payee's money (a seller's or a transporter's: the same answer, GET …/earnings): balances,
 * the next payout, recent payouts and every entry. `accountLink`: where the payout account is
 * changed (none for a transporter, whose wallet is their profile's).
 */
export function EarningsBody({ earnings, fromCache, accountLink = '/sellers/me' }: { earnings: Earnings; fromCache: boolean; accountLink?: string | null }) {
  const t = useT();
  return (
    <div className="space-y-6">
      {fromCache && <p className="text-sm text-amber-800">Offline: showing your earnings from your last visit.</p>}
      {/* Side by side only when each card holds a seven-figure amount whole (GH₵ 1,234,567.89): one a row on a phone. */}
      <dl className="grid grid-cols-[repeat(auto-fit,minmax(14rem,1fr))] gap-3">
        <Figure label="Held until buyers collect" value={earnings.held} />
        <Figure label="Available" value={earnings.available} />
        <Figure label="Paid out" value={earnings.paidOut} />
      </dl>
      <div className="card p-4">
        <h2 className="font-semibold">{t('seller.heading.nextPayout')}</h2>
        <p className="mt-1 text-gray-800"><WithWholeAmounts text={earnings.nextPayout.note} /></p>
        {earnings.nextPayout.at && <p className="text-sm text-gray-600">From {formatDateTime(earnings.nextPayout.at)}</p>}
        <p className="mt-2 text-sm text-gray-700">
          We keep a buyer's payment until they collect the order with their pickup code, then your share, less our {earnings.commissionRate}% commission, becomes available.
          Payouts go out once your available balance reaches <Price value={earnings.payoutMinimum} />.
        </p>
        {accountLink && <Link to={accountLink} className="btn-outline mt-3">Payout account</Link>}
      </div>
      <section className="card p-4">
        <h2 className="mb-2 font-semibold">{t('seller.heading.payouts')}</h2>
        {earnings.payouts.length === 0 ? (
          <p className="text-gray-700">No payouts yet.</p>
        ) : (
          <ul className="divide-y">
            {earnings.payouts.map((p) => (
              <li key={p.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span>{formatDate(p.createdAt)} · {p.account} · {PAYOUT_WORDS[p.status]}</span>
                <Price value={p.amount} className="font-semibold" />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card p-4">
        <h2 className="mb-2 font-semibold">{t('seller.heading.entries')}</h2>
        {earnings.entries.length === 0 ? (
          <p className="text-gray-700">Nothing yet: your first sale will show here.</p>
        ) : (
          <ul className="divide-y">
            {earnings.entries.map((e) => (
              <li key={e.id} className="flex flex-wrap justify-between gap-2 py-2">
                <span>
                  <span className="block">{priceKeptWhole(e.description)}</span>
                  <span className="text-xs text-gray-600">{formatDateTime(e.at)}</span>
                </span>
                <span className="text-right">
                  <span className={`block ${e.amount < 0 ? 'text-gray-700' : 'font-semibold text-brand-dark'}`}>
                    {e.amount < 0 ? '−' : '+'}<Price value={Math.abs(e.amount)} />
                  </span>
                  {e.balance !== undefined && (
                    <span className="block text-xs text-gray-600">{t('seller.entries.balance')} <Price value={e.balance} /></span>
                  )}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="card p-4">
      <dt className="text-sm text-gray-700">{label}</dt>
      <dd className="mt-1 text-lg font-bold text-gray-900"><Price value={value} /></dd>
    </div>
  );
}

/**
 * A ledger line's sentence names an amount ("…, less GH₵ 48.00 commission"): a no-break space
 * keeps "GH₵" with its figure, which at 320 px otherwise split across two lines
 * (tests/e2e/walk-360.test.ts once the farmer has a collected order).
 */
function priceKeptWhole(sentence: string): string {
  return sentence.replace(/GH₵ (?=-?[\d,]+\.\d\d)/g, 'GH₵\u00a0');
}
