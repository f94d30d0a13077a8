/**
 * Ghana mobile numbers for mobile-money payments.
 *
 * Accepted forms: 0XXXXXXXXX (10 digits) or +233XXXXXXXXX (the same number without its
 * leading 0); spaces and dashes are ignored. The network is read from the 3-digit prefix
 * of the national form, per the National Communications Authority's mobile allocations
 * (checked for 2024-2026):
 *   MTN                        024, 025, 053, 054, 055, 059
 *   Telecel (Vodafone until its 2024 rebrand)  020, 050
 *   AT (AirtelTigo)            026, 027, 056, 057
 * Glo (023) and the defunct Expresso (028) have no mobile-money wallet we can charge.
 * Caveat: mobile number portability exists in Ghana, so a ported number keeps its old
 * prefix; the prefix is the network the number was issued on.
 */
export const MOBILE_MONEY_NETWORKS = ['MTN', 'VODAFONE', 'AIRTEL_TIGO'] as const;
export type MobileMoneyNetwork = (typeof MOBILE_MONEY_NETWORKS)[number];

/** How the checkout names each network (the spec's labels). */
export const NETWORK_LABELS: Record<MobileMoneyNetwork, string> = {
  MTN: 'MTN Mobile Money',
  VODAFONE: 'Vodafone Cash',
  AIRTEL_TIGO: 'AirtelTigo Money',
};

const PREFIXES: Record<MobileMoneyNetwork, readonly string[]> = {
  MTN: ['024', '025', '053', '054', '055', '059'],
  VODAFONE: ['020', '050'],
  AIRTEL_TIGO: ['026', '027', '056', '057'],
};

export interface GhanaMobileNumber {
  /** 0XXXXXXXXX */
  national: string;
  /** +233XXXXXXXXX */
  international: string;
  network: MobileMoneyNetwork | undefined;
}

/** Reads a Ghana mobile number, or undefined when it is not in one of the two accepted forms. */
export function parseGhanaMobile(input: string): GhanaMobileNumber | undefined {
  const compact = input.replace(/[\s-]/g, '');
  const match = /^(?:0|\+233)([2-9]\d{8})$/.exec(compact);
  if (!match) return undefined;
  const national = `0${match[1]}`;
  return { national, international: `+233${match[1]}`, network: networkOfPrefix(national.slice(0, 3)) };
}

function networkOfPrefix(prefix: string): MobileMoneyNetwork | undefined {
  return MOBILE_MONEY_NETWORKS.find((network) => PREFIXES[network].includes(prefix));
}

/** The network a number belongs to, if it is a valid Ghana mobile number. */
export function networkOf(input: string): MobileMoneyNetwork | undefined {
  return parseGhanaMobile(input)?.network;
}

/** 024 123 4567: how the app shows a number back to its owner. */
export function formatGhanaMobile(input: string): string {
  const parsed = parseGhanaMobile(input);
  if (!parsed) return input;
  const n = parsed.national;
  return `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;
}
