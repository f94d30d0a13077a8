import type { MarketWeek } from '../../shared/schemas/market-prices';
import { t } from '../../shared/i18n';

const WIDTH = 120;
const HEIGHT = 36;
const PAD = 3;

/** The price a week is drawn at: what was paid, else (too few sales) what was asked. */
export const weekPrice = (w: MarketWeek) => w.paid ?? w.asking;

/**
 * A commodity's weeks as one small line (our own SVG: no chart library on a cheap phone).
 * Weeks with no price leave a gap. The words are the label: the line is decoration for
 * those who can see it.
 */
export function PriceTrend({ weeks, label }: { weeks: MarketWeek[]; label: string }) {
  const prices = weeks.map(weekPrice);
  const known = prices.filter((p): p is number => p !== null);
  if (known.length < 2) return <span className="text-xs text-gray-600">{t('prices.fewWeeks')}</span>;
  const low = Math.min(...known);
  const high = Math.max(...known);
  const x = (i: number) => PAD + (i * (WIDTH - 2 * PAD)) / Math.max(1, weeks.length - 1);
  const y = (p: number) => (high === low ? HEIGHT / 2 : HEIGHT - PAD - ((p - low) * (HEIGHT - 2 * PAD)) / (high - low));
  let path = '';
  let pen = false;
  prices.forEach((p, i) => {
    if (p === null) {
      pen = false;
      return;
    }
    path += `${pen ? 'L' : 'M'}${x(i).toFixed(1)} ${y(p).toFixed(1)}`;
    pen = true;
  });
  const last = prices.length - 1;
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} className="shrink-0 text-brand-dark">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" strokeLinecap="round" />
      {prices[last] !== null && <circle cx={x(last)} cy={y(prices[last]!)} r="3" fill="currentColor" />}
    </svg>
  );
}

/** The change from last week in words: "up 5% from last week", "down 3% …", "same as last week". */
export function changeInWords(weeks: MarketWeek[]): string {
  const now = weeks.at(-1);
  const before = weeks.at(-2);
  const a = now && weekPrice(now);
  const b = before && weekPrice(before);
  if (a == null || b == null || b === 0) return t('prices.noLastWeek');
  const percent = Math.round(((a - b) * 100) / b);
  if (percent === 0) return t('prices.same');
  return t(percent > 0 ? 'prices.up' : 'prices.down', { percent: Math.abs(percent) });
}
