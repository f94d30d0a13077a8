import { Truck } from 'lucide-react';
import { formatDate } from '../../../shared/dates';
import type { Warehouse } from '../../../shared/schemas/catalogue';
import type { Quote } from '../../../shared/schemas/transport';
import { Price } from '../../components/Price';
import { useLocale, useT } from '../../i18n/language';

/**
 * Issue 40: what carrying the goods to the chosen warehouse costs, per consignment (from which
 * warehouse, how heavy, how far, the fee with its VAT, when it is expected ready). Offline it is
 * the last quote for this cart and warehouse, or a note that the fee is confirmed online; the
 * server's price at checkout is the one charged.
 */
export function TransportQuote({ quote, stale, warehouses, state }: { quote?: Quote; stale: boolean; warehouses: Warehouse[] | undefined; state: 'none' | 'loading' | 'offline' | 'shown' }) {
  const t = useT();
  const locale = useLocale();
  if (state === 'none') return null;
  const nameOf = (id: number) => warehouses?.find((w) => w.id === id)?.name ?? `#${id}`;
  return (
    <section className="mt-3 border-t border-gray-200 pt-3 text-sm" aria-labelledby="transport-quote">
      <h3 id="transport-quote" className="flex items-center gap-2 font-semibold">
        <Truck size={16} aria-hidden="true" />
        {t('checkout.transport.title')}
      </h3>
      {state === 'loading' && <p className="mt-1 text-gray-600">{t('checkout.transport.loading')}</p>}
      {state === 'offline' && <p className="mt-1 text-gray-700">{t('checkout.transport.offline')}</p>}
      {state === 'shown' && quote && quote.consignments.length === 0 && <p className="mt-1 text-gray-700">{t('checkout.transport.none')}</p>}
      {state === 'shown' && quote && quote.consignments.length > 0 && (
        <ul className="mt-1 space-y-2" data-testid="transport-consignments">
          {quote.consignments.map((c) => (
            <li key={`${c.sellerId}:${c.fromWarehouseId}`} className="rounded border border-gray-200 p-2">
              <span className="flex justify-between gap-2">
                <span className="font-medium">{t('checkout.transport.from', { warehouse: nameOf(c.fromWarehouseId) })}</span>
                <Price value={c.fee} className="font-semibold" />
              </span>
              <span className="block text-xs text-gray-600">
                {t('checkout.transport.detail', { kg: String(c.weightKg), km: String(c.distanceKm), date: formatDate(c.expectedReadyAt, locale) })}
              </span>
            </li>
          ))}
        </ul>
      )}
      {state === 'shown' && stale && <p className="mt-1 text-xs text-gray-600">{t('checkout.transport.lastQuote')}</p>}
      {state === 'shown' && quote && quote.consignments.length > 0 && <p className="mt-1 text-xs text-gray-600">{t('checkout.transport.vatIncluded')}</p>}
    </section>
  );
}
