import type { OfflinePackQuery, OfflinePackSize } from '../../../shared/schemas/offline';
import type { DatabaseHandle, Db } from '../../platform/db';
import { readRows } from '../../platform/db/read-rows';
import type { Storage } from '../../platform/storage';

const READ_AT_ONCE = 16;

/**
 * Sizes of offline packs. A stored picture never changes (its name is random, or its
 * content's hash for the seed's artwork), so each file's size is read once and remembered.
 * The pack's listings are read off the event loop (a region holds thousands at a national
 * scale: 16 ms of the loop at 100,000 listings on SQLite when they ran on it), and only their
 * distinct pictures come back.
 */
export function createOfflinePackService(db: Db, storage: Storage, readOffLoop?: DatabaseHandle['readOffLoop']) {
  const read = readRows(db, readOffLoop);
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
      let pictured = db.selectFrom('products').innerJoin('product_images', 'product_images.product_id', 'products.id').where('products.is_active', '=', 1);
      if (category) pictured = pictured.where('products.category', '=', category);
      if (region) pictured = pictured.where('products.region', '=', region);
      const [[counted], keys] = await Promise.all([
        read(pictured.select(({ fn }) => fn.count<number>('products.id').distinct().as('n'))),
        // Products may share a picture (the seed's artwork): it is downloaded once.
        read(pictured.select('product_images.storage_key').distinct()),
      ]);
      const paths = keys.map((r) => `${r.storage_key}/${width}.webp`);
      let bytes = 0;
      for (let i = 0; i < paths.length; i += READ_AT_ONCE) {
        const chunk = await Promise.all(paths.slice(i, i + READ_AT_ONCE).map(fileSize));
        bytes += chunk.reduce((a, b) => a + b, 0);
      }
      return { category: category ?? null, width, productCount: Number(counted?.n ?? 0), imageCount: paths.length, bytes };
    },
  };
}
