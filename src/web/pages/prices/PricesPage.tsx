import { Link } from 'react-router-dom';
import { GHANA_REGIONS } from '../../../shared/catalogue';
import { formatDateTime } from '../../../shared/dates';
import { MIN_SALES } from '../../../shared/market-prices';
import { wordsFor, type MarketPriceSummary } from '../../../shared/schemas/market-prices';
import { Price } from '../../components/Price';
import { changeInWords, PriceTrend } from '../../components/PriceTrend';
import { useMarketPrices, usePriceRegion } from './usePrices';
import { useLocale, useT } from '../../i18n/language';
import { categoryName } from '../../components/catalogue/words';

/** What produce sells for this week, by region: our own paid orders and the listings' asking prices. */
export default function PricesPage() {
  const t = useT();
  const locale = useLocale();
  const [region, setRegion] = usePriceRegion();
  const prices = useMarketPrices(region);
  const place = region || t('prices.ghana');
  const byCategory = new Map<string, MarketPriceSummary[]>();
  if (prices.status === 'ready') for (const c of prices.data) byCategory.set(c.category, [...(byCategory.get(c.category) ?? []), c]);

  return (
    <div className="mx-auto max-w-5xl px-3 py-6 sm:px-4">
      <h1 className="mb-2 text-2xl font-bold sm:text-3xl">{t('prices.title')}</h1>
      <p className="mb-4 text-sm text-gray-700">
        {t('prices.intro', { min: MIN_SALES })}
      </p>
      {/* A GET form: without JavaScript, its button asks the server for /prices?region=… */}
      <form action="/prices" className="mb-4 flex max-w-sm items-end gap-2" onSubmit={(e) => e.preventDefault()}>
        <label className="block flex-1 text-sm font-medium text-gray-800">
          {t('prices.region')}
          <select name="region" className="input mt-1" value={region ?? ''} onChange={(e) => setRegion(e.target.value)}>
            <option value="">{t('prices.allGhana')}</option>
            {GHANA_REGIONS.map((r) => (
              <option key={r} value={r}>{r}</option>
            ))}
          </select>
        </label>
        <noscript>
          <button type="submit" className="btn-outline">{t('prices.show')}</button>
        </noscript>
      </form>
      {prices.status === 'loading' && <p role="status">{t('prices.loading')}</p>}
      {prices.status === 'missing' && <p role="status">{prices.message}</p>}
      {prices.status === 'ready' && (
        <>
          <p className="mb-4 text-xs text-gray-600" role="status">
            {prices.refreshing ? t('prices.checking') : prices.fetchedAt ? t('prices.asOf', { date: formatDateTime(prices.fetchedAt, locale) }) : null}
          </p>
          {[...byCategory].map(([category, commodities]) => (
            <section key={category} className="mb-6" aria-labelledby={`prices-${category}`}>
              <h2 id={`prices-${category}`} className="mb-2 text-lg font-semibold">{categoryName(category)}</h2>
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
  const t = useT();
  // The commodity in the reader's words ("Aburow, kotoku 50 kg"); its id and figures are the same in every language.
  const words = wordsFor(c, useLocale());
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 p-3">
      <div className="min-w-0">
        <Link to={`/prices/${c.id}`} className="font-medium text-brand-dark underline">
          {words.name}, {words.unit}
        </Link>
        <ThisWeek paid={c.paid} asking={c.asking} sales={c.sales} listings={c.listings} />
        <p className="text-sm text-gray-700">{changeInWords(c.weeks)}</p>
      </div>
      <PriceTrend weeks={c.weeks} label={t('prices.trendLabel', { name: words.name, place, n: c.weeks.length })} />
    </li>
  );
}

/** This week's figures in words, with what each rests on. */
export function ThisWeek({ paid, asking, sales, listings }: { paid: number | null; asking: number | null; sales: number; listings: number }) {
  const t = useT();
  return (
    <p className="text-sm">
      {paid !== null ? (
        <>
          {t('prices.paid')} <Price value={paid} className="font-semibold" /> <span className="text-gray-600">{t('prices.sales', { n: sales })}</span>
        </>
      ) : (
        // No count: a week too thin to publish a price is too thin to publish its sales (docs/security.md).
        <span className="text-gray-700">{t('prices.askingOnlyShort')}</span>
      )}
      {' · '}
      {asking !== null ? (
        <>
          {t('prices.asking')} <Price value={asking} className="font-semibold" /> <span className="text-gray-600">{t('prices.listings', { n: listings })}</span>
        </>
      ) : (
        <span className="text-gray-700">{t('prices.noListings')}</span>
      )}
    </p>
  );
}
