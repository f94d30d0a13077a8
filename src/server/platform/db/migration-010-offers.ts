import { sql, type Kysely, type Migration } from 'kysely';
import { deriveOffer } from '../../../shared/discount';

/**
 * 010_offers: every offer shows both the percentage and the price before, derived one from
 * the other (shared/discount.ts), so they cannot disagree. The home page keeps its two
 * sections: `is_weekly_special` remembers which listings were weekly specials (a price before
 * and no percentage) now that every offer carries both figures. Rows that change take a new
 * catalogue version, so phones' mirrors pick the new figures up on their next pull.
 */
export const offersMigration: Migration = {
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
};
