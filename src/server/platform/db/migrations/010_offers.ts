import { sql, type Kysely, type Migration } from 'kysely';

/**
 * 010_offers: every offer shows both the percentage and the price before, derived one from
 * the other (by a frozen copy of shared/discount.ts's rule, below), so they cannot disagree. The home page keeps its two
 * sections: `is_weekly_special` remembers which listings were weekly specials (a price before
 * and no percentage) now that every offer carries both figures. Rows that change take a new
 * catalogue version, so phones' mirrors pick the new figures up on their next pull.
 */
export const migration = (): Migration => ({
  async up(db: Kysely<any>) {
    await db.schema.alterTable('products').addColumn('is_weekly_special', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db
      .updateTable('products')
      .set({ is_weekly_special: 1 })
      .where('old_price_minor', 'is not', null)
      .where((eb) => eb.or([eb('discount_percentage', 'is', null), eb('discount_percentage', '<=', 0)]))
      .execute();
    const rows = await db
      .selectFrom('products')
      .select(['id', 'price_minor', 'discount_percentage', 'old_price_minor'])
      .where((eb) => eb.or([eb('discount_percentage', 'is not', null), eb('old_price_minor', 'is not', null)]))
      .orderBy('id')
      .execute();
    for (const row of rows) {
      const offer = deriveOffer(row.price_minor, { discountPercentage: row.discount_percentage, oldPriceMinor: row.old_price_minor });
      if (offer.discountPercentage === row.discount_percentage && offer.oldPriceMinor === row.old_price_minor) continue;
      const version = await db.updateTable('counters').set({ value: sql`value + 1` }).where('name', '=', 'catalogue').returning('value').executeTakeFirstOrThrow();
      await db
        .updateTable('products')
        .set({ discount_percentage: offer.discountPercentage, old_price_minor: offer.oldPriceMinor, version: Number(version.value) })
        .where('id', '=', row.id)
        .execute();
    }
  },
});

/**
 * A COPY of `deriveOffer` (src/shared/discount.ts) as it was when this migration shipped (commit
 * 8efd74d), kept here on purpose: a migration must do on a database upgraded next year what it
 * did on the day it shipped, and the live rule may change (a new rule gets a new migration).
 * Do not replace it with an import. The price before wins when given; otherwise it is worked
 * out from the percentage; a price before not above the price, or a percentage outside 1-99,
 * is no offer. The percentage is whole, 1-99 (a cut of a few pesewas still shows).
 */
function deriveOffer(priceMinor: number, given: { discountPercentage: number | null; oldPriceMinor: number | null }): { discountPercentage: number | null; oldPriceMinor: number | null } {
  const noOffer = { discountPercentage: null, oldPriceMinor: null };
  const percentOff = (oldPriceMinor: number) => Math.min(99, Math.max(1, Math.round(((oldPriceMinor - priceMinor) * 100) / oldPriceMinor)));
  if (given.oldPriceMinor != null) {
    return given.oldPriceMinor > priceMinor ? { oldPriceMinor: given.oldPriceMinor, discountPercentage: percentOff(given.oldPriceMinor) } : noOffer;
  }
  const pct = given.discountPercentage;
  if (pct == null || !Number.isInteger(pct) || pct < 1 || pct > 99 || priceMinor <= 0) return noOffer;
  const oldPriceMinor = Math.round((priceMinor * 100) / (100 - pct));
  return oldPriceMinor > priceMinor ? { oldPriceMinor, discountPercentage: percentOff(oldPriceMinor) } : noOffer;
}
