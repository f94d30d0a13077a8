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

const formatter = new Intl.NumberFormat('en-GH', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** The one way the app shows an amount: "GH₵ 1,250.00". */
export function formatCedis(cedis: number): string {
  const sign = cedis < 0 ? '-' : '';
  return `${sign}GH₵ ${formatter.format(Math.abs(cedis))}`;
}

export function formatMinor(minor: number): string {
  return formatCedis(fromMinor(minor));
}
