import { useEffect, useState } from 'react';
import { fetchMarketPrices, keptMarketPrices } from '../../local/market-prices';
import { farFromTypical } from '../../shared/market-prices';
import { formatCedis } from '../../shared/money';
import type { MarketPriceSummary } from '../../shared/schemas/market-prices';
import { api } from '../lib/api';
import { useT } from '../i18n/language';

/** This week's typical range of a commodity in a region: between the paid and the asking median (either alone when one is missing). */
export function typicalRange(c: Pick<MarketPriceSummary, 'paid' | 'asking'> | undefined): { low: number; high: number } | undefined {
  const known = [c?.paid, c?.asking].filter((p): p is number => typeof p === 'number');
  if (known.length === 0) return undefined;
  return { low: Math.min(...known), high: Math.max(...known) };
}

/** A region's prices, from the phone's copy at once and the server's when reachable. */
export function useRegionPrices(region: string | undefined): MarketPriceSummary[] | undefined {
  const [prices, setPrices] = useState<MarketPriceSummary[]>();
  useEffect(() => {
    if (!region) return;
    let live = true;
    void keptMarketPrices(region).then((kept) => live && kept && setPrices((now) => now ?? kept.data));
    fetchMarketPrices(api, region).then(
      (data) => live && setPrices(data),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [region]);
  return prices;
}

/** "Typical in Ashanti this week: GH₵ a – b", for a listing of a commodity; nothing when none is known. */
export function TypicalPrice({ commodityId, region, price }: { commodityId: string | null | undefined; region: string; price?: number }) {
  const t = useT();
  const prices = useRegionPrices(commodityId ? region : undefined);
  const range = typicalRange(prices?.find((c) => c.id === commodityId));
  if (!commodityId || !range) return null;
  const text = range.low === range.high ? formatCedis(range.low) : `${formatCedis(range.low)} – ${formatCedis(range.high)}`;
  const far = price !== undefined && price > 0 ? farFromTypical(price, range.low, range.high) : null;
  return (
    <div className="text-sm" data-testid="typical-price">
      <p className="text-gray-700">
        {t('product.typical', { region })}<span className="whitespace-nowrap font-semibold">{text}</span>
      </p>
      {far && (
        <p role="alert" className="mt-1 rounded bg-amber-50 p-2 text-amber-900 ring-1 ring-amber-200">
          {far === 'high' ? t('product.typicalHigh', { region }) : t('product.typicalLow', { region })}
        </p>
      )}
    </div>
  );
}
