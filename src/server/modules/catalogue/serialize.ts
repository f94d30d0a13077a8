import type { CompiledQuery, Selectable } from 'kysely';
import { type Category, type Condition, type GhanaRegion } from '../../../shared/catalogue';
import { fromMinor } from '../../../shared/money';
import type { Product } from '../../../shared/schemas/catalogue';
import type { Db } from '../../platform/db';
import { imagesByOwner } from '../../platform/images';
import type { ProductsTable } from '../../platform/db/schema';

type ProductRow = Selectable<ProductsTable>;

/**
 * Turns product rows into API products, loading images, ratings and sellers in three queries.
 * readAll, when given, runs the three together (a search's page): on SQLite off the event loop
 * in one reader message (half a millisecond of the server thread's time per search), on
 * PostgreSQL as one statement.
 */
export async function toProducts(db: Db, rows: ProductRow[], readAll?: (queries: readonly CompiledQuery[]) => Promise<unknown[][]>): Promise<Product[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const sellerIds = [...new Set(rows.map((r) => r.seller_id))];
  const queries = [
    db.selectFrom('product_images').selectAll().where('product_id', 'in', ids).orderBy('position'),
    db
      .selectFrom('reviews')
      .select(({ fn }) => ['product_id', fn.avg<number>('rating').as('average'), fn.countAll<number>().as('count')])
      .where('product_id', 'in', ids)
      .groupBy('product_id'),
    db
      .selectFrom('users')
      .leftJoin('seller_profiles', 'seller_profiles.user_id', 'users.id')
      .select(['users.id', 'users.first_name', 'users.last_name', 'seller_profiles.business_name'])
      .where('users.id', 'in', sellerIds),
  ] as const;
  type Rows<I extends number> = Awaited<ReturnType<(typeof queries)[I]['execute']>>;
  const [images, ratings, sellers] = (
    readAll ? await readAll(queries.map((query) => query.compile())) : await Promise.all([queries[0].execute(), queries[1].execute(), queries[2].execute()])
  ) as [Rows<0>, Rows<1>, Rows<2>];
  // By position here: PostgreSQL's one-statement read (readAllInOneStatement) gives no order of its own.
  const imagesByProduct = imagesByOwner(images.sort((a, b) => a.position - b.position), (image) => image.product_id);
  const ratingByProduct = new Map(ratings.map((r) => [r.product_id, r]));
  const sellerById = new Map(
    sellers.map((s) => [s.id, s.business_name ?? `${s.first_name} ${s.last_name}`]),
  );
  return rows.map((row) => {
    const productImages = imagesByProduct.get(row.id) ?? [];
    const rating = ratingByProduct.get(row.id);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      price: fromMinor(row.price_minor),
      currency: 'GHS',
      category: row.category as Category,
      condition: row.condition as Condition,
      region: row.region as GhanaRegion,
      stockQuantity: row.stock_quantity,
      isActive: row.is_active === 1,
      isFeatured: row.is_featured === 1,
      discountPercentage: row.discount_percentage,
      oldPrice: row.old_price_minor === null ? null : fromMinor(row.old_price_minor),
      weeklySpecial: row.is_weekly_special === 1 && row.old_price_minor !== null,
      commodityId: row.commodity_id ?? null,
      imagesUrls: productImages.map((i) => i.urls[640]),
      images: productImages,
      rating: {
        average: rating ? Math.round(Number(rating.average) * 10) / 10 : null,
        count: rating ? Number(rating.count) : 0,
      },
      sellerName: sellerById.get(row.seller_id) ?? 'Akuafo seller',
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      version: row.version,
    };
  });
}
