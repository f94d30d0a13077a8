import { singleLine } from '../../../shared/schemas/single-line';

/**
 * Text a user wrote (a listing's, a person's, a business's or a warehouse's name) as a phone
 * channel shows it: USSD screens, SMS, and any channel added later (WhatsApp) draw every such
 * text through this. It is one line (single-line.ts: a seller's "\r\nEND ..." never becomes a
 * line of its own on a buyer's screen) and, given `max`, it is cut at a word and before a
 * bracket it would leave open: "White Maize (50 kg bag)" in 20 is "White Maize", never
 * "White Maize (50 kg.".
 */
export function userLine(text: string, max = Number.POSITIVE_INFINITY): string {
  const line = singleLine(text);
  if (line.length <= max) return line;
  let cut = line.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  cut = space > 0 ? cut.slice(0, space) : line.slice(0, max);
  const open = cut.lastIndexOf('(');
  if (open > 0 && !cut.includes(')', open)) cut = cut.slice(0, open);
  // Nothing left hanging at the end: "Yam, 10 -" reads as "Yam, 10".
  return cut.replace(/[\s,;:/&+\-–(]+$/u, '') || line.slice(0, max);
}
