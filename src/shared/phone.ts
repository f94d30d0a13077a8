/**
 * Ghana mobile numbers for mobile-money payments.
 *
 * Accepted forms: 0XXXXXXXXX (10 digits) or +233XXXXXXXXX (the same number without its
 * leading 0); spaces and dashes are ignored. The network is read from the 3-digit prefix
 * of the national form, per the National Communications Authority's mobile allocations
 * (checked for 2024-2026):
 *   MTN                        024, 025, 053, 054, 055, 059
 *   Telecel (Vodafone until its 2024 rebrand)  020, 050
 *   AT (AirtelTigo until its rebrand)          026, 027, 056, 057
 * Glo (023) and the defunct Expresso (028) have no mobile-money wallet we can charge.
 * Source: the NCA's National Numbering Plan (nca.org.gh, "Numbering") and the networks'
 * own announcements of 025 and 053 (MTN) and 026/056 (AT); re-check it there when a network
 * is given a new block. Caveat: mobile number portability exists in Ghana (the NCA's MNP,
 * since 2011), so a ported number keeps its old prefix; the prefix is the network the number
 * was issued on, which is why a payout account may name another network with a warning
 * (payoutNetworkProblem in payout.ts).
 */
export const MOBILE_MONEY_NETWORKS = ['MTN', 'VODAFONE', 'AIRTEL_TIGO'] as const;
export type MobileMoneyNetwork = (typeof MOBILE_MONEY_NETWORKS)[number];

/**
 * How every screen, message and payout names each network. The codes (VODAFONE, AIRTEL_TIGO)
 * stay as the spec's API names them; the networks rebranded: Vodafone Ghana is Telecel
 * (2024) and AirtelTigo is AT.
 */
export const NETWORK_LABELS: Record<MobileMoneyNetwork, string> = {
  MTN: 'MTN Mobile Money',
  VODAFONE: 'Telecel Cash',
  AIRTEL_TIGO: 'AT Money',
};

/** The networks' own short names, for sentences such as "MTN, Telecel or AT". */
export const NETWORK_SHORT_NAMES: Record<MobileMoneyNetwork, string> = { MTN: 'MTN', VODAFONE: 'Telecel', AIRTEL_TIGO: 'AT' };

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

/**
 * The one way the app shows a phone number, whatever form it was stored in (0241234567,
 * 233241234567, +233 24 123 4567): Ghana numbers as "024 123 4567", others with their plus
 * sign ("+447911123456"); "" for none.
 */
export function formatPhone(stored: string | null | undefined): string {
  if (!stored) return '';
  const compact = stored.replace(/[\s-]/g, '');
  const ghana = parseGhanaMobile(compact) ?? (/^233\d{9}$/.test(compact) ? parseGhanaMobile(`+${compact}`) : undefined);
  if (ghana) {
    const n = ghana.national;
    return `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;
  }
  return /^\+?\d{8,15}$/.test(compact) ? `+${compact.replace(/^\+/, '')}` : stored.trim();
}
