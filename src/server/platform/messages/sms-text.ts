import { userLine } from './user-line';

/**
 * One SMS carries 160 characters of the GSM 03.38 alphabet, but only 70 once any character
 * outside it appears (the whole message switches to UCS-2). So SMS texts are made of GSM
 * characters: the cedi sign becomes GHS, and Twi's ɛ and ɔ are spelt e and o (see
 * docs/i18n/README.md: one 160-character part rather than 70-character UCS-2 parts).
 */
export const SMS_LIMIT = 160;
/** Two parts of a long SMS: each carries 153 characters once the parts' header is in. */
export const SMS_TWO_PARTS = 2 * 153;

const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€';

/** Characters an SMS spends on text: extension-table characters count twice. */
export function gsmLength(text: string): number {
  let length = 0;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) length += 1;
    else if (GSM_EXTENDED.includes(ch)) length += 2;
    else return Number.POSITIVE_INFINITY;
  }
  return length;
}

/** Money, punctuation and Twi letters in GSM characters: "GH₵ 12.50" -> "GHS 12.50", "×" -> "x", "ɛ" -> "e". */
export function toGsm(text: string): string {
  return text
    .replace(/GH₵/g, 'GHS')
    .replace(/ɛ/g, 'e')
    .replace(/Ɛ/g, 'E')
    .replace(/ɔ/g, 'o')
    .replace(/Ɔ/g, 'O')
    .replace(/[×]/g, 'x')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/…/g, '...')
    .normalize('NFKD')
    .replace(/[^\n\r -~£¥èéùìòÇØøÅåÆæßÉÄÖÑÜ§¿äöñüà¡€]/g, '');
}

/**
 * The first part always; each further part only if the text still fits one SMS. So the
 * essential words go first and details (the warehouse address, a thank-you) drop off first.
 */
export function fitSms(essential: string, ...optional: string[]): string {
  return fitWithin(SMS_LIMIT, essential, ...optional);
}

/**
 * fitSms within another length: two SMS parts, or a USSD screen. An SMS is one line, so every
 * part goes through userLine: the names users wrote into it cannot start lines of their own.
 */
export function fitWithin(limit: number, essential: string, ...optional: string[]): string {
  let text = toGsm(userLine(essential));
  for (const part of optional) {
    const longer = `${text} ${toGsm(userLine(part))}`;
    if (gsmLength(longer) <= limit) text = longer;
  }
  return text;
}
