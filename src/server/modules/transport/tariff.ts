import { fromMinor } from '../../../shared/money';
import type { TariffAnswer } from '../../../shared/schemas/transport';
import type { Tariff } from '../../../shared/transport';
import { now, type Db } from '../../platform/db';

/** The operator's tariff (one row, 031_transport; docs/transport.md for the demo's values). */
export async function readTariff(db: Db): Promise<Tariff> {
  const row = await db.selectFrom('transport_tariff').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  return { rateMinorPerTonneKm: row.rate_minor_per_tonne_km, minFeeMinor: row.min_fee_minor, maxFeeMinor: row.max_fee_minor };
}

/** In cedis as every amount the API shows: the rate per kg-km (pesewas per tonne-km ÷ 100,000). */
export const tariffAnswer = (t: Tariff): TariffAnswer => ({
  ratePerKgKm: t.rateMinorPerTonneKm / 100_000,
  minimumFee: fromMinor(t.minFeeMinor),
  maximumFee: fromMinor(t.maxFeeMinor),
  currency: 'GHS',
});

/** The operator changes the tariff: quotes and checkouts from then on use it; placed orders keep their fees. */
export async function setTariff(db: Db, t: Tariff): Promise<Tariff> {
  await db
    .updateTable('transport_tariff')
    .set({ rate_minor_per_tonne_km: t.rateMinorPerTonneKm, min_fee_minor: t.minFeeMinor, max_fee_minor: t.maxFeeMinor, updated_at: now() })
    .where('id', '=', 1)
    .execute();
  return t;
}
