/**
 * Money is integer pesewas (minor units) inside the system; the API shows cedis as a
 * decimal number with currency "GHS". This file is the only place that converts or formats.
 */
export const CURRENCY = 'GHS' as const;

export function toMinor(cedis: number): number {
  return Math.round(cedis * 100);
}

export function fromMinor(minor: number): number {
  return Math.round(minor) / 100;
}

/**
 * The one way the app shows an amount: "GH₵ 1,250.00". Written out rather than with
 * Intl.NumberFormat: making that formatter costs a cheap phone about 100 ms on its first
 * screen (it loads the locale's data), and the server, which renders pages too, must write
 * the very same text as the phone.
 */
export function formatCedis(cedis: number): string {
  const minor = Math.abs(toMinor(cedis));
  const whole = String(Math.floor(minor / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = cedis < 0 && minor > 0 ? '-' : '';
  return `${sign}GH₵ ${whole}.${String(minor % 100).padStart(2, '0')}`;
}

export function formatMinor(minor: number): string {
  return formatCedis(fromMinor(minor));
}
