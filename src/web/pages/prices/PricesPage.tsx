import { Link } from 'react-router-dom';
import { GHANA_REGIONS } from '../../../shared/catalogue';
import { formatDateTime } from '../../../shared/dates';
import { MIN_SALES } from '../../../shared/market-prices';
import type { MarketPriceSummary } from '../../../shared/schemas/market-prices';
import { Price } from '../../components/Price';
import { changeInWords, PriceTrend } from '../../components/PriceTrend';
import { useMarketPrices, usePriceRegion } from './usePrices';

/** What produce sells for this week, by region: our own paid orders and the listings' asking prices. */
export default function PricesPage() {
  const [region, setRegion] = usePriceRegion();
  const prices = useMarketPrices(region);
  const place = region || 'Ghana';
  const byCategory = new Map<string, MarketPriceSummary[]>();
  if (prices.status === 'ready') for (const c of prices.data) byCategory.set(c.category, [...(byCategory.get(c.category) ?? []), c]);

  return (
    <div className="mx-auto max-w-5xl px-3 py-6 sm:px-4">
      <h1 className="mb-2 text-2xl font-bold sm:text-3xl">Market prices</h1>
      <p className="mb-4 text-sm text-gray-700">
        The middle price paid on Akuafo Market this week, and the middle asking price of the listings. With fewer than {MIN_SALES} sales in a week, only the asking price is shown.
      </p>
      <label className="mb-4 block max-w-xs text-sm font-medium text-gray-800">
        Region
        <select className="input mt-1" value={region ?? ''} onChange={(e) => setRegion(e.target.value)}>
          <option value="">All of Ghana</option>
          {GHANA_REGIONS.map((r) => (
            <option key={r} value={r}>{r}</option>
          ))}
        </select>
      </label>
      {prices.status === 'loading' && <p role="status">Loading prices…</p>}
      {prices.status === 'missing' && <p role="status">{prices.message}</p>}
      {prices.status === 'ready' && (
        <>
          <p className="mb-4 text-xs text-gray-600" role="status">
            {prices.refreshing ? 'Checking for newer prices…' : `Prices as of ${formatDateTime(prices.fetchedAt)}`}
          </p>
          {[...byCategory].map(([category, commodities]) => (
            <section key={category} className="mb-6" aria-labelledby={`prices-${category}`}>
              <h2 id={`prices-${category}`} className="mb-2 text-lg font-semibold">{category}</h2>
              <ul className="divide-y divide-gray-200 rounded-lg bg-white ring-1 ring-gray-200">
                {commodities.map((c) => (
                  <CommodityRow key={c.id} commodity={c} place={place} />
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </div>
  );
}

function CommodityRow({ commodity: c, place }: { commodity: MarketPriceSummary; place: string }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 p-3">
      <div className="min-w-0">
        <Link to={`/prices/${c.id}`} className="font-medium text-brand-dark underline">
          {c.name}, {c.unit}
        </Link>
        <ThisWeek paid={c.paid} asking={c.asking} sales={c.sales} listings={c.listings} />
        <p className="text-sm text-gray-700">{changeInWords(c.weeks)}</p>
      </div>
      <PriceTrend weeks={c.weeks} label={`${c.name} in ${place}, last ${c.weeks.length} weeks`} />
    </li>
  );
}

/** This week's figures in words, with what each rests on. */
export function ThisWeek({ paid, asking, sales, listings }: { paid: number | null; asking: number | null; sales: number; listings: number }) {
  return (
    <p className="text-sm">
      {paid !== null ? (
        <>
          Paid <Price value={paid} className="font-semibold" /> <span className="text-gray-600">({sales} sales)</span>
        </>
      ) : (
        <span className="text-gray-700">Asking price only: {sales === 1 ? '1 sale' : `${sales} sales`} this week</span>
      )}
      {' · '}
      {asking !== null ? (
        <>
          Asking <Price value={asking} className="font-semibold" /> <span className="text-gray-600">({listings} listings)</span>
        </>
      ) : (
        <span className="text-gray-700">No listings</span>
      )}
    </p>
  );
}
