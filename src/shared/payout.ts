import { NETWORK_LABELS, NETWORK_SHORT_NAMES, networkOf, type MobileMoneyNetwork } from './phone';

/** Where a seller's payouts go (docs/money.md). */
export const PAYOUT_TYPES = ['MOBILE_MONEY', 'BANK'] as const;
export type PayoutType = (typeof PAYOUT_TYPES)[number];

/** How a payout SMS names each wallet: "sent to your MTN MoMo 024XXX4567". */
export const PAYOUT_WALLET_NAMES: Record<MobileMoneyNetwork, string> = { MTN: 'MTN MoMo', VODAFONE: 'Telecel Cash', AIRTEL_TIGO: 'AT Money' };

/**
 * A payout wallet whose number was issued on another network than the one chosen (a Telecel
 * network on an MTN number) fails at the provider, unless the number was moved (ported) to
 * the chosen network, which its prefix cannot show. So the mismatch is refused with this
 * sentence unless the seller says the number was moved; then it is kept, with the warning below.
 */
export function payoutNetworkProblem(number: string, chosen: MobileMoneyNetwork, moved: boolean): string | undefined {
  const issued = networkOf(number);
  if (!issued || issued === chosen || moved) return undefined;
  return `This number was issued on ${NETWORK_SHORT_NAMES[issued]}, not ${NETWORK_SHORT_NAMES[chosen]}. Choose ${NETWORK_LABELS[issued]}, or tick "I moved this number to ${NETWORK_SHORT_NAMES[chosen]}" if you did.`;
}

/** What a kept wallet on another network than its number's prefix says, so the seller can check it. */
export function payoutNetworkWarning(number: string | null, chosen: string | null): string | undefined {
  const issued = number ? networkOf(number) : undefined;
  if (!issued || !chosen || issued === chosen || !(chosen in NETWORK_SHORT_NAMES)) return undefined;
  return `This number was issued on ${NETWORK_SHORT_NAMES[issued]}: payouts to it fail unless it is on ${NETWORK_SHORT_NAMES[chosen as MobileMoneyNetwork]} now.`;
}

/** 0241234567 -> 024XXX4567; a bank account shows only its last 4 digits. */
export function maskAccountNumber(type: PayoutType, number: string): string {
  if (type === 'MOBILE_MONEY' && number.length === 10) return `${number.slice(0, 3)}XXX${number.slice(-4)}`;
  return `XXXX${number.slice(-4)}`;
}

/**
 * A label's masked mobile number in the +233 form an SMS shows numbers in ("MTN MoMo
 * 024XXX4567" -> "MTN MoMo +23324XXX4567"): a bare 0-number in a money text reads like a scam.
 */
export const labelForSms = (label: string) => label.replace(/\b0(\d{2}XXX\d{4})\b/, '+233$1');

/** "MTN MoMo 024XXX4567" or "bank account XXXX6789", as payouts and their messages name the account. */
export function payoutAccountLabel(account: { type: PayoutType; network: string | null; bankCode: string | null; number: string }): string {
  if (account.type === 'MOBILE_MONEY') return `${PAYOUT_WALLET_NAMES[account.network as MobileMoneyNetwork] ?? 'mobile money'} ${maskAccountNumber('MOBILE_MONEY', account.number)}`;
  return `bank account ${maskAccountNumber('BANK', account.number)}`;
}
