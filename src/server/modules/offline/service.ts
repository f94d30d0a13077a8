import type { OfflinePackQuery, OfflinePackSize } from '../../../shared/schemas/offline';
import type { Db } from '../../platform/db';
import type { Storage } from '../../platform/storage';

const READ_AT_ONCE = 16;

/**
 * Sizes of offline packs. A stored picture never changes (its name is random, or its
 * content's hash for the seed's artwork), so each file's size is read once and remembered.
 */
export function createOfflinePackService(db: Db, storage: Storage) {
  const sizes = new Map<string, number>();

  async function fileSize(path: string): Promise<number> {
    let size = sizes.get(path);
    if (size === undefined) {
      size = (await storage.get(path))?.byteLength ?? 0;
      sizes.set(path, size);
    }
    return size;
  }

  return {
    async size({ category, region, width }: OfflinePackQuery): Promise<OfflinePackSize> {
      let query = db
        .selectFrom('products')
        .innerJoin('product_images', 'product_images.product_id', 'products.id')
        .select(['products.id', 'product_images.storage_key'])
        .where('products.is_active', '=', 1);
      if (category) query = query.where('products.category', '=', category);
      if (region) query = query.where('products.region', '=', region);
      const rows = await query.execute();
      // Products may share a picture (the seed's artwork): it is downloaded once.
      const paths = [...new Set(rows.map((r) => `${r.storage_key}/${width}.webp`))];
      let bytes = 0;
      for (let i = 0; i < paths.length; i += READ_AT_ONCE) {
        const chunk = await Promise.all(paths.slice(i, i + READ_AT_ONCE).map(fileSize));
        bytes += chunk.reduce((a, b) => a + b, 0);
      }
      return { category: category ?? null, width, productCount: new Set(rows.map((r) => r.id)).size, imageCount: paths.length, bytes };
    },
  };
}
