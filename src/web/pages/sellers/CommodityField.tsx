import { useEffect, useState } from 'react';
import { fetchMarketPrices, keptMarketPrices } from '../../../local/market-prices';
import type { MarketPriceSummary } from '../../../shared/schemas/market-prices';
import { api } from '../../lib/api';
import { TypicalPrice } from '../../components/TypicalPrice';
import { SelectField } from './fields';

/** The commodities a seller may file a listing under (the whole country's list, kept on the phone). */
function useCommodities(): MarketPriceSummary[] {
  const [list, setList] = useState<MarketPriceSummary[]>([]);
  useEffect(() => {
    let live = true;
    void keptMarketPrices(undefined).then((kept) => live && kept && setList((now) => (now.length ? now : kept.data)));
    fetchMarketPrices(api, undefined).then(
      (data) => live && setList(data),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return list;
}

/**
 * "Which market price is this?" and, once a price is typed, the typical range in the listing's
 * region this week, with a warning when the price is far from it.
 */
export function CommodityField({ value, region, price, error, onChange }: { value: string; region: string; price: string; error?: string; onChange: (e: { target: { value: string } }) => void }) {
  const commodities = useCommodities();
  const typed = Number(price.replace(',', '.'));
  return (
    <div className="space-y-2">
      <SelectField label="Sold as (to compare with the market)" value={value} onChange={onChange} error={error}>
        <option value="">None: do not compare</option>
        {commodities.map((c) => (
          <option key={c.id} value={c.id}>{c.name}, {c.unit}</option>
        ))}
      </SelectField>
      {value && region && price.trim() !== '' && Number.isFinite(typed) && <TypicalPrice commodityId={value} region={region} price={typed} />}
    </div>
  );
}
