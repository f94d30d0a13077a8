import type { DBCoreCursor, DBCoreTable, Middleware, DBCore, Transaction } from 'dexie';
import { byWidth } from '../shared/catalogue';
import type { ProductImage } from '../shared/schemas/catalogue';

/**
 * A picture as IndexedDB keeps it: its URLs under "320w", "640w" and "1280w" rather than 320,
 * 640 and 1280. To V8 those numbers are array indices, and a structured clone (what IndexedDB
 * gives back) fills them in ascending order: every picture read back grew an array of 1,281
 * slots, 9.6 KB in Chromium against 0.4 KB (src/shared/catalogue.ts, byWidth). Reading the
 * mirror to search it after a pull made that garbage for every listing it holds
 * (docs/performance.md, "A picture's URLs on the phone").
 */
interface StoredImage extends Omit<ProductImage, 'urls'> {
  urlsAt: Record<string, string>;
}

/** The tables whose rows carry pictures: a product's own, and a detail's related products' too. */
const TABLES_WITH_PICTURES = new Set(['products', 'productDetails']);

type Row = { images?: unknown; relatedProducts?: unknown } | undefined;
type ImageForm = (image: ProductImage & StoredImage) => unknown;

/** The row with each of its pictures (and its related products' pictures) in another form; the row given is not changed. */
function withImages<T>(row: T, form: ImageForm): T {
  const { images, relatedProducts } = (row ?? {}) as NonNullable<Row>;
  if (!Array.isArray(images)) return row;
  const changed: Record<string, unknown> = { ...row, images: images.map(form) };
  if (Array.isArray(relatedProducts)) changed.relatedProducts = relatedProducts.map((related: unknown) => withImages(related, form));
  return changed as T;
}

function toStored(image: ProductImage): StoredImage | ProductImage {
  if (!image?.urls) return image;
  const { urls, ...rest } = image;
  return { ...rest, urlsAt: Object.fromEntries(Object.entries(urls).map(([width, url]) => [`${width}w`, url])) };
}

/** Rows written before pictures were kept this way still hold `urls`: they are given as they are. */
function fromStored(image: StoredImage | ProductImage): ProductImage {
  if (!image || !('urlsAt' in image)) return image as ProductImage;
  const { urlsAt, ...rest } = image;
  return { ...rest, urls: byWidth((width) => urlsAt[`${width}w`]) };
}

const storedRow = <T,>(row: T): T => withImages(row, toStored);
const givenRow = <T,>(row: T): T => withImages(row, fromStored);

/** A cursor whose value is given in the app's form (the same object for as long as the cursor stays on a row). */
function givenCursor(cursor: DBCoreCursor): DBCoreCursor {
  let raw: unknown;
  let given: unknown;
  return Object.create(cursor, {
    value: {
      get() {
        if (cursor.value !== raw) {
          raw = cursor.value;
          given = givenRow(raw);
        }
        return given;
      },
    },
  }) as DBCoreCursor;
}

function picturesTable(table: DBCoreTable): DBCoreTable {
  return {
    ...table,
    mutate: (req) => table.mutate(req.type === 'add' || req.type === 'put' ? { ...req, values: req.values.map(storedRow) } : req),
    get: async (req) => givenRow(await table.get(req)),
    getMany: async (req) => (await table.getMany(req)).map(givenRow),
    query: async (req) => {
      const found = await table.query(req);
      return req.values ? { ...found, result: found.result.map(givenRow) } : found;
    },
    openCursor: async (req) => {
      const cursor = await table.openCursor(req);
      return cursor && req.values ? givenCursor(cursor) : cursor;
    },
  };
}

/** Installed on the phone's database (db.ts): the rest of the app sees pictures as the API gives them. */
export const storedPictures: Middleware<DBCore> = {
  stack: 'dbcore',
  name: 'storedPictures',
  create: (down) => ({
    ...down,
    table: (name) => (TABLES_WITH_PICTURES.has(name) ? picturesTable(down.table(name)) : down.table(name)),
  }),
};

/** Rows read and written again per step of the upgrade: an old row read back is 9.6 KB a picture, so a few megabytes at a time. */
const UPGRADE_SLICE = 500;

/**
 * Dexie upgrade 4: the rows stored before, read (each picture as it was) and written again
 * through the middleware, so a phone that already holds its mirror gains too: a pull writes
 * only the listings that changed. Inside IndexedDB's version change, before any screen reads.
 */
export async function storePicturesAgain(tx: Transaction): Promise<void> {
  for (const name of TABLES_WITH_PICTURES) {
    const table = tx.table(name);
    const keys = await table.toCollection().primaryKeys();
    for (let i = 0; i < keys.length; i += UPGRADE_SLICE) {
      const rows = await table.bulkGet(keys.slice(i, i + UPGRADE_SLICE));
      await table.bulkPut(rows.filter((row) => row !== undefined));
    }
  }
}
