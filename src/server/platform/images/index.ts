import { randomBytes } from 'node:crypto';
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { byWidth, IMAGE_WIDTHS, type ImageWidth } from '../../../shared/catalogue';
import type { ProductImage } from '../../../shared/schemas/catalogue';
import { badRequest } from '../errors';
import type { Storage } from '../storage';

let loaded: Promise<(input: Buffer, options?: SharpOptions) => Sharp> | undefined;
/**
 * sharp, loaded on the first picture: libvips and its libraries cost the server about 10 MB
 * resident from the moment they load, and a market day serves pictures without decoding any
 * (docs/performance.md, "Memory after 2,000 requests").
 */
function sharp(input: Buffer, options?: SharpOptions): Promise<Sharp> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // Each picture is decoded and encoded once (an upload, the seed's artwork): libvips' cache of
    // operations (up to 50 MB) would never be hit, and only kept the server's memory up.
    sharp.cache(false);
    return sharp;
  });
  return loaded.then((make) => make(input, options));
}

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/**
 * Against decompression bombs (a few KB of PNG that decode to gigabytes): sharp refuses to
 * decode more pixels than this. 25 MP takes a 24 MP camera's photo; a PNG this size costs
 * about 80 MB while it is encoded, and at most 4 encode at once (libuv's thread pool), so
 * images hold at most about 320 MB however many arrive (docs/security.md).
 */
export const MAX_IMAGE_PIXELS = 25_000_000;
// SVG is refused: it is a document, not a photo, and may point at other resources.
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

export interface StoredImage {
  key: string;
  width: number;
  height: number;
}

/**
 * Checks an upload by its content (not its name or declared type), then re-encodes it:
 * auto-rotated, metadata stripped, WebP at each served width. The original is not kept.
 */
export async function storeImage(storage: Storage, input: Buffer, fileName: string): Promise<StoredImage> {
  if (input.byteLength > MAX_IMAGE_BYTES) throw badRequest(`File ${fileName} exceeds 5MB limit`);
  let meta: Metadata;
  // Loaded outside the try: a sharp that cannot load is the server's fault, not the picture's.
  const image = await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS });
  try {
    meta = await image.metadata();
  } catch (error) {
    if (/pixel limit/i.test((error as Error).message)) throw badRequest(`File ${fileName} has too many pixels: at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels`);
    throw badRequest(`File ${fileName} is not an image`);
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format) || !meta.width || !meta.height) {
    throw badRequest(`File ${fileName} is not an image`);
  }
  return encodeImage(storage, `products/${randomBytes(12).toString('hex')}`, input);
}

/**
 * Stores our own artwork (the demo seed) under a fixed key; skips the work when that key
 * is already stored, which makes re-seeding and test databases cheap.
 */
export async function storeTrustedImage(storage: Storage, key: string, render: () => Buffer): Promise<StoredImage> {
  const existing = await storage.get(`${key}/640.webp`);
  if (existing) {
    const { width = 0, height = 0 } = await (await sharp(existing)).metadata();
    return { key, width, height };
  }
  return encodeImage(storage, key, render());
}

async function encodeImage(storage: Storage, key: string, input: Buffer): Promise<StoredImage> {
  let size = { width: 0, height: 0 };
  for (const width of IMAGE_WIDTHS) {
    const { data, info } = await (await sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS }))
      .rotate()
      .resize({ width, withoutEnlargement: true })
      .webp({ quality: 72, effort: 3 })
      .toBuffer({ resolveWithObject: true });
    await storage.put(`${key}/${width}.webp`, data);
    if (width === 640) size = { width: info.width, height: info.height };
  }
  return { key, ...size };
}

export function imageUrl(key: string, width: ImageWidth): string {
  return `/media/${key}/${width}.webp`;
}

/** An image row (a product's or a submission's) as the API gives it: its size and a URL per width. */
export function imageAnswer(row: { id: number; width: number; height: number; storage_key: string }): ProductImage {
  return {
    id: row.id,
    width: row.width,
    height: row.height,
    urls: byWidth((width) => imageUrl(row.storage_key, width)),
  };
}

/** Image rows as API images, grouped by what they belong to, in the rows' order. */
export function imagesByOwner<R extends Parameters<typeof imageAnswer>[0], K>(rows: R[], ownerOf: (row: R) => K): Map<K, ProductImage[]> {
  const byOwner = new Map<K, ProductImage[]>();
  for (const row of rows) {
    const list = byOwner.get(ownerOf(row)) ?? [];
    list.push(imageAnswer(row));
    byOwner.set(ownerOf(row), list);
  }
  return byOwner;
}
