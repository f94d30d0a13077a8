import type { Category } from './catalogue';
import { STANDARD_RATE_BP } from './vat';

/**
 * Transport's arithmetic (docs/transport.md), shared so the phone can show the last quote's
 * figures in the same words; the server's quote is the authority.
 */

/** Road distance ≈ the straight line × this, until the operator sets a pair's figure. */
export const ROAD_FACTOR = 1.3;

export interface Point {
  latitude: number;
  longitude: number;
}

const EARTH_RADIUS_KM = 6371;
const radians = (deg: number) => (deg * Math.PI) / 180;

/** The great-circle distance in km. */
export function haversineKm(a: Point, b: Point): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The road distance computed from two warehouses' coordinates, whole km. */
export const computedRoadKm = (a: Point, b: Point) => Math.round(haversineKm(a, b) * ROAD_FACTOR);

/**
 * A unit's weight when the seller gave none: what the listing's name says ("(50 kg bag)",
 * "(500 g)", "(5 litres)" read as 1 kg a litre), else the category's usual unit.
 */
export const CATEGORY_UNIT_WEIGHT_G: Record<Category, number> = {
  Grains: 50_000,
  Tubers: 2_500,
  Vegetables: 1_000,
  Fruits: 1_000,
  Herbs: 250,
  Livestock: 35_000,
  Poultry: 2_000,
  Seeds: 1_000,
  Fertilizers: 50_000,
  Agrochemicals: 1_000,
  Tools: 2_000,
  Other: 1_000,
};
/** A category the table does not know: 1 kg. */
export const FALLBACK_UNIT_WEIGHT_G = 1_000;
/** The most one unit may weigh (a tonne): a bigger figure is a typing mistake. */
export const MAX_UNIT_WEIGHT_G = 1_000_000;

export function defaultUnitWeightG(name: string, category: string): number {
  const kg = /(\d+(?:\.\d+)?)\s*(?:kg|kilo)/i.exec(name);
  if (kg) return clampWeight(Number(kg[1]) * 1000);
  const litres = /(\d+(?:\.\d+)?)\s*(?:l|litres?|liters?)\b/i.exec(name);
  if (litres) return clampWeight(Number(litres[1]) * 1000);
  const grams = /(\d+(?:\.\d+)?)\s*g\b/i.exec(name);
  if (grams) return clampWeight(Number(grams[1]));
  return CATEGORY_UNIT_WEIGHT_G[category as Category] ?? FALLBACK_UNIT_WEIGHT_G;
}
const clampWeight = (g: number) => Math.min(MAX_UNIT_WEIGHT_G, Math.max(1, Math.round(g)));

export const unitWeightG = (p: { name: string; category: string; unit_weight_g: number | null }) => p.unit_weight_g ?? defaultUnitWeightG(p.name, p.category);

/** The operator's tariff, in pesewas: per tonne-km (so a whole number), and a consignment's least and most. */
export interface Tariff {
  rateMinorPerTonneKm: number;
  minFeeMinor: number;
  maxFeeMinor: number;
}

/** A consignment's fee, VAT included: weight × distance × rate, between the minimum and the maximum. */
export function transportFeeMinor(weightG: number, distanceKm: number, tariff: Tariff): number {
  const raw = Math.round((weightG * distanceKm * tariff.rateMinorPerTonneKm) / 1_000_000);
  return Math.min(tariff.maxFeeMinor, Math.max(tariff.minFeeMinor, raw));
}

/** The VAT inside a fee (transport is standard-rated, docs/tax.md): fee − fee / 1.2, half up. */
export const feeVatMinor = (feeMinor: number) => feeMinor - Math.round((feeMinor * 10_000) / (10_000 + STANDARD_RATE_BP));

/** Days the seller has to bring the goods in, then one to count and load them. */
export const DROP_OFF_DAYS = 2;
export const LOADING_DAYS = 1;
/** A truck's day on Ghana's roads, with stops: the expected date allows a day per this many km. */
export const KM_PER_TRAVEL_DAY = 400;

/** When a consignment is expected at the buyer's pickup warehouse. */
export function expectedReadyAt(placedAt: Date, distanceKm: number): string {
  const days = DROP_OFF_DAYS + LOADING_DAYS + Math.max(1, Math.ceil(distanceKm / KM_PER_TRAVEL_DAY));
  return new Date(placedAt.getTime() + days * 86_400_000).toISOString();
}
