/**
 * A listing's offer: the price it is sold at, the price before, and the percentage off. The
 * server stores both figures but derives one from the other here, so a card can never say
 * "-15%" beside a price before that is 20% higher. Amounts are pesewas.
 */
export interface Offer {
  discountPercentage: number | null;
  oldPriceMinor: number | null;
}

const NO_OFFER: Offer = { discountPercentage: null, oldPriceMinor: null };

/** Whole percent off, from the two prices; at least 1 (a cut of a few pesewas still shows). */
function percentOff(priceMinor: number, oldPriceMinor: number): number {
  return Math.min(99, Math.max(1, Math.round(((oldPriceMinor - priceMinor) * 100) / oldPriceMinor)));
}

/** The offer as the products table stores it. */
export function offerColumns(offer: Offer): { discount_percentage: number | null; old_price_minor: number | null } {
  return { discount_percentage: offer.discountPercentage, old_price_minor: offer.oldPriceMinor };
}

/**
 * The offer a listing shows at `priceMinor`. The price before wins when given (it is real
 * money the buyer saw); otherwise it is worked out from the percentage. A price before that
 * is not above the price, or a percentage outside 1-99, is no offer at all.
 */
export function deriveOffer(priceMinor: number, given: { discountPercentage?: number | null; oldPriceMinor?: number | null }): Offer {
  if (given.oldPriceMinor != null) {
    return given.oldPriceMinor > priceMinor ? { oldPriceMinor: given.oldPriceMinor, discountPercentage: percentOff(priceMinor, given.oldPriceMinor) } : NO_OFFER;
  }
  const pct = given.discountPercentage;
  if (pct == null || !Number.isInteger(pct) || pct < 1 || pct > 99 || priceMinor <= 0) return NO_OFFER;
  const oldPriceMinor = Math.round((priceMinor * 100) / (100 - pct));
  return oldPriceMinor > priceMinor ? { oldPriceMinor, discountPercentage: percentOff(priceMinor, oldPriceMinor) } : NO_OFFER;
}
