/**
 * The Ghana Card (national ID) number: "GHA-" then 9 digits, a hyphen and 1 check digit,
 * e.g. GHA-123456789-0. The spec caps the field at 20 characters before the format check.
 */
export const GHANA_CARD_EXAMPLE = 'GHA-123456789-0';
export const GHANA_CARD_MAX_LENGTH = 20;
export const GHANA_CARD_PATTERN = /^GHA-\d{9}-\d$/;

/** Upper-cases and trims, so "gha-123456789-0 " is accepted as the same card. */
export function normalizeGhanaCard(input: string): string {
  return input.trim().toUpperCase();
}

export function isGhanaCard(input: string): boolean {
  return GHANA_CARD_PATTERN.test(normalizeGhanaCard(input));
}
