import { deriveOffer, offerColumns } from '../../../shared/discount';
import { createHash } from 'node:crypto';
import { toMinor } from '../../../shared/money';
import { nextCatalogueVersion } from './catalogue-versions';
import { hashPassword } from '../auth/passwords';
import { storeTrustedImage, type StoredImage } from '../images';
import { renderProductArt } from '../../../shared/product-art';
import type { Logger } from '../logging';
import type { Storage } from '../storage';
import { now, type Db } from './index';
import { SEED_PRODUCTS, SEED_REVIEWS, SEED_WAREHOUSES } from './seed-data';
import { SEED_COMMODITIES } from './seed-market';
import type { GhanaRegion } from '../../../shared/catalogue';
import type { BusinessType } from '../../../shared/schemas/sellers';
import type { UserType } from '../../../shared/schemas/accounts';

/** Demo accounts, also listed in the README. */
export const DEMO_ACCOUNTS = {
  customer: { email: 'buyer@akuafo.demo', password: 'Akuafo#2026', firstName: 'Abena', lastName: 'Mensah' },
  seller: { email: 'seller@akuafo.demo', password: 'Akuafo#2026', firstName: 'Kwame', lastName: 'Owusu' },
} as const;

const EXTRA_SELLERS = {
  kofi: { email: 'kofi.farms@akuafo.demo', firstName: 'Kofi', lastName: 'Boateng', business: 'Boateng Family Farms', region: 'Bono East' },
  ama: { email: 'ama.agro@akuafo.demo', firstName: 'Ama', lastName: 'Asante', business: 'Asante Agro Inputs', region: 'Ashanti' },
} as const;

/** Where each demo seller brings their goods (docs/transport.md); Accra Hub is the first warehouse listed. */
export const DEMO_DROPOFFS: Record<string, string> = { demo: 'Accra Hub', kofi: 'Tamale Depot', ama: 'Kumasi Hub' };

/** A demo warehouse's staff account (issue 40): its town in lower case without spaces, staff.capecoast@akuafo.demo. */
const demoStaffEmail = (town: string) => `staff.${town.toLowerCase().replace(/\s+/g, '')}@akuafo.demo`;

/** The demo's verified transporter (issue 40): a truck from the north. */
const DEMO_TRANSPORTER = {
  email: 'transporter@akuafo.demo', firstName: 'Yaw', lastName: 'Mensah',
  vehicleType: 'TRUCK', capacityKg: 5000, plateNumber: 'NR-2026-24', ghanaCard: 'GHA-000000024-6', region: 'Northern', payoutNetwork: 'MTN', payoutNumber: '0244202624',
} as const;

/** The demo seller's Ghana Card: the right shape (shared/ghana-card.ts), nobody's real number. */
export const DEMO_SELLER_GHANA_CARD = 'GHA-000000000-0';

/** Fills an empty database with a realistic Ghanaian catalogue. Does nothing if products exist. */
export async function seedDemo(db: Db, storage: Storage, logger: Logger): Promise<boolean> {
  const existing = await db.selectFrom('products').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const started = Date.now();
  const passwordHash = await hashPassword(DEMO_ACCOUNTS.customer.password);
  const at = now();

  const images = await renderSeedImages(storage);
  await db.transaction().execute(async (trx) => {
    const insertUser = (u: { email: string; firstName: string; lastName: string }, userType: UserType) => insertDemoUser(trx, u, userType, passwordHash);

    const customer = await insertUser(DEMO_ACCOUNTS.customer, 'CUSTOMER');
    await trx
      .insertInto('customer_addresses')
      .values({ user_id: customer.id, street: '12 Liberation Road', city: 'Accra', region: 'Greater Accra', postal_code: 'GA-123-4567', country: 'Ghana', is_default: 1, created_at: at })
      .execute();

    const sellerIds: Record<string, number> = {};
    const sellers = {
      // Waiting for verification with a Ghana Card on record, so the operator's Verify works on the demo (issue 37).
      demo: { ...DEMO_ACCOUNTS.seller, business: 'Owusu Harvest Co-operative', region: 'Ashanti' as const, ghanaCard: DEMO_SELLER_GHANA_CARD },
      ...EXTRA_SELLERS,
    };
    for (const [handle, s] of Object.entries(sellers)) {
      sellerIds[handle] = await insertDemoSeller(trx, { ...s, businessType: 'FARM', verified: handle !== 'demo' }, passwordHash);
    }

    const warehouseIds = new Map<string, number>();
    for (const w of SEED_WAREHOUSES) {
      const { id } = await trx
        .insertInto('warehouses')
        .values({ name: w.name, address: w.address, region: w.region, town: w.town, latitude: w.latitude, longitude: w.longitude, is_active: 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      warehouseIds.set(w.name, id);
    }
    // One staff account per warehouse and the verified transporter, so a fresh start shows a load from end to end (issue 40).
    for (const w of SEED_WAREHOUSES) {
      const staff = await insertUser({ email: demoStaffEmail(w.town), firstName: 'Staff', lastName: w.town }, 'WAREHOUSE');
      await trx.updateTable('users').set({ warehouse_id: warehouseIds.get(w.name)! }).where('id', '=', staff.id).execute();
    }
    const t = DEMO_TRANSPORTER;
    const transporter = await insertUser(t, 'TRANSPORTER');
    await trx
      .insertInto('transporter_profiles')
      .values({ user_id: transporter.id, vehicle_type: t.vehicleType, capacity_kg: t.capacityKg, plate_number: t.plateNumber, ghana_card_number: t.ghanaCard, region: t.region, payout_network: t.payoutNetwork, payout_number: t.payoutNumber, status: 'VERIFIED', verified_at: at, rejection_reason: null, created_at: at, updated_at: at })
      .execute();
    // Each demo seller's drop-off warehouse (issue 40): Kofi's goods travel from Tamale, Ama's from Kumasi.
    for (const [handle, warehouse] of Object.entries(DEMO_DROPOFFS)) {
      await trx.updateTable('seller_profiles').set({ dropoff_warehouse_id: warehouseIds.get(warehouse)! }).where('user_id', '=', sellerIds[handle]!).execute();
    }

    const productIds = new Map<string, number>();
    for (const [index, p] of SEED_PRODUCTS.entries()) {
      const created = new Date(Date.now() - p.daysAgo * 86_400_000 - index * 60_000).toISOString();
      const priceBefore = p.oldPrice ?? p.discountFrom;
      const { id } = await trx
        .insertInto('products')
        .values({
          seller_id: sellerIds[p.seller],
          name: p.name,
          description: p.description,
          price_minor: toMinor(p.price),
          category: p.category,
          condition: p.condition,
          region: p.region,
          stock_quantity: p.stock,
          is_active: 1,
          is_featured: p.featured ? 1 : 0,
          // Both figures of an offer, one derived from the other (never two that disagree).
          ...offerColumns(deriveOffer(toMinor(p.price), { oldPriceMinor: priceBefore === undefined ? null : toMinor(priceBefore) })),
          is_weekly_special: p.oldPrice !== undefined ? 1 : 0,
          commodity_id: SEED_COMMODITIES[p.name] ?? null,
          version: await nextCatalogueVersion(trx),
          created_at: created,
          updated_at: created,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      productIds.set(p.name, id);
      for (const [position, image] of (images.get(index) ?? []).entries()) {
        await trx
          .insertInto('product_images')
          .values({ product_id: id, position, storage_key: image.key, width: image.width, height: image.height })
          .execute();
      }
    }

    // Reviews need distinct reviewers (one review per product and user).
    const reviewers: number[] = [];
    const names = [['Yaw', 'Darko'], ['Efua', 'Quaye'], ['Kojo', 'Appiah'], ['Akosua', 'Frimpong'], ['Kwabena', 'Osei']];
    for (const [i, [firstName, lastName]] of names.entries()) {
      const { id } = await insertUser({ email: `reviewer${i + 1}@akuafo.demo`, firstName, lastName }, 'CUSTOMER');
      reviewers.push(id);
    }
    const reviewsPerProduct = new Map<number, number>();
    for (const r of SEED_REVIEWS) {
      const productId = productIds.get(r.product);
      if (!productId) continue;
      const n = reviewsPerProduct.get(productId) ?? 0;
      if (n >= reviewers.length) continue;
      reviewsPerProduct.set(productId, n + 1);
      await trx
        .insertInto('reviews')
        .values({
          product_id: productId,
          user_id: reviewers[n],
          rating: r.rating,
          comment: r.comment,
          created_at: new Date(Date.now() - r.daysAgo * 86_400_000).toISOString(),
        })
        .execute();
    }
  });
  logger.info({ products: SEED_PRODUCTS.length, ms: Date.now() - started }, 'seeded demo catalogue');
  return true;
}

/** A demo account (every one has the demo password, hashed once by the caller). */
export async function insertDemoUser(trx: Db, u: { email: string; firstName: string; lastName: string }, userType: UserType, passwordHash: string): Promise<{ id: number }> {
  const at = now();
  return trx
    .insertInto('users')
    .values({
      email: u.email,
      password_hash: passwordHash,
      first_name: u.firstName,
      last_name: u.lastName,
      phone: '0241234567',
      user_type: userType,
      profile_image: null,
      is_email_verified: 1,
      password_changed_at: null,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export interface DemoSeller {
  email: string;
  firstName: string;
  lastName: string;
  business: string;
  region: GhanaRegion;
  businessType: BusinessType;
  /** Defaults to "<business> supplies buyers across Ghana." */
  description?: string;
  verified: boolean;
  /** The Ghana Card on record, which the operator's Verify needs (none by default). */
  ghanaCard?: string;
}

/** A demo seller's account and profile; returns the user id. */
export async function insertDemoSeller(trx: Db, s: DemoSeller, passwordHash: string): Promise<number> {
  const at = now();
  const { id } = await insertDemoUser(trx, s, 'SELLER', passwordHash);
  await trx
    .insertInto('seller_profiles')
    .values({
      user_id: id,
      business_name: s.business,
      business_description: s.description ?? `${s.business} supplies buyers across Ghana.`,
      business_type: s.businessType,
      business_address: `${s.region} Region`,
      business_region: s.region,
      ghana_card_number: s.ghanaCard ?? null,
      // A mobile-money payout account set up a month ago (past the 24-hour hold), so a fresh
      // start can show a payout (docs/money.md).
      bank_account_name: s.business,
      bank_account_number: '0241234567',
      payout_type: 'MOBILE_MONEY',
      payout_network: 'MTN',
      payout_account_changed_at: new Date(Date.now() - 30 * 86_400_000).toISOString(),
      verification_status: s.verified ? 'VERIFIED' : 'PENDING',
      commission_rate_bp: 500,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return id;
}

/** Renders each product's artwork to WebP, a few at a time (sharp works off the main thread). */
async function renderSeedImages(storage: Storage): Promise<Map<number, StoredImage[]>> {
  const jobs = SEED_PRODUCTS.flatMap((product, index) =>
    Array.from({ length: product.images }, (_, variant) => ({ index, variant, category: product.category, name: product.name })),
  );
  const results = new Map<number, StoredImage[]>();
  const queue = [...jobs];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const { index, variant, category, name } = job;
      // The key names the artwork, so the same picture is never encoded twice.
      const key = `products/${createHash('sha256').update(`art-v2:${category}:${name}:${index}:${variant}`).digest('hex').slice(0, 24)}`;
      const stored = await storeTrustedImage(storage, key, () => Buffer.from(renderProductArt(category, index, variant, name)));
      const list = results.get(index) ?? [];
      list[variant] = stored;
      results.set(index, list);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return results;
}
