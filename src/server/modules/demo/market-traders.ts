import type { Category, GhanaRegion } from '../../../shared/catalogue';
import { deriveOffer, offerColumns } from '../../../shared/discount';
import { toMinor } from '../../../shared/money';
import { hashPassword } from '../../platform/auth/passwords';
import type { Db } from '../../platform/db';
import { nextCatalogueVersion } from '../../platform/db/catalogue-versions';
import { DEMO_ACCOUNTS, insertDemoSeller, type DemoSeller } from '../../platform/db/seed';

export interface TraderListing {
  commodity: string;
  name: string;
  description: string;
  category: Category;
  /** Where the produce is, which is the region its sales count in (it may not be the trader's own). */
  region: GhanaRegion;
  /** Cedis. */
  price: number;
  stock: number;
}

export interface MarketTrader extends Omit<DemoSeller, 'verified' | 'description'> {
  description: string;
  listings: TraderListing[];
}

/**
 * The other farmers and traders of the demo's markets, who come with its trade story: the price
 * index publishes a week's paid price only where at least 3 sellers sold (MIN_SELLERS), and the
 * three demo sellers alone never make three in one region. With them, the main crops have three
 * or more sellers in two or three regions each (maize in Bono East, Northern and Ashanti; yam in
 * Bono East and Volta; rice, cassava, tomatoes, plantain, groundnuts), and the country as a
 * whole; the other commodities stay thin and honestly show asking prices only.
 */
export const MARKET_TRADERS: MarketTrader[] = [
  {
    email: 'yeboah.grains@akuafo.demo', firstName: 'Kwadwo', lastName: 'Yeboah', business: 'Yeboah & Sons Grains', region: 'Bono East', businessType: 'DISTRIBUTION',
    description: 'Grain and yam wholesalers at Techiman market since 1998, buying from farms around Tuobodom and Tanoso.',
    listings: [
      { commodity: 'maize-50kg', name: 'Techiman White Maize (50 kg bag)', category: 'Grains', region: 'Bono East', price: 410, stock: 90, description: 'White maize from farms around Techiman, dried and bagged at our store by Techiman market.' },
      { commodity: 'yam-tuber', name: 'Pona Yam from Tuobodom (tuber)', category: 'Tubers', region: 'Bono East', price: 28, stock: 250, description: 'Fresh pona yam from Tuobodom farms, medium tubers, sorted by size.' },
    ],
  },
  {
    email: 'donkor.farms@akuafo.demo', firstName: 'Akua', lastName: 'Donkor', business: 'Donkor Farms, Kintampo', region: 'Bono East', businessType: 'FARM',
    description: 'A family farm near Kintampo growing maize and yam on 30 acres.',
    listings: [
      { commodity: 'maize-50kg', name: 'Kintampo Maize (50 kg bag)', category: 'Grains', region: 'Bono East', price: 435, stock: 60, description: 'This season\'s maize from our Kintampo farm, sun-dried and hand-sorted.' },
      { commodity: 'yam-tuber', name: 'Kintampo Yam (medium tuber)', category: 'Tubers', region: 'Bono East', price: 32, stock: 180, description: 'Yam from our own farm, harvested this month; medium tubers.' },
    ],
  },
  {
    email: 'iddrisu.wholesale@akuafo.demo', firstName: 'Abdul-Rahman', lastName: 'Iddrisu', business: 'Iddrisu Grains Wholesale', region: 'Northern', businessType: 'DISTRIBUTION',
    description: 'Grain and groundnut wholesalers at Aboabo market, Tamale, supplying traders in the south.',
    listings: [
      { commodity: 'maize-50kg', name: 'Tamale Yellow Maize (50 kg bag)', category: 'Grains', region: 'Northern', price: 445, stock: 120, description: 'Yellow maize bought from farms around Tamale, cleaned and rebagged in 50 kg bags.' },
      { commodity: 'rice-25kg', name: 'Tamale Parboiled Rice (25 kg bag)', category: 'Grains', region: 'Northern', price: 520, stock: 50, description: 'Parboiled local rice from Tamale processors, stone-free, in 25 kg bags.' },
      { commodity: 'groundnuts-olonka', name: 'Northern Groundnuts (olonka)', category: 'Grains', region: 'Northern', price: 70, stock: 80, description: 'Shelled groundnuts from farms around Tamale, sold by the olonka.' },
    ],
  },
  {
    email: 'tiyumba.women@akuafo.demo', firstName: 'Memunatu', lastName: 'Alhassan', business: "Tiyumba Women's Farmers Group", region: 'Northern', businessType: 'PROCESSING',
    description: 'Forty women in Tolon who grow, parboil and sell rice, maize and groundnuts together.',
    listings: [
      { commodity: 'rice-25kg', name: "Tiyumba Women's Parboiled Rice (25 kg bag)", category: 'Grains', region: 'Northern', price: 500, stock: 40, description: 'Rice our members grow and parboil in Tolon, winnowed clean.' },
      { commodity: 'groundnuts-olonka', name: 'Tolon Groundnuts (olonka)', category: 'Grains', region: 'Northern', price: 72, stock: 60, description: 'Shelled groundnuts from our members\' farms.' },
      { commodity: 'maize-50kg', name: 'Tolon White Maize (50 kg bag)', category: 'Grains', region: 'Northern', price: 430, stock: 50, description: 'White maize from our members\' farms in Tolon.' },
    ],
  },
  {
    email: 'mahama.agro@akuafo.demo', firstName: 'Fuseini', lastName: 'Mahama', business: 'Mahama Agro Ventures', region: 'Northern', businessType: 'FARM',
    description: 'Rice and groundnut farm at Savelugu, with our own parboiling shed.',
    listings: [
      { commodity: 'rice-25kg', name: 'Savelugu Parboiled Rice (25 kg bag)', category: 'Grains', region: 'Northern', price: 510, stock: 45, description: 'Parboiled rice from our Savelugu farm, in 25 kg bags.' },
      { commodity: 'groundnuts-olonka', name: 'Savelugu Groundnuts (olonka)', category: 'Grains', region: 'Northern', price: 68, stock: 70, description: 'Groundnuts from this season\'s harvest, shelled.' },
    ],
  },
  {
    email: 'ayamga.tomatoes@akuafo.demo', firstName: 'Azure', lastName: 'Ayamga', business: 'Ayamga Tomato Growers, Vea', region: 'Upper East', businessType: 'FARM',
    description: 'Irrigated tomato and rice farms below the Vea dam, near Bolgatanga.',
    listings: [
      { commodity: 'tomatoes-crate', name: 'Vea Tomatoes (crate)', category: 'Vegetables', region: 'Upper East', price: 1150, stock: 15, description: 'Firm tomatoes from the Vea irrigation scheme, packed in wooden crates.' },
      { commodity: 'rice-5kg', name: 'Vea Brown Rice (5 kg bag)', category: 'Grains', region: 'Upper East', price: 90, stock: 60, description: 'Local brown rice grown under the Vea dam, in 5 kg bags.' },
    ],
  },
  {
    email: 'navrongo.rice@akuafo.demo', firstName: 'Comfort', lastName: 'Atanga', business: 'Navrongo Rice Processors', region: 'Upper East', businessType: 'PROCESSING',
    description: 'We buy paddy from Tono farmers and mill it in Navrongo; tomatoes in season.',
    listings: [
      { commodity: 'rice-5kg', name: 'Tono Milled Rice (5 kg bag)', category: 'Grains', region: 'Upper East', price: 98, stock: 70, description: 'Rice from the Tono irrigation scheme, milled and bagged in Navrongo.' },
      { commodity: 'tomatoes-crate', name: 'Tono Tomatoes (crate)', category: 'Vegetables', region: 'Upper East', price: 1250, stock: 10, description: 'Tomatoes from Tono farms, picked firm for the journey south.' },
    ],
  },
  {
    email: 'agbeko.farms@akuafo.demo', firstName: 'Selorm', lastName: 'Agbeko', business: 'Agbeko Farms, Hohoe', region: 'Volta', businessType: 'FARM',
    description: 'Rice and yam farm in the Hohoe valley.',
    listings: [
      { commodity: 'rice-25kg', name: 'Hohoe Perfume Rice (25 kg bag)', category: 'Grains', region: 'Volta', price: 530, stock: 35, description: 'Aromatic local rice from the Hohoe valley, parboiled and bagged.' },
      { commodity: 'yam-tuber', name: 'Hohoe Yam (tuber)', category: 'Tubers', region: 'Volta', price: 27, stock: 120, description: 'Yam from our Hohoe farm, medium to large tubers.' },
    ],
  },
  {
    email: 'kpodo.foodstuffs@akuafo.demo', firstName: 'Mawuli', lastName: 'Kpodo', business: 'Kpodo Foodstuffs, Ho', region: 'Volta', businessType: 'DISTRIBUTION',
    description: 'Foodstuff wholesalers at Ho central market.',
    listings: [
      { commodity: 'rice-25kg', name: 'Volta Local Rice (25 kg bag)', category: 'Grains', region: 'Volta', price: 555, stock: 30, description: 'Local rice from Volta farms, cleaned and bagged at our Ho store.' },
      { commodity: 'yam-tuber', name: 'Volta White Yam (tuber)', category: 'Tubers', region: 'Volta', price: 26, stock: 150, description: 'White yam from farms around Ho and Kpando.' },
    ],
  },
  {
    email: 'quansah.cassava@akuafo.demo', firstName: 'Ekow', lastName: 'Quansah', business: 'Quansah Cassava Farms', region: 'Central', businessType: 'FARM',
    description: 'Cassava farm at Assin Fosu, supplying gari processors.',
    listings: [
      { commodity: 'cassava-maxi-bag', name: 'Assin Fosu Cassava (maxi bag)', category: 'Tubers', region: 'Central', price: 240, stock: 25, description: 'Fresh cassava roots, harvested to order, in maxi bags.' },
    ],
  },
  {
    email: 'arthur.gari@akuafo.demo', firstName: 'Esi', lastName: 'Arthur', business: 'Arthur Gari & Cassava', region: 'Central', businessType: 'PROCESSING',
    description: 'Gari processors at Twifo Praso who also sell fresh cassava.',
    listings: [
      { commodity: 'cassava-maxi-bag', name: 'Twifo Praso Cassava (maxi bag)', category: 'Tubers', region: 'Central', price: 260, stock: 20, description: 'Fresh cassava from Twifo Praso farms, dug the day before pickup.' },
    ],
  },
  {
    email: 'agyeman.plantain@akuafo.demo', firstName: 'Afua', lastName: 'Agyeman', business: 'Agyeman Plantain Farms', region: 'Ashanti', businessType: 'FARM',
    description: 'Plantain, cassava and maize farm at Ejisu, near Kumasi.',
    listings: [
      { commodity: 'plantain-bunch', name: 'Ejisu Apantu Plantain (bunch)', category: 'Fruits', region: 'Ashanti', price: 85, stock: 60, description: 'Plantain bunches from our Ejisu farm, cut green.' },
      { commodity: 'cassava-maxi-bag', name: 'Ejisu Cassava (maxi bag)', category: 'Tubers', region: 'Ashanti', price: 230, stock: 20, description: 'Fresh cassava from our Ejisu farm.' },
      { commodity: 'tomatoes-crate', name: 'Ejisu Tomatoes (crate)', category: 'Vegetables', region: 'Ashanti', price: 1300, stock: 8, description: 'Tomatoes from our Ejisu farm, packed in crates.' },
      { commodity: 'maize-50kg', name: 'Ejisu Maize (50 kg bag)', category: 'Grains', region: 'Ashanti', price: 450, stock: 30, description: 'White maize from our Ejisu farm, dried and bagged.' },
    ],
  },
  {
    email: 'sarpong.wholesale@akuafo.demo', firstName: 'Kwaku', lastName: 'Sarpong', business: 'Sarpong Foodstuff Wholesale', region: 'Ashanti', businessType: 'DISTRIBUTION',
    description: 'Wholesalers at Kumasi Central Market, with buyers in Goaso and Ejura.',
    listings: [
      { commodity: 'plantain-bunch', name: 'Kumasi Market Plantain (bunch)', category: 'Fruits', region: 'Ashanti', price: 90, stock: 80, description: 'Plantain bunches at our Kumasi Central Market stall.' },
      { commodity: 'plantain-bunch', name: 'Goaso Plantain (large bunch)', category: 'Fruits', region: 'Ahafo', price: 100, stock: 60, description: 'Large plantain bunches bought in Goaso, loaded at our Goaso depot.' },
      { commodity: 'cassava-maxi-bag', name: 'Kumasi Market Cassava (maxi bag)', category: 'Tubers', region: 'Ashanti', price: 245, stock: 25, description: 'Fresh cassava at our Kumasi Central Market stall.' },
      { commodity: 'tomatoes-crate', name: 'Kumasi Market Tomatoes (crate)', category: 'Vegetables', region: 'Ashanti', price: 1350, stock: 12, description: 'Tomatoes by the crate at Kumasi Central Market.' },
      { commodity: 'maize-50kg', name: 'Ejura Maize (50 kg bag)', category: 'Grains', region: 'Ashanti', price: 425, stock: 100, description: 'Maize bought at Ejura market, rebagged in 50 kg bags.' },
    ],
  },
  {
    email: 'boakye.farms@akuafo.demo', firstName: 'Adwoa', lastName: 'Boakye', business: 'Boakye Farms, Offinso', region: 'Ashanti', businessType: 'FARM',
    description: 'Tomato, plantain, cassava and maize farm at Offinso.',
    listings: [
      { commodity: 'tomatoes-crate', name: 'Offinso Tomatoes (crate)', category: 'Vegetables', region: 'Ashanti', price: 1280, stock: 14, description: 'Tomatoes from our Offinso farm, picked firm.' },
      { commodity: 'plantain-bunch', name: 'Offinso Plantain (bunch)', category: 'Fruits', region: 'Ashanti', price: 80, stock: 50, description: 'Plantain bunches from our Offinso farm.' },
      { commodity: 'cassava-maxi-bag', name: 'Offinso Cassava (maxi bag)', category: 'Tubers', region: 'Ashanti', price: 235, stock: 18, description: 'Fresh cassava from our Offinso farm.' },
      { commodity: 'maize-50kg', name: 'Offinso Maize (50 kg bag)', category: 'Grains', region: 'Ashanti', price: 440, stock: 40, description: 'White maize from our Offinso farm.' },
    ],
  },
  {
    email: 'bonsu.plantain@akuafo.demo', firstName: 'Osei', lastName: 'Bonsu', business: 'Bonsu Plantain Growers', region: 'Ahafo', businessType: 'FARM',
    description: 'Plantain and cocoa farm near Goaso.',
    listings: [
      { commodity: 'plantain-bunch', name: 'Goaso Apem Plantain (bunch)', category: 'Fruits', region: 'Ahafo', price: 95, stock: 70, description: 'Apem plantain bunches from our farm near Goaso.' },
    ],
  },
];

/** Listed about three months ago, before the story's first week. */
const LISTED_DAYS_AGO = 95;

/**
 * The traders, verified, with their listings; returns how many listings. Each listing shows a
 * picture of the catalogue's listings of its crop (just drawn by seed.ts; a stored file is
 * removed only once nothing points at it), so no new artwork is encoded at start.
 */
export async function seedMarketTraders(db: Db): Promise<number> {
  const listings = MARKET_TRADERS.flatMap((t) => t.listings.map((l) => ({ trader: t, listing: l })));
  const passwordHash = await hashPassword(DEMO_ACCOUNTS.seller.password);
  const pictures = await db
    .selectFrom('product_images')
    .innerJoin('products', 'products.id', 'product_images.product_id')
    .select(['products.commodity_id', 'product_images.storage_key', 'product_images.width', 'product_images.height'])
    .where('products.commodity_id', 'in', [...new Set(listings.map((l) => l.listing.commodity))])
    .orderBy('product_images.id')
    .execute();
  await db.transaction().execute(async (trx) => {
    const sellerIds = new Map<MarketTrader, number>();
    for (const trader of MARKET_TRADERS) sellerIds.set(trader, await insertDemoSeller(trx, { ...trader, verified: true }, passwordHash));
    for (const [i, { trader, listing }] of listings.entries()) {
      const created = new Date(Date.now() - LISTED_DAYS_AGO * 86_400_000 + i * 3_600_000).toISOString();
      const { id } = await trx
        .insertInto('products')
        .values({
          seller_id: sellerIds.get(trader)!,
          name: listing.name,
          description: listing.description,
          price_minor: toMinor(listing.price),
          category: listing.category,
          condition: 'standard',
          region: listing.region,
          stock_quantity: listing.stock,
          is_active: 1,
          is_featured: 0,
          ...offerColumns(deriveOffer(toMinor(listing.price), {})),
          is_weekly_special: 0,
          commodity_id: listing.commodity,
          version: await nextCatalogueVersion(trx),
          created_at: created,
          updated_at: created,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const ofCrop = pictures.filter((p) => p.commodity_id === listing.commodity);
      const picture = ofCrop[i % ofCrop.length];
      if (picture) await trx.insertInto('product_images').values({ product_id: id, position: 0, storage_key: picture.storage_key, width: picture.width, height: picture.height }).execute();
    }
  });
  return listings.length;
}
