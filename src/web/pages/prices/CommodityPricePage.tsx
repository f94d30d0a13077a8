import { Link, useParams } from 'react-router-dom';
import { changeInWords, PriceTrend } from '../../components/PriceTrend';
import { Price } from '../../components/Price';
import { useMarketPrice } from './usePrices';
import { wordsFor, type MarketWeek } from '../../../shared/schemas/market-prices';
import { useLocale, useT } from '../../i18n/language';
import { useAnswerStatus } from '../../initial-app/initial-data';

/** One commodity's last weeks in every region, side by side. */
export default function CommodityPricePage() {
  const t = useT();
  const locale = useLocale();
  const { id } = useParams();
  const prices = useMarketPrice(id);
  if (prices.status === 'loading') return <p className="p-4" role="status">{t('prices.loading')}</p>;
  if (prices.status === 'missing') return <NoPrices title={t('prices.title')} message={prices.message} unknown={prices.unknown === true} />;
  const c = prices.data;
  const words = wordsFor(c, locale);
  const traded = c.regions.filter((r) => r.weeks.some((w) => w.paid !== null || w.asking !== null));
  // A commodity we know with no sales or listings yet: a plain sentence, not an empty grid.
  if (traded.length === 0) return <NoPrices title={`${words.name}, ${words.unit}`} message={t('prices.none')} detail={t('prices.noRegion', { name: words.name.toLowerCase() })} unknown={false} />;
  return (
    <div className="mx-auto max-w-5xl px-3 py-6 sm:px-4">
      <Link to="/prices" className="text-sm text-brand-dark underline">{t('prices.all')}</Link>
      <h1 className="mb-4 mt-2 text-2xl font-bold sm:text-3xl">{words.name}, {words.unit}</h1>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {traded.map((r) => {
          const now = r.weeks.at(-1)!;
          return (
            <li key={r.region} className="rounded-lg bg-white p-3 ring-1 ring-gray-200">
              <h2 className="font-semibold">{r.region}</h2>
              <p className="text-sm">
                {now.paid !== null ? <>{t('prices.paid')} <Price value={now.paid} className="font-semibold" /></> : t('prices.askingOnlyShort')}
                {now.asking !== null && <> · {t('prices.asking')} <Price value={now.asking} className="font-semibold" /></>}
              </p>
              <p className="text-sm text-gray-700">{changeInWords(r.weeks)}</p>
              <PriceTrend weeks={r.weeks} label={t('prices.trendLabel', { name: words.name, place: r.region, n: r.weeks.length })} />
              <WeekFigures weeks={r.weeks} caption={t('prices.trendLabel', { name: words.name, place: r.region, n: r.weeks.length })} />
            </li>
          );
        })}
      </ul>
      {traded.length < c.regions.length && (
        <p className="mt-4 text-sm text-gray-700">{t('prices.leftOut', { n: c.regions.length - traded.length, total: c.regions.length })}</p>
      )}
    </div>
  );
}

/**
 * No figures to show: "No prices yet." and the way back to every price. For a commodity the
 * server does not know, the page the server renders answers 404 (useAnswerStatus).
 */
function NoPrices({ title, message, detail, unknown }: { title: string; message: string; detail?: string; unknown: boolean }) {
  const t = useT();
  useAnswerStatus(unknown ? 404 : 200);
  return (
    <div className="mx-auto max-w-5xl px-3 py-6 sm:px-4">
      <h1 className="mb-2 text-2xl font-bold sm:text-3xl">{title}</h1>
      <p role="status">{message}</p>
      {detail && <p className="mt-1 text-sm text-gray-700">{detail}</p>}
      <p className="mt-3">
        <Link to="/prices" className="text-brand-dark underline">{t('prices.all')}</Link>
      </p>
    </div>
  );
}

/** The line's figures, week by week (newest first): what the chart draws, for reading and for a screen reader. */
function WeekFigures({ weeks, caption }: { weeks: MarketWeek[]; caption: string }) {
  const t = useT();
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer text-brand-dark underline">{t('prices.figures')}</summary>
      <table className="mt-1 w-full text-left">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('prices.week')}</th>
            <th scope="col">{t('prices.paid')}</th>
            <th scope="col">{t('prices.asking')}</th>
          </tr>
        </thead>
        <tbody>
          {[...weeks].reverse().map((w) => (
            <tr key={w.week}>
              <th scope="row" className="font-normal">{w.week}</th>
              <td>{w.paid === null ? '–' : <Price value={w.paid} />}</td>
              <td>{w.asking === null ? '–' : <Price value={w.asking} />}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
