import Dexie, { type EntityTable } from 'dexie';
import type { Product, ProductDetail } from '../shared/schemas/catalogue';
import type { MessageId } from '../shared/i18n';
import type { MarketPriceRow } from '../shared/schemas/market-prices';
import { fileUnderAccountId } from './file-by-account';
import { storedPictures, storePicturesAgain } from './stored-pictures';

/**
 * The phone's working copy. Screens read it through useLiveQuery, so they render at once
 * with or without a network; the server stays the authority and the sync code refreshes it.
 */
export interface LocalProduct extends Product {
  /** Lower-cased name, category and description: what local search looks through. */
  haystack: string;
}

export interface MetaEntry {
  key: string;
  value: unknown;
}

export interface LocalCartItem {
  productId: number;
  quantity: number;
  /** Server cart item id once known. */
  serverId?: number;
  name: string;
  imageUrl: string | null;
  price: number;
  updatedAt: string;
}

export interface LocalOrder {
  id: number;
  orderNumber: string;
  createdAt: string;
  /** The order as the server last showed it (list or detail shape). */
  data: unknown;
  detail?: unknown;
}

export interface Draft {
  localId?: number;
  kind: string;
  data: unknown;
  images: Blob[];
  updatedAt: string;
}

export type OutboxStatus = 'pending' | 'failed';

export interface OutboxEntry {
  seq?: number;
  /** UUID, sent as the Idempotency-Key. */
  id: string;
  /** What the change touches, e.g. "cart:12"; entries for one entity are sent in order. */
  entity: string;
  method: 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  /** For multipart uploads: image blobs sent as files. */
  files?: { field: string; blob: Blob; name: string }[];
  /**
   * What the change is, for the sync indicator: a catalogue message and its values
   * ("outbox.cartChange", { name: 'Yam', n: 9 }), worded in the reader's language when shown,
   * so a change queued in English reads in Twi after the reader switches.
   */
  message?: OutboxMessage;
  /** Rows queued before `message` (and only those) hold their words, in English, here: shown as they are. */
  label?: string;
  status: OutboxStatus;
  attempts: number;
  error?: string;
  createdAt: string;
}

/** A queued change's words: a catalogue message (`outbox.…`) and its values; a value can be a message itself (a notification topic's name). */
export interface OutboxMessage {
  id: Extract<MessageId, `outbox.${string}` | `notifications.${string}`>;
  values?: Record<string, string | number | OutboxMessage>;
}

/** A row of the price index as the phone keeps it, under `${id}|${region}|${week}`. */
export type LocalPriceRow = MarketPriceRow & { key: string };

export interface SessionEntry {
  key: string;
  value: unknown;
}

export class AkuafoDb extends Dexie {
  products!: EntityTable<LocalProduct, 'id'>;
  productDetails!: EntityTable<ProductDetail & { cachedAt: string }, 'id'>;
  meta!: EntityTable<MetaEntry, 'key'>;
  cart!: EntityTable<LocalCartItem, 'productId'>;
  orders!: EntityTable<LocalOrder, 'id'>;
  drafts!: EntityTable<Draft, 'localId'>;
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  session!: EntityTable<SessionEntry, 'key'>;
  marketPriceRows!: EntityTable<LocalPriceRow, 'key'>;

  constructor(name = 'akuafo-market') {
    super(name);
    this.version(1).stores({
      products: 'id, category, price, createdAt, updatedAt, version, isFeatured, region, condition',
      productDetails: 'id',
      meta: 'key',
      cart: 'productId',
      orders: 'id, orderNumber, createdAt',
      drafts: '++localId, kind, updatedAt',
      outbox: '++seq, &id, entity, status',
      session: 'key',
    });
    // The price index's mirrored rows (src/local/market-prices.ts), read by region for a list and by commodity for a detail.
    this.version(2)
      .stores({ marketPriceRows: 'key, region, id' })
      .upgrade(async (tx) => {
        // The whole answers kept before the mirror: the rows replace them.
        await tx.table('meta').filter((m: MetaEntry) => /^market-prices?:/.test(m.key) && m.key !== 'market-prices:region').delete();
      });
    // Personal data filed under the account's id, not its e-mail ('' for every phone-only account).
    this.version(3).stores({}).upgrade(fileUnderAccountId);
    // Pictures' URLs kept under "320w"... rather than 320..., which cost V8 9.6 KB a picture read back (stored-pictures.ts).
    this.version(4).stores({}).upgrade(storePicturesAgain);
    this.use(storedPictures);
  }
}

export const localDb = new AkuafoDb();

export async function getMeta<T>(key: string, db: AkuafoDb = localDb): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined;
}

export async function setMeta(key: string, value: unknown, db: AkuafoDb = localDb): Promise<void> {
  await db.meta.put({ key, value });
}
