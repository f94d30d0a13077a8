import { sql, type CompiledQuery, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import { type Category, type Condition, type GhanaRegion } from '../../../shared/catalogue';
import { fromMinor } from '../../../shared/money';
import type { Product } from '../../../shared/schemas/catalogue';
import type { Db } from '../../platform/db';
import { imagesByOwner } from '../../platform/images';
import { jsonRows } from '../../platform/db/json-rows';
import type { ProductImagesTable, ProductsTable } from '../../platform/db/tables/catalogue';
import { qualityOf } from './quality';

type ProductRow = Selectable<ProductsTable>;

/**
 * Turns product rows into API products, loading images, ratings and sellers in three queries.
 * readAll, when given, runs the three together (a search's page): on SQLite off the event loop
 * in one reader message (half a millisecond of the server thread's time per search), on
 * PostgreSQL as one statement. Rows that carry them already (extrasColumns) need no read.
 */
export async function toProducts(db: Db, rows: (ProductRow & Partial<ExtrasColumns>)[], readAll?: (queries: readonly CompiledQuery[]) => Promise<unknown[][]>): Promise<Product[]> {
  if (rows.length === 0) return [];
  if (rows[0].extra_images !== undefined) return rows.map(serializerOf(rows.flatMap((r) => r.extra_images!), rows.flatMap((r) => r.extra_ratings!), rows.flatMap((r) => r.extra_sellers!)));
  const ids = sql.join(rows.map((r) => r.id));
  const sellerIds = sql.join([...new Set(rows.map((r) => r.seller_id))]);
  const queries = extraReads(db, sql`product_id in (${ids})`, sql`users.id in (${sellerIds})`);
  type Rows<I extends number> = Awaited<ReturnType<(typeof queries)[I]['execute']>>;
  const [images, ratings, sellers] = (
    readAll ? await readAll(queries.map((query) => query.compile())) : await Promise.all([queries[0].execute(), queries[1].execute(), queries[2].execute()])
  ) as [Rows<0>, Rows<1>, Rows<2>];
  return rows.map(serializerOf(images, ratings, sellers));
}

/** The pictures, ratings and sellers of the products and sellers the two conditions choose. */
function extraReads(db: Db, ofProducts: RawBuilder<SqlBool>, ofSellers: RawBuilder<SqlBool>) {
  return [
    db.selectFrom('product_images').selectAll().where(ofProducts).orderBy('position'),
    db
      .selectFrom('reviews')
      .select(({ fn }) => ['product_id', fn.avg<number>('rating').as('average'), fn.countAll<number>().as('count')])
      .where(ofProducts)
      .groupBy('product_id'),
    db
      .selectFrom('users')
      .leftJoin('seller_profiles', 'seller_profiles.user_id', 'users.id')
      .select(['users.id', 'users.first_name', 'users.last_name', 'seller_profiles.business_name'])
      .where(ofSellers),
  ] as const;
}

type Extras = {
  images: Selectable<ProductImagesTable>[];
  ratings: { product_id: number; average: number; count: number }[];
  sellers: { id: number; first_name: string; last_name: string; business_name: string | null }[];
};

/** toProducts' three reads as columns of each product row (each one row's part), for a statement that already reads the page's products. */
export interface ExtrasColumns {
  extra_images: Extras['images'];
  extra_ratings: Extras['ratings'];
  extra_sellers: Extras['sellers'];
}

/**
 * PostgreSQL: toProducts' three reads, correlated with the statement's `products` row, so a
 * search's page needs no statement after its own (search-terms.ts): each statement is a round
 * trip the server thread pays for (docs/performance.md, issue 25).
 */
export function extrasColumns(db: Db) {
  const [images, ratings, sellers] = extraReads(db, sql`product_id = products.id`, sql`users.id = products.seller_id`);
  return sql.join([jsonRows(images).as('extra_images'), jsonRows(ratings).as('extra_ratings'), jsonRows(sellers).as('extra_sellers')]);
}

function serializerOf(images: Extras['images'], ratings: Extras['ratings'], sellers: Extras['sellers']): (row: ProductRow) => Product {
  // By position here: PostgreSQL's one-statement read (readAllInOneStatement) gives no order of its own.
  const imagesByProduct = imagesByOwner(images.sort((a, b) => a.position - b.position), (image) => image.product_id);
  const ratingByProduct = new Map(ratings.map((r) => [r.product_id, r]));
  const sellerById = new Map(
    sellers.map((s) => [s.id, s.business_name ?? `${s.first_name} ${s.last_name}`]),
  );
  return (row) => {
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
      quality: qualityOf(row),
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      version: row.version,
    };
  };
}
