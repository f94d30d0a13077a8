import { toMinor } from '../shared/money';
import { CART_MESSAGES, summarizeCart, type Cart, type CartItem, type CartSummary } from '../shared/schemas/cart';
import type { Product } from '../shared/schemas/catalogue';
import type { Options } from 'ky';
import type { ApiClient } from './api';
import { getMeta, localDb, setMeta, type AkuafoDb, type LocalCartItem, type OutboxEntry, type OutboxMessage } from './db';
import { requestFor } from '../shared/api/path';
import { defineOutboxKind, enqueueWith } from './outbox';
import { keepForSession, readSession, type Session } from './session';

/**
 * The cart on the phone. Every edit is an idempotent intent — "set product P to N", "remove
 * P" (set to 0), "clear" — applied to Dexie at once and queued in the outbox. All cart writes
 * share the one entity 'cart', so they reach the server in the order the user made them (a
 * clear is never overtaken by an earlier edit, nor an edit by an earlier clear). What the
 * screen shows is always: the server's last answer, with the still-queued intents on top.
 */
export const CART_ENTITY = 'cart' as const;

/** A local cart line: the Dexie row plus what the screen needs to check and total it. */
export interface CartLine extends LocalCartItem {
  category?: string;
  stockQuantity?: number;
  isActive?: boolean;
  /** The price the phone showed before the server's current one, when they differ. */
  previousPrice?: number;
  /** The listing's offer, shown beside the price as on its card. */
  oldPrice?: number | null;
  discountPercentage?: number | null;
}

export type CartErrorReason = 'signin' | 'unavailable' | 'stock';

/** Why an add or a change was refused on the phone; `message` is ready to show. */
export class CartError extends Error {
  constructor(
    readonly reason: CartErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'CartError';
  }
}

const db = (given?: AkuafoDb) => given ?? localDb;

/**
 * Adds `quantity` of a product (one more of what is already there). Needs a signed-in user:
 * throws CartError('signin') so the page can send the visitor to /signin and back.
 */
export async function addToCart(product: Product, quantity = 1, given?: AkuafoDb): Promise<CartLine> {
  const d = db(given);
  if (!(await readSession(d))) throw new CartError('signin', CART_MESSAGES.signInToAdd);
  if (!product.isActive) throw new CartError('unavailable', CART_MESSAGES.unavailable);
  if (product.stockQuantity < 1) throw new CartError('stock', CART_MESSAGES.outOfStock);
  let saved!: CartLine;
  await enqueueWith(async () => {
    const existing = (await d.cart.get(product.id)) as CartLine | undefined;
    const total = (existing?.quantity ?? 0) + Math.max(1, Math.floor(quantity));
    if (total > product.stockQuantity) throw new CartError('stock', CART_MESSAGES.onlyLeft(product.stockQuantity));
    saved = { ...existing, ...lineFromProduct(product), quantity: total, updatedAt: new Date().toISOString() };
    await d.cart.put(saved);
    return setIntent(product.id, total, { id: 'outbox.cartAdd', values: { name: product.name, n: total } });
  }, d);
  return saved;
}

/** Sets a line's quantity. Below 1 is ignored (the minus button is disabled at 1). */
export function setCartQuantity(productId: number, quantity: number, given?: AkuafoDb): Promise<void> {
  return changeQuantity(productId, () => Math.floor(quantity), given);
}

/**
 * One more (+1) or one less (-1) of a line, counted from the quantity stored when the change
 * runs, not the one on screen: two quick taps on a slow phone make two steps, not one.
 */
export function stepCartQuantity(productId: number, by: 1 | -1, given?: AkuafoDb): Promise<void> {
  return changeQuantity(productId, (current) => current + by, given);
}

async function changeQuantity(productId: number, next: (current: number) => number, given?: AkuafoDb): Promise<void> {
  const d = db(given);
  await enqueueWith(async () => {
    const line = (await d.cart.get(productId)) as CartLine | undefined;
    if (!line) return undefined;
    const n = next(line.quantity);
    if (!Number.isFinite(n) || n < 1 || line.quantity === n) return undefined;
    if (line.isActive === false) throw new CartError('unavailable', CART_MESSAGES.unavailable);
    if (line.stockQuantity !== undefined && n > line.stockQuantity) {
      throw new CartError('stock', line.stockQuantity < 1 ? CART_MESSAGES.outOfStock : CART_MESSAGES.onlyLeft(line.stockQuantity));
    }
    await d.cart.put({ ...line, quantity: n, updatedAt: new Date().toISOString() });
    return setIntent(productId, n, { id: 'outbox.cartChange', values: { name: line.name, n } });
  }, d);
}

/** Takes a product out of the cart (sent as "set to 0", which needs no server item id). */
export async function removeFromCart(productId: number, given?: AkuafoDb): Promise<void> {
  const d = db(given);
  await enqueueWith(async () => {
    const line = await d.cart.get(productId);
    if (!line) return undefined;
    await d.cart.delete(productId);
    return setIntent(productId, 0, { id: 'outbox.cartRemove', values: { name: line.name } });
  }, d);
}

/** 'Delete All Items'. */
export async function clearCart(given?: AkuafoDb): Promise<void> {
  const d = db(given);
  await enqueueWith(async () => {
    await d.cart.clear();
    return { entity: CART_ENTITY, ...requestFor('DELETE /shop/cart'), message: { id: 'outbox.cartClear' } };
  }, d);
}

/** Where the cart's intents go, as the outbox stores it. */
const CART_PATH = requestFor('DELETE /shop/cart').path;

function setIntent(productId: number, quantity: number, message: OutboxMessage) {
  return { entity: CART_ENTITY, ...requestFor('POST /shop/cart', { body: { productId, quantity } }), message };
}

function lineFromProduct(product: Product): Omit<CartLine, 'quantity' | 'updatedAt'> {
  return {
    productId: product.id,
    name: product.name,
    imageUrl: product.images[0]?.urls[320] ?? product.imagesUrls[0] ?? null,
    price: product.price,
    oldPrice: product.oldPrice,
    discountPercentage: product.discountPercentage,
    category: product.category,
    stockQuantity: product.stockQuantity,
    isActive: product.isActive,
  };
}

function lineFromServer(item: CartItem): CartLine {
  return {
    productId: item.productId,
    serverId: item.id,
    name: item.name,
    imageUrl: item.imageUrl,
    price: item.price,
    oldPrice: item.oldPrice,
    discountPercentage: item.discountPercentage,
    quantity: item.quantity,
    category: item.category,
    stockQuantity: item.stockQuantity,
    isActive: item.isActive,
    updatedAt: new Date().toISOString(),
  };
}

/**
 * The server's price is what checkout charges; when it differs from the price this phone
 * showed (a remembered copy, an offline add), the line keeps the old one so the cart can say so.
 */
function withPriceChange(line: CartLine, before: CartLine | undefined): CartLine {
  const shown = before?.previousPrice ?? before?.price;
  return shown !== undefined && shown !== line.price ? { ...line, previousPrice: shown } : line;
}

/**
 * Re-reads the server's cart and puts it in Dexie, with the intents still waiting in the
 * outbox laid on top (failed ones are left out: that is the "restore" after a refusal).
 * Does nothing for a visitor. Returns the server's cart.
 */
export async function pullServerCart(api: ApiClient, given?: AkuafoDb, init: Options = {}): Promise<Cart | undefined> {
  const d = db(given);
  const session = await readSession(d);
  if (!session) return undefined;
  const { data } = await api.call('GET /shop/cart', undefined, init);
  await adoptServerCart(data, d, session);
  return data;
}

/** Which sign-in's server cart the phone holds (its signInId): until then, the cart shown may not be the account's. */
const CART_PULLED_KEY = 'cart.pulledFor';
/** The pull each sign-in started, by database: checkout waits for it rather than say "empty". */
const signInPulls = new WeakMap<AkuafoDb, Promise<unknown>>();

/** At sign-in: the server's cart onto the phone (not awaited by sign-in: the cart follows a moment later). */
export function pullCartAtSignIn(api: ApiClient, d: AkuafoDb, init: Options): Promise<unknown> {
  const pull = pullServerCart(api, d, init).catch(() => undefined);
  signInPulls.set(d, pull);
  return pull;
}

/**
 * Before checkout reads the cart: this sign-in's server cart is on the phone. On a fresh phone
 * the pull that sign-in started may still be on its way (it is waited for), or have failed on
 * a weak network (it is made again), so an account's cart never reads "empty" at checkout.
 */
export async function ensureSignInCart(api: ApiClient, given?: AkuafoDb): Promise<void> {
  const d = db(given);
  const session = await readSession(d);
  if (!session) return;
  const pulled = async () => (await getMeta<string>(CART_PULLED_KEY, d)) === session.signInId;
  if (await pulled()) return;
  await signInPulls.get(d);
  if (!(await pulled())) await pullServerCart(api, d);
}

/**
 * The server's cart (read, or the answer to a write) in Dexie, with the still-waiting intents
 * on top; only while `asked`, whose cart it is, is still signed in.
 */
async function adoptServerCart(data: Cart, d: AkuafoDb, asked: Session): Promise<void> {
  const userId = asked.user.id;
  await keepForSession(d, asked, [d.cart, d.outbox, d.products, d.meta], async () => {
    const before = new Map(((await d.cart.toArray()) as CartLine[]).map((l) => [l.productId, l]));
    const lines = new Map(data.items.map((item) => [item.productId, withPriceChange(lineFromServer(item), before.get(item.productId))]));
    // Changes another account made on this phone are not this cart's (the outbox holds them back).
    const mine = (e: OutboxEntry) => e.status === 'pending' && [undefined, userId].includes((e as OutboxEntry & { owner?: number }).owner);
    const waiting = await d.outbox.where('entity').equals(CART_ENTITY).filter(mine).sortBy('seq');
    for (const entry of waiting) await applyIntent(lines, entry, before, d);
    await d.cart.clear();
    await d.cart.bulkPut([...lines.values()]);
    await setMeta(CART_PULLED_KEY, asked.signInId, d);
  });
}

/** Replays one queued cart intent onto a set of lines, the way the server will apply it. */
async function applyIntent(lines: Map<number, CartLine>, entry: OutboxEntry, before: Map<number, CartLine>, d: AkuafoDb) {
  if (entry.method === 'DELETE' && entry.path === CART_PATH) {
    lines.clear();
    return;
  }
  if (entry.method === 'POST' && entry.path === CART_PATH) {
    const { productId, quantity } = entry.body as { productId: number; quantity: number };
    if (quantity < 1) {
      lines.delete(productId);
      return;
    }
    const known = lines.get(productId) ?? before.get(productId) ?? (await fromMirror(productId, d));
    lines.set(productId, { ...known, productId, quantity, updatedAt: entry.createdAt } as CartLine);
  }
}

async function fromMirror(productId: number, d: AkuafoDb): Promise<Omit<CartLine, 'quantity' | 'updatedAt'>> {
  const product = await d.products.get(productId);
  if (product) return lineFromProduct(product);
  return { productId, name: `Product ${productId}`, imageUrl: null, price: 0 };
}

/** The spec's derived numbers: distinct lines (the badge), total quantity, and the summary. */
export interface CartTotals {
  distinctItems: number;
  totalItems: number;
  totalPrice: number;
  summary: CartSummary;
}

export function cartTotals(lines: CartLine[]): CartTotals {
  const summary = summarizeCart(lines.map((l) => ({ priceMinor: toMinor(l.price), quantity: l.quantity, category: l.category })));
  return { distinctItems: lines.length, totalItems: summary.itemCount, totalPrice: summary.subtotal, summary };
}

/** Lines in the order they were first added (stable while quantities change). */
export async function readCart(given?: AkuafoDb): Promise<CartLine[]> {
  const lines = (await db(given).cart.toArray()) as CartLine[];
  return lines.sort((a, b) => (a.serverId ?? Infinity) - (b.serverId ?? Infinity) || a.productId - b.productId);
}

// "Set P to n" is made moot by a later "set P to m" or by a later "clear"; a clear by a later clear.
const isClear = (e: OutboxEntry) => e.method === 'DELETE' && e.path === CART_PATH;
const setProduct = (e: OutboxEntry) => (e.method === 'POST' && e.path === CART_PATH ? (e.body as { productId: number }).productId : undefined);

export const cartKind = defineOutboxKind<typeof CART_ENTITY, { data: Cart }>({
  kind: CART_ENTITY,
  // Once the last queued cart change is through, show exactly what the server holds: every
  // cart write answers with the whole cart, so no second read.
  onSent: async ({ data }, _entry, { db: d, drained }) => {
    const session = await readSession(d);
    if (drained && session) await adoptServerCart(data, d, session);
  },
  // A refused or discarded change: put back the server's cart (with the other waiting changes).
  onRefused: async (_entry, { api, db: d }) => {
    await pullServerCart(api, d);
  },
  supersedes: (earlier, later) => {
    if (isClear(later)) return isClear(earlier) || setProduct(earlier) !== undefined;
    const product = setProduct(earlier);
    return product !== undefined && setProduct(later) === product;
  },
});
