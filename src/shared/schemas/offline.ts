import * as v from 'valibot';
import { CATEGORIES, GHANA_REGIONS, IMAGE_WIDTHS } from '../catalogue';

/**
 * GET /offline-packs/size: one category (or everything when absent), pictures at one width;
 * with a region, that region's only (a phone whose mirror holds its owner's region).
 */
export const offlinePackQuerySchema = v.object({
  category: v.optional(v.picklist(CATEGORIES, 'Unknown category')),
  region: v.optional(v.picklist(GHANA_REGIONS, "region must be one of Ghana's 16 regions")),
  width: v.pipe(
    v.optional(v.string(), '640'),
    v.picklist(IMAGE_WIDTHS.map(String), `width must be one of ${IMAGE_WIDTHS.join(', ')}`),
    v.transform(Number),
  ),
});
export type OfflinePackQuery = v.InferOutput<typeof offlinePackQuerySchema>;

/** What saving a pack will download: its listed products' pictures at the chosen width. */
export const offlinePackSizeSchema = v.object({
  category: v.nullable(v.string()),
  width: v.number(),
  productCount: v.number(),
  imageCount: v.number(),
  bytes: v.number(),
});
export type OfflinePackSize = v.InferOutput<typeof offlinePackSizeSchema>;
