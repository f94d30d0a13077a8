import { createHash } from 'node:crypto';
import type { Deps } from '../../src/server/http/context';
import { now } from '../../src/server/platform/db';
import { storeTrustedImage } from '../../src/server/platform/images';
import { renderProductArt } from '../../src/shared/product-art';
import { CATEGORIES, CONDITIONS, GHANA_REGIONS } from '../../src/shared/catalogue';

const ADJECTIVES = ['Fresh', 'Organic', 'Premium', 'Dried', 'Local', 'Hybrid', 'Golden', 'Sweet', 'Improved', 'Certified'];
const ITEMS = ['Maize', 'Rice', 'Yam', 'Cassava', 'Plantain', 'Tomatoes', 'Pepper', 'Onions', 'Okra', 'Garden Eggs', 'Mango', 'Pineapple', 'Goat', 'Sheep', 'Guinea Fowl', 'Layers', 'NPK Fertilizer', 'Cowpea Seed', 'Cutlass', 'Knapsack Sprayer'];
const UNITS = ['50 kg bag', '25 kg bag', 'crate', 'tuber', 'bunch', 'basket', 'each', '1 litre'];

/**
 * Fills an empty database with a catalogue at scale for the benches: one seller, `count`
 * products (every 97th inactive) in bulk inserts, a handful of stored pictures reused, and
 * the catalogue counter at the newest version, as if each product had been listed in turn.
 */
export async function fillBigCatalogue({ db, storage }: Pick<Deps, 'db' | 'storage'>, count: number): Promise<void> {
  const at = now();
  const { id: sellerId } = await db
    .insertInto('users')
    .values({ email: 'bench.seller@akuafo.demo', password_hash: 'x', first_name: 'Bench', last_name: 'Seller', phone: null, user_type: 'SELLER', profile_image: null, is_email_verified: 1, password_changed_at: null, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const pictures = await Promise.all(
    CATEGORIES.slice(0, 4).map((category, i) =>
      storeTrustedImage(storage, `products/${createHash('sha256').update(`art-v1:${category}:${i}:0`).digest('hex').slice(0, 24)}`, () => Buffer.from(renderProductArt(category, i, 0))),
    ),
  );
  const BATCH = 500;
  for (let from = 0; from < count; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - from) }, (_, k) => {
      const n = from + k;
      const item = ITEMS[n % ITEMS.length];
      const created = new Date(Date.now() - n * 60_000).toISOString();
      return {
        seller_id: sellerId,
        name: `${ADJECTIVES[(n * 7) % ADJECTIVES.length]} ${item} (${UNITS[n % UNITS.length]}) #${n}`,
        description: `${item} from ${GHANA_REGIONS[n % 16]} farms, graded and packed for buyers across Ghana. Collect from the nearest warehouse.`,
        price_minor: 500 + ((n * 7919) % 900_000),
        category: CATEGORIES[n % CATEGORIES.length],
        condition: CONDITIONS[n % 3],
        region: GHANA_REGIONS[(n * 5) % 16],
        stock_quantity: n % 50,
        is_active: n % 97 === 0 ? 0 : 1,
        is_featured: n % 50 === 0 ? 1 : 0,
        discount_percentage: n % 40 === 0 ? 10 : null,
        old_price_minor: n % 45 === 0 ? 1_000_000 : null,
        version: n + 1,
        created_at: created,
        updated_at: created,
      };
    });
    const inserted = await db.insertInto('products').values(rows).returning('id').execute();
    await db
      .insertInto('product_images')
      .values(inserted.map(({ id }, k) => ({ product_id: id, position: 0, storage_key: pictures[(from + k) % pictures.length].key, width: pictures[0].width, height: pictures[0].height })))
      .execute();
  }
  await db.updateTable('counters').set({ value: count }).where('name', '=', 'catalogue').execute();
}
