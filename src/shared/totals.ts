import { formatMinor, toMinor } from './money';

/**
 * What a total is made of, in pesewas: the one way every screen, e-mail, SMS and USSD screen
 * shows a total, so what is listed always adds up to it (issue 37: "GH₵ 450.00 + GH₵ 320.00,
 * Total GH₵ 834.00" with the tax left out). The total is the sum of the parts, never a
 * separate number beside them.
 */
export interface TotalParts {
  /** Price × quantity, summed over the lines. */
  goods: number;
  /** Taken off the goods (a positive amount). */
  discount?: number;
  /** VAT by category, per line (docs/tax.md). */
  vat: number;
  /** Collection at the warehouse: 0 today, shown on screens as free pickup. */
  pickup?: number;
  /** Carrying the goods to the depot (a later issue adds it as `transportTotal`). */
  transport?: number;
}

export type TotalPart = keyof TotalParts | 'total';

export interface TotalLine {
  part: TotalPart;
  /** Signed: a discount is negative. The last line is the total, the sum of the others. */
  minor: number;
}

/** The lines in the order they are shown: goods, discount, pickup, transport, VAT, then the total. */
export function totalLines(parts: TotalParts): TotalLine[] {
  const lines: TotalLine[] = [{ part: 'goods', minor: parts.goods }];
  if (parts.discount) lines.push({ part: 'discount', minor: -parts.discount });
  // Pickup shows when given, even at 0 (it tells the buyer collecting is free); transport when charged.
  if (parts.pickup !== undefined) lines.push({ part: 'pickup', minor: parts.pickup });
  if (parts.transport) lines.push({ part: 'transport', minor: parts.transport });
  lines.push({ part: 'vat', minor: parts.vat });
  lines.push({ part: 'total', minor: lines.reduce((sum, line) => sum + line.minor, 0) });
  return lines;
}

export const totalMinor = (parts: TotalParts): number => totalLines(parts).at(-1)!.minor;

/** A cart summary or an order as the API gives them (cedis) to its parts. */
export function partsOfSummary(s: { subtotal: number; tax: number; shipping: number; discountAmount?: number; transportTotal?: number }): TotalParts {
  return { goods: toMinor(s.subtotal), discount: toMinor(s.discountAmount ?? 0), vat: toMinor(s.tax), pickup: toMinor(s.shipping), transport: toMinor(s.transportTotal ?? 0) };
}

/** An order as the API gives it (OrderDetail) to its parts. */
export function partsOfOrder(o: { subtotal: number; discountAmount: number; shippingCost: number; taxAmount: number; transportTotal?: number }): TotalParts {
  return partsOfSummary({ subtotal: o.subtotal, discountAmount: o.discountAmount, shipping: o.shippingCost, tax: o.taxAmount, transportTotal: o.transportTotal });
}

/** An order row (pesewas) to its parts; texts leave the free pickup out to stay short. Its transport fees (issue 40) are a part, so the parts add up to total_minor. */
export function partsOfOrderRow(o: { subtotal_minor: number; discount_minor: number; tax_minor: number; shipping_minor: number; transport_minor?: number | null }): TotalParts {
  return { goods: o.subtotal_minor, discount: o.discount_minor, vat: o.tax_minor, pickup: o.shipping_minor || undefined, transport: o.transport_minor || undefined };
}

/** The words of a total's lines in the messages the server writes (screens use the catalogues). */
export const TOTAL_WORDS: Record<string, Record<TotalPart | 'noVat', string>> = {
  en: { goods: 'Goods', discount: 'Discount', pickup: 'Pickup', transport: 'Transport', vat: 'VAT', total: 'Total', noVat: 'no VAT' },
  ak: { goods: 'Nneɛma no bo', discount: 'Bo a yɛatew so', pickup: 'Gye', transport: 'Akwantuo ka', vat: 'Tow (VAT)', total: 'Ne nyinaa', noVat: 'VAT nni ho' },
};

const wordsOf = (language: string) => TOTAL_WORDS[language] ?? TOTAL_WORDS.en!;

/** One line a part, for an e-mail: "Goods: GH₵ 770.00" … "Total: GH₵ 834.00". */
export function totalTextLines(parts: TotalParts, language: string, money: (minor: number) => string = formatMinor): string[] {
  const words = wordsOf(language);
  return totalLines(parts).map((line) => `${words[line.part]}: ${money(line.minor)}`);
}

/**
 * The total and its parts in one line, for an SMS or a USSD screen (160 and 182 characters):
 * "GH₵ 834.00 (Goods GH₵ 770.00 + VAT GH₵ 64.00)". Zero parts are left out; a total of goods
 * alone (most produce is VAT-exempt) says so in words: "GH₵ 770.00 (no VAT)".
 */
export function totalInline(parts: TotalParts, language: string, money: (minor: number) => string = formatMinor): string {
  const words = wordsOf(language);
  const lines = totalLines(parts);
  const total = lines.pop()!;
  const shown = lines.filter((line) => line.part === 'goods' || line.minor !== 0);
  if (shown.length === 1) return `${money(total.minor)} (${words.noVat})`;
  const sum = shown.map((line, i) => `${i === 0 ? '' : line.minor < 0 ? ' - ' : ' + '}${words[line.part]} ${money(Math.abs(line.minor))}`).join('');
  return `${money(total.minor)} (${sum})`;
}
