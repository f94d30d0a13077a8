import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { GHANA_REGIONS } from '../../../shared/catalogue';
import { deriveOffer } from '../../../shared/discount';
import { toMinor } from '../../../shared/money';
import { renderProductArt } from '../../../shared/product-art';
import { storeTrustedImage, type StoredImage } from '../images';
import type { Storage } from '../storage';
import { now, type DatabaseHandle } from './index';
import { SEED_PRODUCTS } from './seed-data';

/**
 * A national catalogue at scale (`npm run catalogue:generate -- <count>`, the benches, the
 * search tests): `count` live listings made from the demo's 84 real ones, each varied in
 * grade, region, seller, price and stock, with an approved submission each (so sellers
 * manage them as they would their own) and a few pending ones in the operator's queue.
 * Deterministic: the same count gives the same catalogue.
 */
const GRADES = ['', 'Fresh ', 'Organic ', 'Premium ', 'Grade A ', 'Farm-gate ', 'Bulk ', 'Dry-season ', 'Local ', 'Certified '];
const CONDITION_OF: Record<string, string> = { 'Organic ': 'organic', 'Premium ': 'premium', 'Grade A ': 'premium' };
const TOWNS = ['Techiman', 'Kintampo', 'Ejura', 'Wenchi', 'Nkawkaw', 'Tamale', 'Bolgatanga', 'Wa', 'Ho', 'Hohoe', 'Cape Coast', 'Kasoa', 'Koforidua', 'Sunyani', 'Goaso', 'Sefwi Wiawso', 'Damongo', 'Nalerigu', 'Dambai', 'Kumasi', 'Takoradi', 'Tema', 'Akim Oda', 'Bawku', 'Yendi'];
const FIRST_NAMES = ['Kwame', 'Ama', 'Kofi', 'Akosua', 'Yaw', 'Abena', 'Kwabena', 'Efua', 'Kojo', 'Adwoa', 'Kwesi', 'Esi', 'Fiifi', 'Afia', 'Mohammed', 'Fatima', 'Ibrahim', 'Amina', 'Selorm', 'Dzifa'];
const LAST_NAMES = ['Mensah', 'Owusu', 'Boateng', 'Asante', 'Osei', 'Agyemang', 'Darko', 'Quaye', 'Appiah', 'Frimpong', 'Adjei', 'Yakubu', 'Abdulai', 'Amoah', 'Tetteh', 'Kpodo', 'Nyarko', 'Bawa'];
const BUSINESS = ['Farms', 'Agro Ventures', 'Family Farms', 'Co-operative', 'Produce Traders', 'Agro Inputs', 'Livestock Ranch', 'Growers Association'];

/** Listings per seller on average; the spread is skewed, so a few sellers hold thousands. */
const LISTINGS_PER_SELLER = 200;
const BATCH = { sqlite: 500, postgres: 5000 } as const;

export interface GeneratedCatalogue {
  products: number;
  sellers: number;
  pending: number;
  /** The seller holding the most listings (item 4 of issue 25 pages them). */
  busiestSeller: { id: number; listings: number };
  ms: number;
}

/** A small fast PRNG, so a count always gives the same catalogue. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export async function generateCatalogue(handle: Pick<DatabaseHandle, 'db' | 'dialect'>, storage: Storage, count: number, onProgress?: (done: number) => void): Promise<GeneratedCatalogue> {
  const started = Date.now();
  const { db, dialect } = handle;
  const rnd = random(count);
  const pick = <T,>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];
  const at = now();
  const pictures = await storePictures(storage);

  const sellerCount = Math.max(3, Math.ceil(count / LISTINGS_PER_SELLER));
  const firstUser = await nextId(handle, 'users');
  const users = [];
  const profiles = [];
  for (let s = 0; s < sellerCount; s++) {
    const id = firstUser + s;
    const [first, last] = [FIRST_NAMES[s % FIRST_NAMES.length], LAST_NAMES[Math.floor(s / FIRST_NAMES.length) % LAST_NAMES.length]];
    const region = GHANA_REGIONS[s % 16];
    users.push({ id, email: `seller${id}@generated.akuafo.test`, password_hash: '!generated', first_name: first, last_name: last, phone: null, user_type: 'SELLER', profile_image: null, is_email_verified: 1, password_changed_at: null, created_at: at, updated_at: at });
    profiles.push({ user_id: id, business_name: `${last} ${BUSINESS[s % BUSINESS.length]}`, business_description: `Supplies buyers across ${region} and beyond.`, business_type: 'FARM', business_address: `${pick(TOWNS)}, ${region}`, business_region: region, ghana_card_number: null, bank_account_name: null, bank_account_number: null, verification_status: s % 10 === 9 ? 'PENDING' : 'VERIFIED', commission_rate_bp: 500, created_at: at, updated_at: at });
  }
  await insertBatches(handle, 'users', users);
  await insertBatches(handle, 'seller_profiles', profiles);

  // Listings take the next catalogue versions, as if each had been listed in turn.
  const firstVersion = Number((await db.selectFrom('counters').select('value').where('name', '=', 'catalogue').executeTakeFirstOrThrow()).value) + 1;
  const firstProduct = await nextId(handle, 'products');
  const firstSubmission = await nextId(handle, 'product_submissions');
  const perSeller = new Map<number, number>();
  const pending = Math.floor(count / 100);
  const batch = BATCH[dialect];
  const yearMs = 365 * 86_400_000;
  const startMs = Date.now();
  const ginIndexes = dialect === 'postgres' && (await listingCount(handle)) < count ? await dropGinIndexes(handle) : [];
  try {
    for (let from = 0; from < count; from += batch) {
      const products: (Record<string, string | number | null> & { id: number })[] = [];
      const images: { product_id: number; position: number; storage_key: string; width: number; height: number }[] = [];
      const submissions: Record<string, string | number | null>[] = [];
      for (let n = from; n < Math.min(count, from + batch); n++) {
        const template = SEED_PRODUCTS[n % SEED_PRODUCTS.length];
        // Skewed: u² puts many listings with the first sellers (a big co-operative lists thousands).
        const seller = firstUser + Math.min(sellerCount - 1, Math.floor(sellerCount * rnd() ** 2));
        perSeller.set(seller, (perSeller.get(seller) ?? 0) + 1);
        const grade = pick(GRADES);
        const region = rnd() < 0.3 ? template.region : pick(GHANA_REGIONS);
        const town = pick(TOWNS);
        // Prices spread around the real listing's (0.5x to 2x, log-normal-ish), to 50 pesewas.
        const factor = Math.exp((rnd() + rnd() + rnd() - 1.5) * 0.9);
        const price = Math.max(100, Math.round((toMinor(template.price) * factor) / 50) * 50);
        // Stock: mostly a few dozen, some sold out, a few big lots.
        const r = rnd();
        const stock = r < 0.04 ? 0 : r < 0.9 ? 1 + Math.floor(rnd() * 60) : 60 + Math.floor(rnd() ** 2 * 5000);
        const created = new Date(startMs - Math.floor(rnd() * yearMs)).toISOString();
        const offerRoll = rnd();
        const offer = offerRoll < 0.04 ? deriveOffer(price, { discountPercentage: 5 + Math.floor(rnd() * 30) }) : offerRoll < 0.05 ? deriveOffer(price, { oldPriceMinor: Math.round(price * 1.2) }) : { discountPercentage: null, oldPriceMinor: null };
        const id = firstProduct + n;
        const name = `${grade}${template.name}`.slice(0, 120);
        const description = `${template.description} From ${town}, ${region} Region.`;
        const condition = CONDITION_OF[grade] ?? template.condition;
        products.push({
          id, seller_id: seller, name, description, price_minor: price, category: template.category, condition, region, stock_quantity: stock,
          is_active: rnd() < 0.02 ? 0 : 1, is_featured: rnd() < 0.005 ? 1 : 0,
          discount_percentage: offer.discountPercentage, old_price_minor: offer.oldPriceMinor, is_weekly_special: offerRoll >= 0.04 && offerRoll < 0.05 ? 1 : 0,
          version: firstVersion + n, created_at: created, updated_at: created,
        });
        const picture = pictures[(n % SEED_PRODUCTS.length) % pictures.length];
        images.push({ product_id: id, position: 0, storage_key: picture.key, width: picture.width, height: picture.height });
        const waiting = n < pending;
        submissions.push({
          id: firstSubmission + n, seller_id: seller, name, description, category: template.category, price_minor: price, currency: 'GHS', stock_quantity: stock,
          status: waiting ? 'PENDING' : 'APPROVED', review_note: null, product_id: waiting ? null : id, condition, region, changes_pending: 0, created_at: created, updated_at: created,
        });
      }
      // A pending submission has no live product: those rows become listings only when approved.
      const live = products.filter((p) => p.id - firstProduct >= pending);
      await db.transaction().execute(async (trx) => {
        const inTrx = { ...handle, db: trx };
        // PostgreSQL: the search terms of the batch at once (migration 024), not row by row.
        if (dialect === 'postgres') await sql`set local akuafo.terms_later = 'on'`.execute(trx);
        await insertBatches(inTrx, 'products', live);
        if (dialect === 'postgres') await sql`select add_product_terms(${live.map((p) => p.id)}::int[])`.execute(trx);
        await insertBatches(inTrx, 'product_images', images.filter((i) => i.product_id - firstProduct >= pending));
        await insertBatches(inTrx, 'product_submissions', submissions);
      });
      onProgress?.(Math.min(count, from + batch));
    }
    if (ginIndexes.length > 0) await searchTermsInNameOrder(handle);
  } finally {
    // Also when a batch fails: the listings already written stay searchable.
    await rebuildIndexes(handle, ginIndexes);
  }
  await db.updateTable('counters').set({ value: firstVersion + count - 1 }).where('name', '=', 'catalogue').execute();
  if (dialect === 'postgres') {
    // Explicit ids leave the serial sequences behind; move them past the new rows.
    for (const table of ['users', 'products', 'product_submissions', 'product_images']) {
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(db);
    }
    await sql`analyze`.execute(db);
  } else {
    await sql`analyze`.execute(db);
  }
  const [busiest, listings] = [...perSeller].reduce((a, b) => (b[1] > a[1] ? b : a));
  return { products: count - pending, sellers: sellerCount, pending, busiestSeller: { id: busiest, listings }, ms: Date.now() - started };
}

const listingCount = async ({ db }: Pick<DatabaseHandle, 'db'>) => Number((await db.selectFrom('products').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

/**
 * A bulk load on PostgreSQL (more new listings than there are): the schema's GIN indexes
 * (search's, over the listings and what their triggers keep beside them) are dropped first
 * and built once after the rows: 300,000 listings took 54 s against 117 s with the index kept
 * current row by row (docs/performance.md). Only the generator does this, to a catalogue it
 * is filling; the definitions come from the catalogue itself, so an index a later migration
 * adds is rebuilt too. Returns the statements that make them again.
 */
async function dropGinIndexes({ db }: Pick<DatabaseHandle, 'db'>): Promise<string[]> {
  const found = await sql<{ name: string; definition: string }>`select indexname as name, indexdef as definition from pg_indexes where schemaname = current_schema() and indexdef like '% USING gin %'`.execute(db);
  for (const { name } of found.rows) await sql`drop index ${sql.ref(name)}`.execute(db);
  return found.rows.map((r) => r.definition);
}

/**
 * After a bulk load, product_terms (migration 024) rewritten in name order, as the migration
 * writes it: listings of one name share most of their words, so a search's matches lie on a
 * few pages (plantain kg's first 10,001 matches: 364 pages, against 9,368 in id order).
 */
async function searchTermsInNameOrder({ db }: Pick<DatabaseHandle, 'db'>): Promise<void> {
  await sql`create index product_terms_name_order on product_terms (name_key, id)`.execute(db);
  await sql`cluster product_terms using product_terms_name_order`.execute(db);
  await sql`drop index product_terms_name_order`.execute(db);
}

async function rebuildIndexes({ db }: Pick<DatabaseHandle, 'db'>, definitions: string[]): Promise<void> {
  for (const definition of definitions) {
    await db.transaction().execute(async (trx) => {
      // An index build sorts its entries in memory up to this, then on disk.
      await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
      await sql.raw(definition).execute(trx);
    });
  }
}

async function nextId(handle: Pick<DatabaseHandle, 'db' | 'dialect'>, table: 'users' | 'products' | 'product_submissions'): Promise<number> {
  const row = await handle.db.selectFrom(table).select(sql<number>`coalesce(max(id), 0)`.as('max')).executeTakeFirstOrThrow();
  return Number(row.max) + 1;
}

const INTEGER_COLUMNS = new Set(['id', 'user_id', 'seller_id', 'product_id', 'price_minor', 'stock_quantity', 'is_active', 'is_featured', 'discount_percentage', 'old_price_minor', 'is_weekly_special', 'version', 'position', 'width', 'height', 'is_email_verified', 'commission_rate_bp', 'changes_pending']);

/**
 * Many rows in few statements: on PostgreSQL one INSERT … SELECT FROM unnest() per batch (one
 * parameter per column, however many rows), on SQLite multi-row VALUES under its 32,766
 * parameter limit.
 */
async function insertBatches(handle: Pick<DatabaseHandle, 'db' | 'dialect'>, table: string, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  if (handle.dialect === 'postgres') {
    const arrays = columns.map((c) => {
      const values = rows.map((r) => r[c]);
      const type = INTEGER_COLUMNS.has(c) ? 'int[]' : 'text[]';
      return sql`${values}::${sql.raw(type)}`;
    });
    await sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) select * from unnest(${sql.join(arrays)})`.execute(handle.db);
    return;
  }
  const perStatement = Math.floor(30_000 / columns.length);
  for (let i = 0; i < rows.length; i += perStatement) {
    await handle.db.insertInto(table as 'products').values(rows.slice(i, i + perStatement) as never).execute();
  }
}

/** One stored picture per category's first few listings, reused across the catalogue. */
async function storePictures(storage: Storage): Promise<StoredImage[]> {
  const pictures: StoredImage[] = [];
  for (const [index, product] of SEED_PRODUCTS.slice(0, 24).entries()) {
    const key = `products/${createHash('sha256').update(`art-v1:${product.category}:${index}:0`).digest('hex').slice(0, 24)}`;
    pictures.push(await storeTrustedImage(storage, key, () => Buffer.from(renderProductArt(product.category, index, 0))));
  }
  return pictures;
}
